import "server-only";
import type { ExportCheckAnswer, ExportClientBody, ExportFormat, ExportMonthBody } from "@/lib/contract/exports";
import { csvFile, dominioFile, type Posting } from "@/lib/exports/postings";
import { messages } from "@/lib/i18n/messages";
import { loadSeenClient } from "@/server/accounts/client-accounts";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { FileDownload } from "@/server/file-download";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { loadMonthBlocks, planMonth, type MonthPlan } from "./month-postings";
import { recordExports } from "./record-exports";

// One client's month: the check before the export (POST /api/client/export/check) and the export itself
// (POST /api/client/export), which runs the same check and refuses with its list (422 export_blocked).

type ClientMonth = {
  client: { id: number; officeId: number; name: string; code: string };
  plan: MonthPlan;
};

/**
 * The client through the tenant scope (another office's, or one the operator neither holds nor shares:
 * 404), the office's right to work it (a company user: 403), then its name, settings and the month's
 * blocks: three statements whatever the month holds.
 */
async function loadClientMonth(actor: Actor, body: ExportMonthBody): Promise<ClientMonth> {
  const db = getDb();
  const seen = await loadSeenClient(db, actor, body.clientId);
  assertCan(actor, "client.work", seen);
  const [client, blocks] = await Promise.all([
    db.client.findUniqueOrThrow({
      where: { id: seen.id },
      select: {
        id: true,
        officeId: true,
        name: true,
        code: true,
        exportSettings: { select: { counterpartAccount: true, historyCode: true, complement: true } },
      },
    }),
    loadMonthBlocks(db, [seen.id], body),
  ]);
  const { exportSettings, ...rest } = client;
  return { client: rest, plan: planMonth(blocks, exportSettings) };
}

/** POST /api/client/export/check {clientId, year, month}: what stops the export, and the month's previous ones. */
export async function checkExport({
  actor,
  body,
}: {
  actor: Actor;
  body: ExportMonthBody;
}): Promise<ExportCheckAnswer> {
  const { client, plan } = await loadClientMonth(actor, body);
  const previous = await getDb().export.findMany({
    where: { clientId: client.id, year: body.year, month: body.month },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    select: { at: true, postings: true, by: { select: { user: { select: { name: true } } } } },
  });
  return {
    errors: plan.errors,
    exports: previous.map((one) => ({
      at: one.at.toISOString(),
      by: one.by?.user.name ?? null,
      postings: one.postings,
    })),
    postings: plan.postings.length,
  };
}

const SLUG_MAX = 60;

/** A client's name as a file name's part: ASCII letters and digits joined by '-'. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || "cliente";
}

/** The file of one client's month: `lancamentos-<name>-<CNPJ/CPF>-<yyyy>-<mm>.txt|csv`. */
export function exportFileName(
  client: { name: string; code: string },
  body: { year: number; month: number },
  format: ExportFormat,
): string {
  const period = `${body.year}-${String(body.month).padStart(2, "0")}`;
  return `lancamentos-${fileSlug(client.name)}-${client.code}-${period}.${format === "dominio" ? "txt" : "csv"}`;
}

export const CONTENT_TYPES = { dominio: "text/plain; charset=windows-1252", csv: "text/csv; charset=utf-8" } as const;

export function exportBytes(format: ExportFormat, clientCode: string, postings: readonly Posting[]): Uint8Array {
  return format === "dominio" ? dominioFile(clientCode, postings) : csvFile(postings);
}

/**
 * POST /api/client/export {clientId, year, month, format}: the month's file, recorded (who, when, how
 * many postings, its SHA-256, which blocks) in one transaction before it is answered. A repeat is never
 * refused: each is its own record. Refused (422 export_blocked, the check's list in `errors`) while
 * anything stops it.
 */
export async function exportClient({ actor, body }: { actor: Actor; body: ExportClientBody }): Promise<FileDownload> {
  const { client, plan } = await loadClientMonth(actor, body);
  if (plan.errors.length > 0) {
    throw new AppError("export_blocked", messages.exports.blocked, { extra: { errors: plan.errors } });
  }
  const bytes = exportBytes(body.format, client.code, plan.postings);
  await recordExports(getDb(), actor, body, [
    { clientId: client.id, officeId: client.officeId, bytes, postings: plan.postings },
  ]);
  return new FileDownload(bytes, CONTENT_TYPES[body.format], exportFileName(client, body, body.format));
}
