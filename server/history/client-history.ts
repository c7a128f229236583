import "server-only";
import {
  decodeHistoryCursor,
  encodeHistoryCursor,
  type ClientHistoryAnswer,
  type ClientHistoryBody,
} from "@/lib/contract/history";
import { messages } from "@/lib/i18n/messages";
import { getDb, statementRows } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { accountingOperatorsVisibleTo, clientsVisibleTo } from "@/server/policy/scopes";
import { entryOf } from "./entries";
import { historyStatement, type SourceRow } from "./sources";

/** Entries per page. */
export const HISTORY_PAGE = 50;

/**
 * POST /api/client/history {clientId, cursor?, kind?, operatorId?, from?, to?}: the client's history,
 * newest first, a page of HISTORY_PAGE entries and the opaque cursor of the next (null at the end).
 * Office operators who see the client; another office's client or an unshared colleague's is not found
 * (404); a user of the client's own company is refused (403), another company's does not find it
 * (404). The operator filter names an operator of the caller's office (another: 400). Keyset-paged over
 * (at, source, key): one statement whose every source reads at most a page after the cursor by its index,
 * so a deep page costs what the first does.
 */
export async function clientHistory({
  actor,
  body,
}: {
  actor: Actor;
  body: ClientHistoryBody;
}): Promise<ClientHistoryAnswer> {
  const db = getDb();
  const [client, operator] = await Promise.all([
    db.client.findFirst({
      where: { AND: [{ id: body.clientId }, clientsVisibleTo(actor)] },
      select: { id: true, officeId: true, responsibleOperatorId: true },
    }),
    body.operatorId
      ? db.accountingOperator.findFirst({
          where: { AND: [{ id: body.operatorId }, accountingOperatorsVisibleTo(actor)] },
          select: { id: true, userId: true },
        })
      : null,
  ]);
  if (!client) throw new AppError("not_found", messages.office.notFound);
  if (!actor.accounting) throw new AppError("forbidden", messages.history.clientCompanyForbidden);
  assertCan(actor, "client.work", client);
  if (body.operatorId && !operator) {
    throw new AppError("invalid_input", messages.history.operatorNotFound, {
      fields: [{ path: "operatorId", message: messages.history.operatorNotFound }],
    });
  }
  const { text, values } = historyStatement({
    mode: "client",
    clientId: client.id,
    limit: HISTORY_PAGE,
    cursor: body.cursor ? decodeHistoryCursor(body.cursor) : null,
    kind: body.kind ?? null,
    operator: operator ? { operatorId: operator.id, userId: operator.userId } : null,
    from: body.from ?? null,
    to: body.to ?? null,
  });
  const rows = await statementRows<SourceRow>(db, text, values);
  const page = rows.slice(0, HISTORY_PAGE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > HISTORY_PAGE && last
      ? encodeHistoryCursor({
          at: new Date(last.at).toISOString(),
          source: Number(last.source),
          k1: Number(last.k1),
          k2: Number(last.k2),
        })
      : null;
  return { items: page.map((row) => ({ ...entryOf(row), blockId: Number(row.blockId) })), nextCursor };
}
