import { exportsMessages as m } from "@/lib/i18n/sections/exports";
import { SYSTEM_CODE_PATTERN } from "@/lib/exports/postings";
import { apiMessages } from "@/lib/i18n/sections/api";
import { textSchema } from "@/lib/validation/schemas";
import { monthSchema, yearSchema } from "./accounts";
import { idSchema } from "./ids";
import { z } from "./zod";

// The export of a month's postings (docs/decisions/0280-export-of-postings.md).

export const COMPLEMENT_MAX = 200;
export const DEFAULT_COMPLEMENT = "{fornecedor} {documento}";

export const exportFormatSchema = z.enum(["dominio", "csv"]);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

const counterpartSchema = textSchema.pipe(z.string().regex(SYSTEM_CODE_PATTERN, m.counterpartInvalid));
/** Domínio's history codes are numbers: up to 10 digits; blank or null: none. */
const historyCodeSchema = textSchema
  .pipe(z.string().regex(/^\d{0,10}$/, m.historyCodeInvalid))
  .nullable()
  .transform((value) => (value ? value : null));
const complementSchema = textSchema.pipe(z.string().max(COMPLEMENT_MAX, m.complementTooLong(COMPLEMENT_MAX)));

/**
 * POST /api/client/export/settings: {clientId} alone reads; with counterpartAccount it saves (historyCode
 * absent is null, complement absent is the default pattern). Another field without counterpartAccount is
 * a save missing it: 400 at counterpartAccount.
 */
export const exportSettingsBody = z
  .object({
    clientId: idSchema,
    counterpartAccount: counterpartSchema.optional(),
    historyCode: historyCodeSchema.optional(),
    complement: complementSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.counterpartAccount === undefined && (body.historyCode !== undefined || body.complement !== undefined))
      ctx.addIssue({ code: "custom", path: ["counterpartAccount"], message: apiMessages.required });
  });
export type ExportSettingsBody = z.infer<typeof exportSettingsBody>;
export type ExportSettingsInput = z.input<typeof exportSettingsBody>;

/** counterpartAccount null: not set yet (the check refuses the export until it is). */
export const exportSettingsAnswer = z.object({
  counterpartAccount: z.string().nullable(),
  historyCode: z.string().nullable(),
  complement: z.string(),
});
export type ExportSettingsAnswer = z.infer<typeof exportSettingsAnswer>;

export const exportMonthBody = z.object({ clientId: idSchema, year: yearSchema, month: monthSchema });
export type ExportMonthBody = z.infer<typeof exportMonthBody>;

export const exportClientBody = exportMonthBody.extend({ format: exportFormatSchema });
export type ExportClientBody = z.infer<typeof exportClientBody>;

export const exportOfficeBody = z.object({ year: yearSchema, month: monthSchema, format: exportFormatSchema });
export type ExportOfficeBody = z.infer<typeof exportOfficeBody>;

/** One thing that stops the export: about one block, or about the client (no blockId). */
export const exportIssueSchema = z.object({ blockId: z.number().int().optional(), message: z.string() });
export type ExportIssue = z.infer<typeof exportIssueSchema>;

export const previousExportSchema = z.object({
  at: z.iso.datetime(),
  /** The operator's name; null when the operator was removed since. */
  by: z.string().nullable(),
  postings: z.number().int(),
});
export type PreviousExport = z.infer<typeof previousExportSchema>;

/** The check: what stops the export (empty: it may run) and the month's previous exports, newest first. */
export const exportCheckAnswer = z.object({
  errors: z.array(exportIssueSchema),
  exports: z.array(previousExportSchema),
  /** How many postings the export would write now (additive). */
  postings: z.number().int(),
});
export type ExportCheckAnswer = z.infer<typeof exportCheckAnswer>;
