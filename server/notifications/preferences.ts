import "server-only";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_PLATFORM,
  type NotificationKind,
  type NotificationPreferenceBody,
  type NotificationPreferencesAnswer,
} from "@/lib/contract/notifications";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Tx } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";

/** The kinds a person can receive: the company's with a company membership, the office's with an office one. */
export function kindsOf(actor: Actor): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) =>
    NOTIFICATION_PLATFORM[kind] === "accounting" ? actor.accounting !== null : actor.business !== null,
  );
}

/** GET /api/operator/notifications: the caller's kinds with whether each is on (no row: on). One query. */
export async function listNotificationPreferences({ actor }: { actor: Actor }): Promise<NotificationPreferencesAnswer> {
  const rows = await getDb().notificationPreference.findMany({
    where: { userId: actor.userId },
    select: { kind: true, enabled: true },
  });
  const off = new Set(rows.filter((row) => !row.enabled).map((row) => row.kind));
  return kindsOf(actor).map((kind) => ({ kind, enabled: !off.has(kind) }));
}

/**
 * POST /api/operator/notifications {kind, enabled}: turns one kind on or off for the caller, and answers
 * the caller's list as GET does. A kind of a platform the caller has no membership on is 403.
 */
export async function setNotificationPreference({
  actor,
  body,
}: {
  actor: Actor;
  body: NotificationPreferenceBody;
}): Promise<NotificationPreferencesAnswer> {
  const platform = NOTIFICATION_PLATFORM[body.kind];
  assertCan(
    actor,
    platform === "accounting" ? "platform.accounting" : "platform.business",
    null,
    messages.notifications.notYours,
  );
  await writePreference(getDb(), actor.userId, body.kind, body.enabled);
  return listNotificationPreferences({ actor });
}

/** One row per user and kind, written in one statement (two writes at once: the later wins, no error). */
export async function writePreference(
  db: Pick<Tx, "notificationPreference">,
  userId: number,
  kind: NotificationKind,
  enabled: boolean,
): Promise<void> {
  await db.notificationPreference.upsert({
    where: { userId_kind: { userId, kind } },
    create: { userId, kind, enabled },
    update: { enabled },
  });
}
