import "server-only";
import type { Prisma } from "@/server/db/client";
import { OPERATOR_TYPE, type Actor } from "./actor";

// Scope builders: the tenant filter of every query a caller can reach. A row outside the scope is
// "not found" (404), never "forbidden": nobody learns that another office's or client's data exists.
const NOTHING = { id: -1 } as const;

/**
 * NOTE: protects clients across offices and inside an office. An accounting operator sees the clients
 * of its own office that it is responsible for or that were shared with it; the office owner (type 0)
 * sees every client of the office. A business operator sees only its own client company.
 */
export function clientsVisibleTo(actor: Actor): Prisma.ClientWhereInput {
  const acc = actor.accounting;
  const ors: Prisma.ClientWhereInput[] = [];
  if (acc) {
    ors.push(
      acc.type === OPERATOR_TYPE.owner
        ? { officeId: acc.officeId }
        : {
            officeId: acc.officeId,
            OR: [{ responsibleOperatorId: acc.operatorId }, { shares: { some: { operatorId: acc.operatorId } } }],
          },
    );
  }
  if (actor.business) ors.push({ id: actor.business.clientId });
  if (ors.length === 0) return NOTHING;
  return { removedAt: null, OR: ors };
}

/** The caller's four memberships values as SQL expressions: bound parameters, or withActorSql's CTE. */
export type ScopeRefs = { office: string; owner: string; operator: string; company: string };

/** ScopeRefs bound at $n … $n+3 (clientScopeValues gives the values). */
export const paramScope = (n: number): ScopeRefs => ({
  office: `$${n}::int`,
  owner: `$${n + 1}::bool`,
  operator: `$${n + 2}::int`,
  company: `$${n + 3}::int`,
});

/**
 * NOTE: protects clients in the prepared statements of the hot reads: clientsVisibleTo as SQL over the
 * clients table aliased `c`. The same rule, the same cases (tests/integration/policy-scopes.test.ts
 * checks both forms agree): the office's clients the operator is responsible for or shares (the owner
 * all of them), or the caller's own company; never a removed client.
 */
export function clientScopeSql(refs: ScopeRefs): string {
  return `(c.removed_at IS NULL AND (
      (c.office_id = ${refs.office} AND (${refs.owner} OR c.responsible_operator_id = ${refs.operator}
        OR EXISTS (SELECT 1 FROM client_shares s WHERE s.client_id = c.id AND s.operator_id = ${refs.operator})))
      OR c.id = ${refs.company}))`;
}

/** The four values clientScopeSql binds: office, owner?, operator (accounting), own company (business). */
export function clientScopeValues(actor: Actor): [number | null, boolean, number | null, number | null] {
  const acc = actor.accounting;
  return [
    acc?.officeId ?? null,
    acc?.type === OPERATOR_TYPE.owner,
    acc?.operatorId ?? null,
    actor.business?.clientId ?? null,
  ];
}

/**
 * NOTE: protects an accounting operator's work on a block's client in a one-statement write (the
 * categorization claim, server/categorization/queue.ts): clientsVisibleTo AND the "client.work" rule (the
 * client is of the caller's own office), as SQL over `c` and the caller's accounting membership given
 * as expressions (the claim's WRITER_SCOPE). policy-scopes.test.ts checks it agrees.
 */
export function workScopeOf(refs: ScopeRefs): string {
  return `(c.office_id = ${refs.office} AND ${clientScopeSql(refs)})`;
}

/**
 * NOTE: protects the responsible-only actions (share, transfer, remove): every live client of the
 * caller's office, so a colleague's client is found and then refused (403) by the policy, while another
 * office's is not found (404).
 */
export function clientsOfOfficeOf(actor: Actor): Prisma.ClientWhereInput {
  return actor.accounting ? { officeId: actor.accounting.officeId, removedAt: null } : NOTHING;
}

/** NOTE: protects blocks: only blocks of clients visible to the caller, never undone sends. */
export function blocksVisibleTo(actor: Actor): Prisma.BlockWhereInput {
  return { undoneAt: null, client: clientsVisibleTo(actor) };
}

/** NOTE: protects documents the same way as their client. */
export function documentsVisibleTo(actor: Actor): Prisma.DocumentWhereInput {
  return { deletedAt: null, client: clientsVisibleTo(actor) };
}

/** NOTE: protects the chart of accounts: an office's accounts are its own. */
export function accountsVisibleTo(actor: Actor): Prisma.AccountWhereInput {
  const officeIds = [actor.accounting?.officeId, actor.business?.officeId].filter(
    (id): id is number => id !== undefined,
  );
  return officeIds.length ? { officeId: { in: officeIds } } : NOTHING;
}

/** NOTE: protects the operator lists: colleagues of the caller's office. */
export function accountingOperatorsVisibleTo(actor: Actor): Prisma.AccountingOperatorWhereInput {
  return actor.accounting ? { officeId: actor.accounting.officeId } : NOTHING;
}

/** NOTE: protects the client-side operator lists: colleagues of the caller's client company. */
export function clientOperatorsVisibleTo(actor: Actor): Prisma.ClientOperatorWhereInput {
  return actor.business ? { clientId: actor.business.clientId } : NOTHING;
}

/**
 * NOTE: protects galleries and sent blocks ('Compartilhar galeria e blocos enviados'): whose
 * gallery and sent blocks a business caller may read — its own, and those of colleagues of its company
 * who share them and are not blocked. Anyone else (a colleague who does not share, another company's
 * operator) is not found.
 */
export function galleriesVisibleTo(actor: Actor): Prisma.ClientOperatorWhereInput {
  const bus = actor.business;
  if (!bus) return NOTHING;
  return { clientId: bus.clientId, OR: [{ id: bus.operatorId }, { sharedGallery: true, blocked: false }] };
}

/**
 * NOTE: protects the business platform's writes: a company's blocks, documents and pendencies
 * are reached only through the caller's business membership. A user who is also an accounting operator
 * of the company's office sees them as an accountant through clientsVisibleTo, but may send, undo,
 * delete or solve only as a member of the company.
 */
export function companyBlocksOf(actor: Actor): Prisma.BlockWhereInput {
  return actor.business ? { clientId: actor.business.clientId, undoneAt: null } : NOTHING;
}

/** NOTE: protects documents on the business platform the way companyBlocksOf protects blocks. */
export function companyDocumentsOf(actor: Actor): Prisma.DocumentWhereInput {
  return actor.business ? { clientId: actor.business.clientId, deletedAt: null } : NOTHING;
}

/** NOTE: protects pendencies on the business platform: the caller's company's, of live blocks only. */
export function companyPendenciesOf(actor: Actor): Prisma.PendencyWhereInput {
  return actor.business ? { clientId: actor.business.clientId, block: { undoneAt: null, devolvedAt: null } } : NOTHING;
}

/**
 * NOTE: protects the galleries a block takes documents from: documents in no block, not returned, of
 * the caller's company, uploaded by the caller or by a colleague whose gallery it may open
 * (galleriesVisibleTo). A colleague's unshared gallery, another company's document, one already sent:
 * not found.
 */
export function galleryDocumentsOf(actor: Actor): Prisma.DocumentWhereInput {
  if (!actor.business) return NOTHING;
  return {
    clientId: actor.business.clientId,
    blockId: null,
    deletedAt: null,
    devolvedAt: null,
    uploadedBy: galleriesVisibleTo(actor),
  };
}
