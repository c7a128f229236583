import { accountsMessages } from "@/lib/i18n/sections/accounts";
import { idSchema } from "./ids";
import { z } from "./zod";

// The chart of accounts and a client's active plan (spec §3 Account, §7 Accounts calls, issue 7 item 8).

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
  });
export type ClientAccountsBody = z.infer<typeof clientAccountsBody>;

/** Body of POST /api/account/change. */
export const accountChangeBody = z.object({ clientId: idSchema, accountId: idSchema });
export type AccountChangeBody = z.infer<typeof accountChangeBody>;

/** One account of an office's chart for a year of exercise. */
export const chartAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  yearOfExercise: z.number().int(),
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
});
export type ClientAccount = z.infer<typeof clientAccountSchema>;

/** Every month: { "2026": { "3": [...], "4": [...] } }, keys are the year and the month (1..12). */
export const clientAccountsByMonthSchema = z.record(z.string(), z.record(z.string(), z.array(clientAccountSchema)));
export type ClientAccountsByMonth = z.infer<typeof clientAccountsByMonthSchema>;

/** Answer of POST /api/account/change. */
export const changedAccountSchema = chartAccountSchema.extend({ activated: z.boolean() });
export type ChangedAccount = z.infer<typeof changedAccountSchema>;
