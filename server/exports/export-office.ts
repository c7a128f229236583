import "server-only";
import { zipSync, type Zippable } from "fflate";
import type { ExportOfficeBody } from "@/lib/contract/exports";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { FileDownload } from "@/server/file-download";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { clientsOfOfficeOf } from "@/server/policy/scopes";
import { exportBytes, exportFileName, fileSlug } from "./export-client";
import { loadMonthBlocks, planMonth, type MonthBlock } from "./month-postings";
import { recordExports, type ExportedFile } from "./record-exports";

const m = messages.exports;
export const PENDING_FILE = "pendencias.txt";

/**
 * POST /api/accounting/export {year, month, format} (the office's owner and administrators): every live
 * client of the office with blocks in the month, as one ZIP of one file per client; a client whose check
 * fails gets no file and is listed with its reasons in pendencias.txt (always present). A client with no
 * block in the month is left out: it has nothing to post. Three statements whatever the number of
 * clients (clients with settings, the month's blocks of all of them, the office's name), then the
 * records in one transaction. Built in memory: measured in docs/performance.md.
 */
export async function exportOffice({ actor, body }: { actor: Actor; body: ExportOfficeBody }): Promise<FileDownload> {
  assertCan(actor, "office.export", null, m.officeOnly);
  const db = getDb();
  const [clients, office] = await Promise.all([
    db.client.findMany({
      where: clientsOfOfficeOf(actor),
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: {
        id: true,
        officeId: true,
        name: true,
        code: true,
        exportSettings: { select: { counterpartAccount: true, historyCode: true, complement: true } },
      },
    }),
    db.accountingOffice.findUniqueOrThrow({ where: { id: actor.accounting!.officeId }, select: { name: true } }),
  ]);
  const blocks = await loadMonthBlocks(
    db,
    clients.map((client) => client.id),
    body,
  );
  const byClient = new Map<number, MonthBlock[]>();
  for (const block of blocks)
    (byClient.get(block.clientId) ?? byClient.set(block.clientId, []).get(block.clientId)!).push(block);

  const period = `${String(body.month).padStart(2, "0")}/${body.year}`;
  const zip: Zippable = {};
  const files: ExportedFile[] = [];
  const pending: string[] = [];
  for (const client of clients) {
    const month = byClient.get(client.id);
    if (!month) continue;
    const plan = planMonth(month, client.exportSettings);
    if (plan.errors.length > 0) {
      pending.push("", m.pendingClient(client.name, client.code), ...plan.errors.map((e) => `- ${e.message}`));
      continue;
    }
    const bytes = exportBytes(body.format, client.code, plan.postings);
    zip[exportFileName(client, body, body.format)] = bytes;
    files.push({ clientId: client.id, officeId: client.officeId, bytes, postings: plan.postings });
  }
  const pendingText = [m.pendingFileTitle(period), ...(pending.length ? pending : ["", m.pendingNone])];
  zip[PENDING_FILE] = new TextEncoder().encode(`\uFEFF${pendingText.map((line) => `${line}\r\n`).join("")}`);
  const archive = zipSync(zip, { level: 6 });
  await recordExports(db, actor, body, files);
  const name = `lancamentos-${fileSlug(office.name)}-${body.year}-${String(body.month).padStart(2, "0")}.zip`;
  return new FileDownload(archive, "application/zip", name);
}
