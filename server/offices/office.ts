import "server-only";
import type { LogoAnswer, OfficeAnswer, OfficeData } from "@/lib/contract/offices";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { AppError } from "@/server/http/errors";
import type { AccountingMembership, Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { addressColumns, officeAnswer } from "./answers";
import { replaceLogo } from "./store-logo";

/** The caller's office membership; a business-only caller gets 403 on every accounting endpoint. */
export function officeOf(actor: Actor): AccountingMembership {
  assertCan(actor, "platform.accounting", null);
  if (!actor.accounting) throw new AppError("forbidden", messages.office.noOffice);
  return actor.accounting;
}

// GET /api/accounting/info: the caller's office ('Escritório' panel).
export async function getOffice({ actor }: { actor: Actor }): Promise<OfficeAnswer> {
  const { officeId } = officeOf(actor);
  return officeAnswer(await getDb().accountingOffice.findUniqueOrThrow({ where: { id: officeId } }));
}

// POST /api/accounting/info: the office's data; the owner (type 0) only. Stored forms arrive validated.
export async function saveOffice({ actor, body }: { actor: Actor; body: { accounting: OfficeData } }): Promise<OfficeAnswer> {
  const { officeId } = officeOf(actor);
  assertCan(actor, "office.edit", null);
  const { name, code, email, phone, address } = body.accounting;
  return getDb().$transaction(async (tx) => {
    const row = await tx.accountingOffice.update({
      where: { id: officeId },
      data: { name, code, email, phone, ...addressColumns(address) },
    });
    await writeAuditEvent(
      { actorUserId: actor.userId, officeId, action: "office.update", targetType: "office", targetId: officeId },
      tx,
    );
    return officeAnswer(row);
  });
}

// POST /api/accounting/logo: the office's logo; the owner only.
export async function saveOfficeLogo({ actor, body }: { actor: Actor; body: { base64url: string } }): Promise<LogoAnswer> {
  const { officeId } = officeOf(actor);
  assertCan(actor, "office.edit", null);
  const key = await replaceLogo(`offices/${officeId}`, body.base64url, (newKey) =>
    getDb().$transaction(async (tx) => {
      const before = await tx.accountingOffice.findUniqueOrThrow({ where: { id: officeId }, select: { pictureKey: true } });
      await tx.accountingOffice.update({ where: { id: officeId }, data: { pictureKey: newKey } });
      await writeAuditEvent(
        { actorUserId: actor.userId, officeId, action: "office.logo", targetType: "office", targetId: officeId, data: { key: newKey } },
        tx,
      );
      return before.pictureKey;
    }),
  );
  return { pictureUrl: signDocumentUrl(key) };
}
