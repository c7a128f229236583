import { accountsMessages } from "@/lib/i18n/sections/accounts";
import { requiredSchema, textSchema } from "@/lib/validation/schemas";
import { idSchema } from "./ids";
import { z } from "./zod";

// The chart of accounts and a client's active plan (spec §3 Account, §7 Accounts calls).

export const yearSchema = z.int().min(2000).max(2100);
export const monthSchema = z.int().min(1).max(12);

/** Body of POST /api/account/all: the year of exercise (default: the current year). */
export const accountsAllBody = z.object({ year: yearSchema.optional() });
export type AccountsAllBody = z.infer<typeof accountsAllBody>;

/**
 * Body of POST /api/account/client. clientId may be left out by a business user (its own company).
 * year and month come together: one month's list; without both, every month.
 */
export const clientAccountsBody = z
  .object({ clientId: idSchema.optional(), year: yearSchema.optional(), month: monthSchema.optional() })
  .refine((body) => (body.year === undefined) === (body.month === undefined), {
    message: accountsMessages.yearAndMonth,
    path: ["month"],
  })
  // No payload (a GET, spec §7): the call without fields.
  .default({});
export type ClientAccountsBody = z.infer<typeof clientAccountsBody>;

/** Body of POST /api/account/change. */
export const accountChangeBody = z.object({ clientId: idSchema, accountId: idSchema });
export type AccountChangeBody = z.infer<typeof accountChangeBody>;

/**
 * An account's kind: "analytic" receives postings (blocks are categorised in it); "synthetic" only groups
 * accounts (1 Ativo, 1.1 Ativo circulante...) and is never offered nor saved into.
 */
export const accountTypeSchema = z.enum(["analytic", "synthetic"]);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** One account of an office's chart for a year of exercise. active false: deactivated in the chart (never offered). */
export const chartAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  yearOfExercise: z.number().int(),
  active: z.boolean(),
  type: accountTypeSchema,
  reducedCode: z.string().nullable(),
});
export type ChartAccount = z.infer<typeof chartAccountSchema>;

/**
 * An account available to a client in one month. date: the instant (ISO 8601) of the activation that covers (or last
 * covered) the month, null when it was never activated and only a categorised block keeps it; activated:
 * whether an activation covers the month (false = kept only by a block).
 */
export const clientAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  date: z.string().nullable(),
  activated: z.boolean(),
  /** 'Código no sistema contábil' (the short code the accounting system posts with), null when none. */
  reducedCode: z.string().nullable(),
  /** The chart account's own flags: a picker offers only active analytic accounts. */
  active: z.boolean(),
  type: accountTypeSchema,
});
export type ClientAccount = z.infer<typeof clientAccountSchema>;

/** Every month: { "2026": { "3": [...], "4": [...] } }, keys are the year and the month (1..12). */
export const clientAccountsByMonthSchema = z.record(z.string(), z.record(z.string(), z.array(clientAccountSchema)));
export type ClientAccountsByMonth = z.infer<typeof clientAccountsByMonthSchema>;

/** Answer of POST /api/account/change. */
export const changedAccountSchema = chartAccountSchema.extend({ activated: z.boolean() });
export type ChangedAccount = z.infer<typeof changedAccountSchema>;

// ---------------------------------------------------------------- chart maintenance (plano de contas)

/** An account code: digits separated by dots (1, 1.1, 1.1.01.001). */
export const ACCOUNT_CODE_PATTERN = /^\d+(\.\d+)*$/;
export const accountCodeSchema = requiredSchema.pipe(
  z.string().max(50).regex(ACCOUNT_CODE_PATTERN, accountsMessages.invalidCode),
);
export const accountDescriptionSchema = requiredSchema.pipe(z.string().max(200));
/** 'Código no sistema contábil': optional; blank or null clears it. */
export const reducedCodeSchema = textSchema
  .pipe(z.string().max(30))
  .nullable()
  .transform((value) => (value ? value : null));

/** 0-based column indexes of the file, as the preview chose them. */
const columnIndex = z.int().min(0).max(200);
export const chartColumnsSchema = z.object({
  code: columnIndex,
  description: columnIndex,
  reducedCode: columnIndex.optional(),
  type: columnIndex.optional(),
});
export type ChartColumns = z.infer<typeof chartColumnsSchema>;

/** A chart file as a data URL: up to ~3.7 MB of file (the route admits 5 MB of JSON). */
export const CHART_FILE_MAX_CHARS = 5_000_000;

/** Body of POST /api/account/import. dryRun: compute the same counts, change nothing (the preview). */
export const accountImportBody = z.object({
  year: yearSchema,
  format: z.enum(["csv", "dominio"]),
  base64url: z.string().min(1).max(CHART_FILE_MAX_CHARS),
  columns: chartColumnsSchema.optional(),
  dryRun: z.boolean().optional(),
});
export type AccountImportBody = z.infer<typeof accountImportBody>;

/** A line of the file that was not imported, with its reason (line: 1-based line of the file). */
export const refusedLineSchema = z.object({ line: z.number().int(), message: z.string() });
export type RefusedLine = z.infer<typeof refusedLineSchema>;

/** Answer of POST /api/account/import (with or without dryRun). */
export const accountImportAnswer = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  refused: z.array(refusedLineSchema),
});
export type AccountImportAnswer = z.infer<typeof accountImportAnswer>;

/** Body of POST /api/account/starter. */
export const accountStarterBody = z.object({ year: yearSchema });
export type AccountStarterBody = z.infer<typeof accountStarterBody>;

/** Body of POST /api/account/rollover: fromYear and toYear differ. */
export const accountRolloverBody = z
  .object({ fromYear: yearSchema, toYear: yearSchema })
  .refine((body) => body.fromYear !== body.toYear, { message: accountsMessages.sameYear, path: ["toYear"] });
export type AccountRolloverBody = z.infer<typeof accountRolloverBody>;

/** Answer of POST /api/account/starter and /api/account/rollover: how many accounts the year received. */
export const chartLoadedAnswer = z.object({ created: z.number().int() });
export type ChartLoadedAnswer = z.infer<typeof chartLoadedAnswer>;

/** Body of POST /api/account/create (type defaults to analytic). Answer: the ChartAccount. */
export const accountCreateBody = z.object({
  year: yearSchema,
  code: accountCodeSchema,
  description: accountDescriptionSchema,
  reducedCode: reducedCodeSchema.optional(),
  type: accountTypeSchema.optional(),
});
export type AccountCreateBody = z.input<typeof accountCreateBody>;
export type AccountCreateInput = z.output<typeof accountCreateBody>;

/** Body of POST /api/account/update: only the fields sent change. Answer: the ChartAccount. */
export const accountUpdateBody = z.object({
  accountId: idSchema,
  description: accountDescriptionSchema.optional(),
  reducedCode: reducedCodeSchema.optional(),
  active: z.boolean().optional(),
});
export type AccountUpdateBody = z.input<typeof accountUpdateBody>;
export type AccountUpdateInput = z.output<typeof accountUpdateBody>;

/** Most accounts one POST /api/account/activate names. */
export const ACTIVATE_MAX = 2000;

/** Body of POST /api/account/activate: accounts to activate for the client from this month on. */
export const accountActivateBody = z.object({
  clientId: idSchema,
  accountIds: z
    .array(idSchema)
    .min(1, accountsMessages.noAccounts)
    .max(ACTIVATE_MAX)
    .refine((ids) => new Set(ids).size === ids.length, accountsMessages.repeatedAccounts),
});
export type AccountActivateBody = z.infer<typeof accountActivateBody>;

/**
 * Answer of POST /api/account/activate: the accounts the call activated (those already active for the
 * client are left out), each as account/change answers it (activated: true), sorted by code.
 */
export const accountActivateAnswer = z.array(changedAccountSchema);
export type AccountActivateAnswer = z.infer<typeof accountActivateAnswer>;
