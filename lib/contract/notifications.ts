import { notificationsMessages } from "@/lib/i18n/sections/notifications";
import { textSchema } from "@/lib/validation/schemas";
import { z } from "./zod";

// Notification e-mails (docs/decisions/0290-notification-emails.md): the kinds a person turns on and
// off in the profile, and the unsubscribe link's token (docs/decisions/0291-unsubscribe-token.md).

/**
 * pendency: the office raised a pendency on a block of the caller's company (company users).
 * returned: the office returned a block of the caller's company (company users).
 * digest: the daily list of new blocks of the clients the caller is responsible for (office operators).
 */
export const NOTIFICATION_KINDS = ["pendency", "returned", "digest"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The platform whose people receive each kind. */
export const NOTIFICATION_PLATFORM: Record<NotificationKind, "accounting" | "bussiness"> = {
  pendency: "bussiness",
  returned: "bussiness",
  digest: "accounting",
};

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: notificationsMessages.invalidKind });

export const notificationPreferenceBody = z.object({
  kind: notificationKindSchema,
  enabled: z.boolean({ error: notificationsMessages.invalidEnabled }),
});
export type NotificationPreferenceBody = z.infer<typeof notificationPreferenceBody>;

export const notificationPreferenceSchema = z.object({ kind: notificationKindSchema, enabled: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
/** GET /api/operator/notifications and the POST's answer: the caller's kinds, in NOTIFICATION_KINDS order. */
export type NotificationPreferencesAnswer = NotificationPreference[];

/** An unsubscribe token: `<userId>.<kind>.<signature>` (at most a few dozen characters). */
export const unsubscribeBody = z.object({ token: textSchema.min(1, notificationsMessages.invalidLink).max(200) });
export type UnsubscribeBody = z.infer<typeof unsubscribeBody>;
export const unsubscribeQuery = unsubscribeBody;

export type UnsubscribeAnswer = { kind: NotificationKind; enabled: false };

/** The kind a token names, read without checking it (the page shows what the link is about before asking). */
export function tokenKind(token: string): NotificationKind | null {
  const kind = token.split(".")[1];
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind ?? "") ? (kind as NotificationKind) : null;
}
