import { privacyMessages as m } from "@/lib/i18n/sections/privacy";
import { RETENTION_MAX_YEARS, RETENTION_MIN_YEARS } from "@/lib/privacy/retention";
import { textSchema } from "@/lib/validation/schemas";
import { idSchema } from "./ids";
import { z } from "./zod";

// Retention and a person's data (docs/decisions/0310-retention.md, 0311-personal-data.md).

const yearsMessage = m.retentionYearsInvalid(RETENTION_MIN_YEARS, RETENTION_MAX_YEARS);

/** POST /api/accounting/retention: {} reads the office's policy, {years} saves it (the owner). */
export const retentionBody = z.object({
  years: z
    .int({ error: yearsMessage })
    .min(RETENTION_MIN_YEARS, yearsMessage)
    .max(RETENTION_MAX_YEARS, yearsMessage)
    .optional(),
});
export type RetentionBody = z.infer<typeof retentionBody>;
export type RetentionAnswer = { years: number; minYears: number; maxYears: number };

/** POST /api/client/retention: {clientId} reads the client's hold, {clientId, held} sets or lifts it. */
export const retentionHoldBody = z.object({
  clientId: idSchema,
  held: z.boolean({ error: m.holdInvalid }).optional(),
});
export type RetentionHoldBody = z.infer<typeof retentionHoldBody>;
/** since: when the hold was set (ISO), null when the client is not held. */
export type RetentionHoldAnswer = { held: boolean; since: string | null };

/** POST /api/user/data: asks for the caller's ZIP; the link goes to the caller's e-mail. */
export type PersonalDataRequestAnswer = { email: string };

/** POST /api/user/data/download {token}: the ZIP itself (one time). */
export const personalDataDownloadBody = z.object({ token: textSchema.min(1, m.linkInvalid).max(200, m.linkInvalid) });

/** POST /api/user/erase {password}: the caller's own account; the current password confirms it. */
export const eraseSelfBody = z.object({ password: z.string().min(1, m.deleteAccountPassword).max(200) });
export type EraseSelfBody = z.infer<typeof eraseSelfBody>;

/** POST /api/operator/erase {id}: the office owner erases an operator of the office who left. */
export const eraseOperatorBody = z.object({ id: idSchema });
export type EraseOperatorBody = z.infer<typeof eraseOperatorBody>;
