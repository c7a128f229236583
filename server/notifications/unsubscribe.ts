import "server-only";
import type { UnsubscribeAnswer, UnsubscribeBody } from "@/lib/contract/notifications";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { writePreference } from "./preferences";
import { readUnsubscribeToken } from "./unsubscribe-token";

/**
 * POST /api/notifications/unsubscribe {token} (no login) and its one-click twin (RFC 8058, the token in
 * the query): turns off the kind the token names for the user it names, and nothing else. A token this
 * server did not sign (tampered, another kind's mac, made up) is 400; a user removed since is 404.
 * Answering the same token again is the same answer (the mail client may POST twice).
 */
export async function unsubscribe({ body }: { body: UnsubscribeBody }): Promise<UnsubscribeAnswer> {
  const target = readUnsubscribeToken(body.token);
  if (!target) throw new AppError("invalid_input", messages.notifications.invalidLink);
  const user = await getDb().user.findUnique({ where: { id: target.userId }, select: { id: true } });
  if (!user) throw new AppError("not_found", messages.notifications.userGone);
  await writePreference(getDb(), target.userId, target.kind, false);
  return { kind: target.kind, enabled: false };
}
