import "server-only";
import { DEFAULT_COMPLEMENT, type ExportSettingsAnswer, type ExportSettingsBody } from "@/lib/contract/exports";
import { getDb } from "@/server/db/client";
import { loadSeenClient } from "@/server/accounts/client-accounts";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";

/** What a client without settings answers: nothing set, the default complement. */
const UNSET: ExportSettingsAnswer = { counterpartAccount: null, historyCode: null, complement: DEFAULT_COMPLEMENT };

/**
 * POST /api/client/export/settings {clientId, counterpartAccount?, historyCode?, complement?}: the client's
 * 'Configurações de exportação', read ({clientId} alone) or saved (one upsert). The client through the tenant
 * scope (404), then the office's right to work it (a company user: 403).
 */
export async function exportSettings({
  actor,
  body,
}: {
  actor: Actor;
  body: ExportSettingsBody;
}): Promise<ExportSettingsAnswer> {
  const db = getDb();
  const client = await loadSeenClient(db, actor, body.clientId);
  assertCan(actor, "client.work", client);
  const select = { counterpartAccount: true, historyCode: true, complement: true } as const;
  if (body.counterpartAccount === undefined) {
    return (await db.clientExportSettings.findUnique({ where: { clientId: client.id }, select })) ?? UNSET;
  }
  const data = {
    counterpartAccount: body.counterpartAccount,
    historyCode: body.historyCode ?? null,
    complement: body.complement ?? DEFAULT_COMPLEMENT,
  };
  return db.clientExportSettings.upsert({
    where: { clientId: client.id },
    create: { clientId: client.id, ...data },
    update: data,
    select,
  });
}
