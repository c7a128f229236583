import "server-only";
import type { LogoAnswer, OfficeAnswer, OfficeData } from "@/lib/contract/offices";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { AccountingMembership, Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { officeAnswer } from "./answers";
import { officeRow, saveOrganizationData, saveOrganizationLogo } from "./organization";

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

// POST /api/accounting/info: the office's data; the owner (type 0) only. Stored forms arrive validated;
// a pictureUrl must be the current logo (saveOrganizationData).
export async function saveOffice({
  actor,
  body,
}: {
  actor: Actor;
  body: { accounting: OfficeData };
}): Promise<OfficeAnswer> {
  const { officeId } = officeOf(actor);
  assertCan(actor, "office.edit", null);
  return officeAnswer(await saveOrganizationData(actor, officeRow(officeId), body.accounting));
}

// POST /api/accounting/logo: the office's logo; the owner only.
export async function saveOfficeLogo({
  actor,
  body,
}: {
  actor: Actor;
  body: { base64url: string };
}): Promise<LogoAnswer> {
  const { officeId } = officeOf(actor);
  assertCan(actor, "office.edit", null);
  return saveOrganizationLogo(actor, officeRow(officeId), body.base64url);
}
