import "server-only";
import { messages } from "@/lib/i18n/messages";
import { canManageOperator, canToggleSharedGallery, isManager, isOwner } from "@/lib/permissions/operators";
import { AppError } from "@/server/errors";
import type { Actor } from "./actor";

// Rights are data: one row per action (spec §6). Resources are passed already loaded through a scope
// builder, so tenancy is settled before a right is asked. The rank rules among operators of one office
// or company are lib/permissions/operators, the same functions the UI asks: this table only adds which
// membership (office or company) the rule is asked with.
export type ClientResource = { officeId: number; responsibleOperatorId: number; id: number };
/** A client with whether its responsible operator is blocked (the transfer exception). */
export type TransferResource = ClientResource & { responsibleBlocked: boolean };
export type OperatorResource = { type: number; officeId?: number; clientId?: number; id: number };
/** A sent block, as the business platform's undo sees it. */
export type SentBlockResource = { clientId: number; sentById: number | null };
/** A document of a company: who uploaded it, its library key and whether the office returned it. */
export type DocumentResource = { clientId: number; uploadedById: number | null; library: string; devolved: boolean };

type Rules = {
  "platform.accounting": null;
  "platform.business": null;
  "office.edit": null;
  "client.edit": null; // the own company's data and logo: the client's owner (type 0)
  "operator.invite": null;
  "operator.manage": OperatorResource; // block/unblock, remove, grant or remove admin
  "client.create": null;
  "chart.edit": null; // the office's chart of accounts: import, starter, rollover, create, update
  "office.export": null; // the month's postings of every client of the office as one ZIP
  "client.work": ClientResource; // view, categorise, contabilize, pendencies, accounts
  "client.own": ClientResource; // share, transfer, remove: the responsible operator only
  "client.transfer": TransferResource; // client.own, or the office owner when the responsible is blocked
  "block.send": null;
  "block.undo": SentBlockResource; // only the sender, within the window (the window is the service's)
  "document.remove": DocumentResource; // own default-library documents; returned ones by anyone of the company
  "document.restore": DocumentResource; // a returned document, by anyone of the company
  "pendency.solve": null;
  "gallery.share": OperatorResource; // the shared-gallery switch of a client-side operator
};
export type Action = keyof Rules;

/** The library key of a user's own gallery ('Minha galeria'). */
export const DEFAULT_LIBRARY = "";

const accounting = (actor: Actor) => actor.accounting;
const business = (actor: Actor) => actor.business;

export const permissionTable: { [A in Action]: (actor: Actor, resource: Rules[A]) => boolean } = {
  "platform.accounting": (a) => Boolean(accounting(a)),
  "platform.business": (a) => Boolean(business(a)),
  "office.edit": (a) => a.accounting !== null && isOwner(a.accounting),
  "client.edit": (a) => a.business !== null && isOwner(a.business),
  "operator.invite": (a) => [accounting(a), business(a)].some((own) => own !== null && isManager(own)),
  // The target's own membership decides which rank applies: an office operator is judged with the
  // caller's office rank, a client operator with its company rank (a user may hold both).
  "operator.manage": (a, target) => {
    const acc = accounting(a);
    if (acc && target.officeId === acc.officeId) return canManageOperator(acc, target);
    const bus = business(a);
    if (bus && target.clientId === bus.clientId) return canManageOperator(bus, target);
    return false;
  },
  "client.create": (a) => Boolean(accounting(a)),
  "chart.edit": (a) => a.accounting !== null && isManager(a.accounting),
  "office.export": (a) => a.accounting !== null && isManager(a.accounting),
  "client.work": (a, c) => accounting(a)?.officeId === c.officeId,
  "client.own": (a, c) =>
    accounting(a)?.officeId === c.officeId && accounting(a)?.operatorId === c.responsibleOperatorId,
  // An office is never stuck with a client nobody may move. A blocked operator cannot log in,
  // and an operator cannot be removed while responsible for live clients, so the owner (type 0) may
  // transfer the clients of a blocked responsible (block first, transfer, then remove). Otherwise the
  // owner is refused like everyone but the responsible.
  "client.transfer": (a, c) => {
    const acc = accounting(a);
    if (!acc || acc.officeId !== c.officeId) return false;
    return acc.operatorId === c.responsibleOperatorId || (c.responsibleBlocked && isOwner(acc));
  },
  "block.send": (a) => Boolean(business(a)),
  "block.undo": (a, block) => business(a)?.clientId === block.clientId && business(a)?.operatorId === block.sentById,
  // 'Only documents in the default library can be deleted' (spec §5) — the caller's own; a
  // document the office returned belongs to the company's Devolvidos, which every operator works.
  "document.remove": (a, doc) => {
    const bus = business(a);
    if (!bus || bus.clientId !== doc.clientId) return false;
    return doc.devolved || (doc.uploadedById === bus.operatorId && doc.library === DEFAULT_LIBRARY);
  },
  "document.restore": (a, doc) => business(a)?.clientId === doc.clientId && doc.devolved,
  "pendency.solve": (a) => Boolean(business(a)),
  "gallery.share": (a, target) => {
    const bus = business(a);
    return Boolean(bus && target.clientId === bus.clientId && canToggleSharedGallery(bus, target));
  },
};

export function can<A extends Action>(actor: Actor, action: A, resource: Rules[A]): boolean {
  return permissionTable[action](actor, resource);
}

/** 403 unless the actor may; `message` names the rule a person broke when the generic text says too little. */
export function assertCan<A extends Action>(
  actor: Actor,
  action: A,
  resource: Rules[A],
  message: string = messages.api.forbidden,
): void {
  if (!can(actor, action, resource)) throw new AppError("forbidden", message);
}
