import "server-only";
import { messages } from "@/lib/i18n/messages";
import { loadSeenClient } from "@/server/accounts/client-accounts";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "@/server/policy/business-caller";
import { companyMember } from "@/server/policy/company-member";
import { assertCan } from "@/server/policy/permissions";

/** Whose blocks an import makes, and who is named on them. */
export type ImportTarget = {
  clientId: number;
  officeId: number;
  /** The company user who imports (the sender, who may undo); null for an office operator. */
  sentById: number | null;
  importedById: number | null;
  uploadedById: number | null;
  /** The company's CNPJ or CPF digits, for the 'Nota de terceiros' mark. */
  companyDocument: string | null;
};

/**
 * A company user imports into its own company (clientId left out or its own; any other id is not found);
 * an office operator into a client it sees (clientId required: 400; one it does not see: 404, as
 * /api/block/list answers). A user in both, naming a client of its own office, imports as the office.
 */
export async function importTarget(db: Db, actor: Actor, clientId: number | undefined): Promise<ImportTarget> {
  const own = actor.business;
  const asCompany =
    own !== null &&
    (clientId === undefined || (clientId === own.clientId && actor.accounting?.officeId !== own.officeId));
  if (asCompany) {
    const me = companyMember(actor, "block.send");
    const client = await db.client.findUnique({ where: { id: me.clientId }, select: { code: true } });
    if (!client) throw new AppError("not_found", messages.office.notFound);
    return {
      clientId: me.clientId,
      officeId: me.officeId,
      sentById: me.operatorId,
      importedById: null,
      uploadedById: me.operatorId,
      companyDocument: client.code || null,
    };
  }
  if (!actor.accounting) {
    businessCaller(actor);
    throw new AppError("not_found", messages.office.notFound);
  }
  const seen = await loadSeenClient(db, actor, clientId);
  assertCan(actor, "client.work", seen);
  const client = await db.client.findUniqueOrThrow({ where: { id: seen.id }, select: { code: true } });
  return {
    clientId: seen.id,
    officeId: seen.officeId,
    sentById: null,
    importedById: actor.accounting.operatorId,
    uploadedById: null,
    companyDocument: client.code || null,
  };
}
