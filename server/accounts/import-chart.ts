import "server-only";
import type { AccountImportAnswer, AccountImportBody, AccountType } from "@/lib/contract/accounts";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { chartOfficeOf, lockChart } from "./chart";
import { decodeDataUrl, parseChartFile, type ChartFileRow } from "./chart-file";

/** A chart of thousands of accounts is read, compared and written within this (the default is 5 s). */
const IMPORT_TIMEOUT_MS = 60_000;

type Existing = {
  id: number;
  code: string;
  description: string;
  reducedCode: string | null;
  type: AccountType;
  active: boolean;
};
type Update = { id: number; description: string; reducedCode: string | null; type: AccountType };

/** What an import does to a year's chart: computed once, then written unless it is a dry run. */
export type ImportPlan = {
  create: ChartFileRow[];
  update: Update[];
  /** Missing from the file and referred to (a block, a suggestion, a client activation), still active. */
  deactivate: number[];
  /** Missing from the file and referred to by nothing. */
  remove: number[];
};

/**
 * The plan of an import, from the file's rows and the year's accounts: a new code is created; an existing
 * one is updated when its description, type or reduced code differs (the reduced code only when the file
 * has that column: a file without it keeps the codes typed in) or when it was inactive (it is active
 * again); a code missing from the file is deleted when nothing refers to it, else deactivated (counted
 * only when it was active). `referenced`: the ids of the year's accounts something refers to. A file
 * of which no line was accepted changes nothing: it is not read as "the chart is now empty".
 */
export function planImport(
  rows: ChartFileRow[],
  existing: Existing[],
  hasReducedCode: boolean,
  referenced: Set<number>,
): ImportPlan {
  const byCode = new Map(existing.map((account) => [account.code, account]));
  const plan: ImportPlan = { create: [], update: [], deactivate: [], remove: [] };
  if (rows.length === 0) return plan;
  for (const row of rows) {
    const account = byCode.get(row.code);
    if (!account) {
      plan.create.push(row);
      continue;
    }
    byCode.delete(row.code);
    const reducedCode = hasReducedCode ? row.reducedCode : account.reducedCode;
    const changed =
      !account.active ||
      account.description !== row.description ||
      account.type !== row.type ||
      account.reducedCode !== reducedCode;
    if (changed) plan.update.push({ id: account.id, description: row.description, reducedCode, type: row.type });
  }
  for (const account of byCode.values()) {
    if (!referenced.has(account.id)) plan.remove.push(account.id);
    else if (account.active) plan.deactivate.push(account.id);
  }
  return plan;
}

/** The year's accounts that blocks (categorised or suggested) or client activations refer to. */
async function referencedAccounts(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT account_id AS id FROM blocks WHERE account_id = ANY(${ids}::int[])
    UNION SELECT suggested_account_id FROM blocks WHERE suggested_account_id = ANY(${ids}::int[])
    UNION SELECT account_id FROM client_accounts WHERE account_id = ANY(${ids}::int[])`;
  return new Set(rows.map((row) => row.id));
}

async function applyPlan(tx: Tx, officeId: number, yearOfExercise: number, plan: ImportPlan): Promise<void> {
  // Arrays as four parameters (one statement whatever the count; createMany sends six per row).
  if (plan.create.length > 0) {
    await tx.$executeRaw`
      INSERT INTO accounts (office_id, year_of_exercise, code, description, reduced_code, type)
      SELECT ${officeId}::int, ${yearOfExercise}::int, u.code, u.description, u.reduced_code, u.type::"AccountType"
        FROM unnest(${plan.create.map((row) => row.code)}::text[], ${plan.create.map((row) => row.description)}::text[],
                    ${plan.create.map((row) => row.reducedCode)}::text[], ${plan.create.map((row) => row.type)}::text[])
             AS u(code, description, reduced_code, type)`;
  }
  if (plan.update.length > 0) {
    await tx.$executeRaw`
      UPDATE accounts a
         SET description = u.description, reduced_code = u.reduced_code, type = u.type::"AccountType", active = TRUE
        FROM unnest(${plan.update.map((u) => u.id)}::int[], ${plan.update.map((u) => u.description)}::text[],
                    ${plan.update.map((u) => u.reducedCode)}::text[], ${plan.update.map((u) => u.type)}::text[])
             AS u(id, description, reduced_code, type)
       WHERE a.id = u.id AND a.office_id = ${officeId}`;
  }
  if (plan.deactivate.length > 0)
    await tx.account.updateMany({ where: { id: { in: plan.deactivate }, officeId }, data: { active: false } });
  if (plan.remove.length > 0) await tx.account.deleteMany({ where: { id: { in: plan.remove }, officeId } });
}

/**
 * POST /api/account/import {year, format, base64url, columns?, dryRun?}: loads the chart exported by the
 * office's accounting system into a year of the caller's office chart (owner and administrators; the
 * route refuses anyone else before reading the body). format "dominio" is 400 until its layout is
 * verified. The file is read by parseChartFile (400 for invalid base64, an empty file, a header with no
 * code nor description column; bad lines are refused with their reason). Then, in one transaction with
 * the office's chart locked, the plan (planImport) is computed and, unless it is a dry run, written, with
 * audit `account.import`: a dry run answers the very counts the import would, from the same plan, and
 * writes nothing. Lines refused do not stop the others.
 */
export async function importChart({
  actor,
  body,
}: {
  actor: Actor;
  body: AccountImportBody;
}): Promise<AccountImportAnswer> {
  const officeId = chartOfficeOf(actor);
  if (body.format === "dominio") {
    const message = messages.accounts.formatNotSupported;
    throw new AppError("invalid_input", message, { fields: [{ path: "format", message }] });
  }
  const file = parseChartFile(decodeDataUrl(body.base64url), body.columns);
  const year = body.year;
  const plan = await getDb().$transaction(
    async (tx) => {
      if (!body.dryRun) await lockChart(tx, officeId);
      const existing = await tx.account.findMany({
        where: { officeId, yearOfExercise: year },
        select: { id: true, code: true, description: true, reducedCode: true, type: true, active: true },
      });
      const fileCodes = new Set(file.rows.map((row) => row.code));
      const referenced = await referencedAccounts(
        tx,
        existing.filter((account) => !fileCodes.has(account.code)).map((account) => account.id),
      );
      const plan = planImport(file.rows, existing, file.columns.reducedCode !== undefined, referenced);
      if (body.dryRun) return plan;
      await applyPlan(tx, officeId, year, plan);
      await writeAuditEvent(
        {
          actorUserId: actor.userId,
          officeId,
          action: "account.import",
          targetType: "chart",
          targetId: year,
          data: {
            year,
            format: body.format,
            created: plan.create.length,
            updated: plan.update.length,
            deactivated: plan.deactivate.length,
            deleted: plan.remove.length,
            refused: file.refused.length,
          },
        },
        tx,
      );
      return plan;
    },
    { timeout: IMPORT_TIMEOUT_MS },
  );
  return {
    created: plan.create.length,
    updated: plan.update.length,
    deactivated: plan.deactivate.length,
    refused: file.refused,
  };
}
