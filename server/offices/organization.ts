import "server-only";
import type { AddressAnswer, LogoAnswer } from "@/lib/contract/offices";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb, type AccountingOffice, type Client, type Tx } from "@/server/db/client";
import { signDocumentUrl, signedUrlKey } from "@/server/documents/signed-url";
import { AppError } from "@/server/errors";
import { replacePicture } from "@/server/documents/replace-picture";
import type { Actor } from "@/server/policy/actor";
import { addressColumns } from "./answers";

// The one write path of an organisation's own row — an accounting office or a client company: its data
// ('Escritório' dialog, POST /api/accounting/info and /api/client) and its logo (/logo routes). The two
// rows share their columns; what differs is the table, the audit scope and a client's modified_at.

type DataColumns = { name: string; code: string; email: string | null; phone: string | null } & ReturnType<
  typeof addressColumns
>;

/** Where an organisation's row lives. Built by officeRow / clientRow after the caller's rights are checked. */
export type OrganizationRow<Row> = {
  kind: "office" | "client";
  id: number;
  /** The body's key in this organisation's save call: error paths read `<bodyKey>.<field>`. */
  bodyKey: "accounting" | "client";
  /** Folder of its logo blobs. */
  logoFolder: string;
  audit: { officeId: number; clientId?: number };
  update(tx: Tx, data: DataColumns | { pictureKey: string }): Promise<Row>;
  pictureKey(tx: Tx): Promise<string | null>;
};

export function officeRow(officeId: number): OrganizationRow<AccountingOffice> {
  return {
    kind: "office",
    id: officeId,
    bodyKey: "accounting",
    logoFolder: `offices/${officeId}/logo`,
    audit: { officeId },
    update: (tx, data) => tx.accountingOffice.update({ where: { id: officeId }, data }),
    pictureKey: async (tx) =>
      (await tx.accountingOffice.findUniqueOrThrow({ where: { id: officeId }, select: { pictureKey: true } }))
        .pictureKey,
  };
}

/** A client's modified_at moves with any change of its data or logo (the office's client list shows it). */
export function clientRow(officeId: number, clientId: number): OrganizationRow<Client> {
  return {
    kind: "client",
    id: clientId,
    bodyKey: "client",
    logoFolder: `clients/${clientId}/logo`,
    audit: { officeId, clientId },
    update: (tx, data) => tx.client.update({ where: { id: clientId }, data: { ...data, modifiedAt: new Date() } }),
    pictureKey: async (tx) =>
      (await tx.client.findUniqueOrThrow({ where: { id: clientId }, select: { pictureKey: true } })).pictureKey,
  };
}

export type OrganizationData = {
  name: string;
  code: string;
  email: string | null;
  phone: string | null;
  address: AddressAnswer;
  /** The picture the caller was shown, sent back with the data (spec §3 office payload). */
  pictureUrl?: string | null;
};

/** Saves name, code, e-mail, phone and address with its audit event (`office.update` / `client.update`). */
export function saveOrganizationData<Row>(
  actor: Actor,
  org: OrganizationRow<Row>,
  data: OrganizationData,
): Promise<Row> {
  const { name, code, email, phone, address, pictureUrl } = data;
  return getDb().$transaction(async (tx) => {
    if (typeof pictureUrl === "string") await assertCurrentPicture(tx, org, pictureUrl);
    const row = await org.update(tx, { name, code, email, phone, ...addressColumns(address) });
    await writeAuditEvent(
      { actorUserId: actor.userId, ...org.audit, action: `${org.kind}.update`, targetType: org.kind, targetId: org.id },
      tx,
    );
    return row;
  });
}

/**
 * The logo changes only through the logo call, so a pictureUrl in a data save must name the current
 * logo: a link this server signed for that key (an expired one too: a form may stay open past the
 * link's life). Anything else is refused, never silently dropped. null or absent is accepted: it is what
 * a caller that was shown no logo sends, and a save of data does not remove a logo.
 */
async function assertCurrentPicture<Row>(tx: Tx, org: OrganizationRow<Row>, pictureUrl: string): Promise<void> {
  const current = await org.pictureKey(tx);
  if (current !== null && signedUrlKey(pictureUrl) === current) return;
  const message = messages.office.pictureNotCurrent;
  throw new AppError("invalid_input", message, { fields: [{ path: `${org.bodyKey}.pictureUrl`, message }] });
}

/** Replaces the logo (under `logoFolder`) with its audit event (`office.logo` / `client.logo`). */
export async function saveOrganizationLogo<Row>(
  actor: Actor,
  org: OrganizationRow<Row>,
  dataUrl: string,
): Promise<LogoAnswer> {
  const key = await replacePicture(org.logoFolder, dataUrl, (picture) =>
    getDb().$transaction(async (tx) => {
      const previous = await org.pictureKey(tx);
      await org.update(tx, { pictureKey: picture.key });
      await writeAuditEvent(
        {
          actorUserId: actor.userId,
          ...org.audit,
          action: `${org.kind}.logo`,
          targetType: org.kind,
          targetId: org.id,
          data: picture,
        },
        tx,
      );
      return previous;
    }),
  );
  return { pictureUrl: signDocumentUrl(key) };
}
