import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/contract/notifications";
import { getConfig } from "@/server/config";

// The unsubscribe link's token (docs/decisions/0291-unsubscribe-token.md): `<userId>.<kind>.<mac>`, the
// mac an HMAC-SHA256 of `<userId>.<kind>` under a key derived from JWT_SECRET for this use alone. It is
// good for its own user and kind only, stores nothing and never expires (a mail read months later still
// unsubscribes); a rotated JWT_SECRET retires every link already sent.

const LABEL = "bloco:unsubscribe:v1";

function key(secret: string): Buffer {
  return createHmac("sha256", secret).update(LABEL).digest();
}

function mac(secret: string, userId: number, kind: NotificationKind): string {
  return createHmac("sha256", key(secret)).update(`${userId}.${kind}`).digest("base64url");
}

export function unsubscribeToken(userId: number, kind: NotificationKind, secret = getConfig().JWT_SECRET): string {
  return `${userId}.${kind}.${mac(secret, userId, kind)}`;
}

const SHAPE = /^([1-9]\d{0,9})\.([a-z]+)\.([A-Za-z0-9_-]{43})$/;

/** The user and kind a token is good for, or null when it was not made by unsubscribeToken with this secret. */
export function readUnsubscribeToken(
  token: string,
  secret = getConfig().JWT_SECRET,
): { userId: number; kind: NotificationKind } | null {
  const parts = SHAPE.exec(token);
  if (!parts) return null;
  const userId = Number(parts[1]);
  const kind = parts[2] as NotificationKind;
  if (userId > 2_147_483_647 || !NOTIFICATION_KINDS.includes(kind)) return null;
  // Compared as text: two base64url texts can decode to the same bytes (the last character's spare bits).
  const given = Buffer.from(parts[3]!);
  const expected = Buffer.from(mac(secret, userId, kind));
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
}

/** The links of a notification to `userId` about `kind`: the page a person opens, the one-click POST target. */
export function unsubscribeLinks(userId: number, kind: NotificationKind): { page: string; oneClick: string } {
  const token = unsubscribeToken(userId, kind);
  const base = getConfig().APP_URL;
  return {
    page: `${base}/descadastrar/${token}`,
    oneClick: `${base}/api/notifications/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
  };
}
