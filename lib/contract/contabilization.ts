import { accountsMessages } from "@/lib/i18n/sections/accounts";
import { apiMessages } from "@/lib/i18n/sections/api";
import { blocksMessages } from "@/lib/i18n/sections/blocks";
import { contabilizationMessages } from "@/lib/i18n/sections/contabilization";
import { clientAccountSchema, clientAccountsByMonthSchema, monthSchema, yearSchema } from "./accounts";
import { blockSchema, blocksByMonthSchema } from "./blocks";
import { idSchema } from "./ids";
import { z } from "./zod";

// Contabilization at the desk and on a phone by QR code (spec §2 Accounting: desktop contabilization and
// the mobile pages, §3 Contabilization link/session, §7;
// docs/decisions/0127-qr-link-and-phone-session.md). Shared by the route handlers and the UI hooks.
//
// Two opaque tokens travel here, never a bearer JWT:
// - the one-time LINK token of the QR (43 base64url characters), exchanged once by
//   /api/operator/contabilization/init;
// - the mobile SESSION token init answers, sent by the phone as `link` in the body of
//   /api/block/contabilize, /api/operator/contabilization/mobile, /history and /end (spec: `{blockId, link}`).

/** A token as it travels: base64url of 32 random bytes (43 characters); a bound keeps junk out. */
export const linkTokenSchema = z
  .string()
  .min(1, apiMessages.required)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, contabilizationMessages.invalidLink);

/** year and month come together; without both, the current month (São Paulo). */
const optionalMonth = { year: yearSchema.optional(), month: monthSchema.optional() };
const bothOrNeither = (body: { year?: number; month?: number }) =>
  (body.year === undefined) === (body.month === undefined);
const bothOrNeitherIssue = { message: accountsMessages.yearAndMonth, path: ["month"] };

/** POST /api/operator/sync/contabilize and /api/operator/contabilization/link. */
export const contabilizeSyncBody = z
  .object({ clientId: idSchema, ...optionalMonth })
  .refine(bothOrNeither, bothOrNeitherIssue);
export type ContabilizeSyncBody = z.infer<typeof contabilizeSyncBody>;

/** POST /api/operator/unsync/contabilize: one client's lease, or every lease of the caller. */
export const contabilizeUnsyncBody = z.object({ clientId: idSchema.optional() });
export type ContabilizeUnsyncBody = z.infer<typeof contabilizeUnsyncBody>;

/** POST /api/block/contabilize: the spec's {blockId, link} plus an explicit `undo` (never a toggle). */
export const blockContabilizeBody = z.object({
  blockId: idSchema,
  /** null (or absent) for a logged-in operator; the mobile session token for the phone. */
  link: linkTokenSchema.nullable().optional(),
  undo: z.boolean().optional(),
});
export type BlockContabilizeBody = z.infer<typeof blockContabilizeBody>;

/** POST /api/operator/contabilization/init: the QR's link, and optionally the month to open on (default: current). */
export const contabilizationInitBody = z
  .object({ link: linkTokenSchema, ...optionalMonth })
  .refine(bothOrNeither, bothOrNeitherIssue);
export type ContabilizationInitBody = z.infer<typeof contabilizationInitBody>;

/** POST /api/operator/contabilization/mobile: the phone's poll (renews the lease) for one month. */
export const contabilizationMobileBody = z
  .object({ link: linkTokenSchema, ...optionalMonth })
  .refine(bothOrNeither, bothOrNeitherIssue);
export type ContabilizationMobileBody = z.infer<typeof contabilizationMobileBody>;

/** POST /api/operator/contabilization/end: the phone ends its own session. */
export const contabilizationEndBody = z.object({ link: linkTokenSchema });

/**
 * POST /api/operator/contabilization/history: the contabilised blocks of one account in one month
 * ('Visualizar Historico'). clientId for a logged-in operator; `link` (the mobile session) for the phone.
 */
export const contabilizationHistoryBody = z
  .object({
    clientId: idSchema.optional(),
    link: linkTokenSchema.nullable().optional(),
    year: yearSchema,
    month: monthSchema,
    accountId: idSchema,
  })
  .refine((body) => Boolean(body.link) || body.clientId !== undefined, {
    message: blocksMessages.clientRequired,
    path: ["clientId"],
  });
export type ContabilizationHistoryBody = z.infer<typeof contabilizationHistoryBody>;

/** Who holds a lease or works the phone: an accounting operator's name and avatar. */
export const operatorFaceSchema = z.object({ name: z.string(), pictureUrl: z.string().nullable() });
export type OperatorFace = z.infer<typeof operatorFaceSchema>;

/**
 * An account of the month with its uncontabilised blocks (categorised, not contabilised, not devolved, no
 * open pendency).
 */
export const contabilizationAccountSchema = clientAccountSchema.extend({
  uncontabilizedCount: z.number().int(),
  /** The next block to post (oldest payment date first), null when none ('Sem blocos!'). */
  next: blockSchema.nullable(),
});
export type ContabilizationAccount = z.infer<typeof contabilizationAccountSchema>;

/** One month of a client's contabilization: what the desktop page and the phone show. */
export const contabilizationMonthSchema = z.object({
  clientId: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  /** Accounts with uncontabilised blocks first (then by code), each with its count and next block. */
  accounts: z.array(contabilizationAccountSchema),
  uncontabilizedCount: z.number().int(),
  /** The last LAST_CONTABILIZED contabilised blocks of the month, most recently contabilised first. */
  lastContabilized: z.array(blockSchema),
  /** Until when the caller's lease runs (renewed by each sync). */
  leaseExpiresDatetime: z.iso.datetime(),
});
export type ContabilizationMonth = z.infer<typeof contabilizationMonthSchema>;

/** Answer of POST /api/block/contabilize: the block's new state and its month refreshed. */
export const blockContabilizeAnswer = z.object({ block: blockSchema, contabilization: contabilizationMonthSchema });
export type BlockContabilizeAnswer = z.infer<typeof blockContabilizeAnswer>;

/** Answer of POST /api/operator/contabilization/link (spec §3 plus the token). */
export const contabilizationLinkAnswer = z.object({
  /** The one-time link token the QR carries after /mobile/. */
  link: z.string(),
  linkExpiresDatetime: z.iso.datetime(),
  clientAccounts: clientAccountsByMonthSchema,
  /** year → month → account id → categorised blocks (contabilised included) of the requested month. */
  categorizedBlocks: blocksByMonthSchema,
});
export type ContabilizationLinkAnswer = z.infer<typeof contabilizationLinkAnswer>;

/** Answer of POST /api/operator/contabilization/init: spec §3 Contabilization session plus the mobile session. */
export const contabilizationSessionAnswer = z.object({
  /** The issuing operator (spec: id, name, pictureUrl). */
  id: z.number().int(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  categorizedBlocks: blocksByMonthSchema,
  clientAccounts: clientAccountsByMonthSchema,
  /** The mobile session token: sent as `link` by every later call of the phone. */
  session: z.string(),
  sessionExpiresDatetime: z.iso.datetime(),
  client: z.object({ id: z.number().int(), name: z.string(), pictureUrl: z.string().nullable() }),
  contabilization: contabilizationMonthSchema,
});
export type ContabilizationSessionAnswer = z.infer<typeof contabilizationSessionAnswer>;

/** Answer of POST /api/operator/contabilization/history: contabilised blocks, most recently contabilised first. */
export const contabilizationHistoryAnswer = z.array(blockSchema);
