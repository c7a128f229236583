import "server-only";
import type { Pendency } from "@/lib/contract/blocks";
import type { PendencyCreateBody } from "@/lib/contract/categorization";
import { messages } from "@/lib/i18n/messages";
import { REPEAT_WINDOW_MS } from "@/server/audit/recent-own-event";
import { recordClientChange } from "@/server/audit/record-client-change";
import { loadWorkBlock } from "@/server/blocks/access";
import { busyHolder } from "@/server/blocks/busy";
import { getDb, type Tx } from "@/server/db/client";
import { documentImageUrl } from "@/server/documents/signed-url";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { RELEASED_CLAIM } from "@/server/categorization/queue";
import { scheduleDelivery } from "@/server/mail/deliver";
import { notifyPendency } from "@/server/notifications/notify-block";

/**
 * POST /api/pendency/create {blockId?, issue, observations} (no blockId: shownBlock) — 'Reportar problema'
 * in categorization:
 * the office asks the client about a block. The block is found through the tenant scope (404; a
 * business user 403); it must not be contabilised (409) and must have no open pendency (409); a client
 * another operator is contabilising is busy (409). In one transaction: the block row is locked first
 * (SELECT … FOR UPDATE), so of two parallel reports the second waits and then sees the first one's
 * pendency (409) — never two open pendencies on one block; then the pendency is created (queued now,
 * at the end of the company's queue), the block's claim is released and its version bumped (the
 * viewer's form is stale), the client's modifiedAt moves and the audit event is written. The block
 * leaves the categorization queue until the client solves the pendency. The same report sent again by
 * the same operator moments later (a double click) answers as the first did, nothing written (isOwnRepeat).
 * The company's users are told by e-mail in the same transaction (notifyPendency), sent after the commit.
 */
export async function createPendency({ actor, body }: { actor: Actor; body: PendencyCreateBody }): Promise<Pendency> {
  let mailed = 0;
  const answered = await getDb().$transaction(async (tx) => {
    const blockId = body.blockId ?? (await shownBlock(tx, actor));
    const block = await loadWorkBlock(tx, actor, blockId);
    await tx.$queryRaw`SELECT id FROM blocks WHERE id = ${block.id} FOR UPDATE`;
    const now = await tx.block.findUnique({
      where: { id: block.id },
      select: { contabilizedAt: true, devolvedAt: true, undoneAt: true },
    });
    if (!now || now.devolvedAt || now.undoneAt) throw new AppError("not_found", messages.blocks.notFound);
    if (now.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized);
    const open = await tx.pendency.findFirst({
      where: { blockId: block.id, solvedAt: null },
      select: { id: true, createdAt: true, createdById: true, issue: true, observations: true },
    });
    if (open) {
      if (isOwnRepeat(open, block.operator.operatorId, body)) return answer(tx, { ...open, blockId: block.id });
      throw new AppError("conflict", messages.categorization.pendencyAlreadyOpen);
    }
    const holder = await busyHolder(tx, actor, { id: block.clientId, officeId: block.officeId });
    if (holder) throw new AppError("conflict", messages.blocks.busy(holder), { details: { busy: holder } });

    const at = new Date();
    const pendency = await tx.pendency.create({
      data: {
        clientId: block.clientId,
        blockId: block.id,
        issue: body.issue,
        observations: body.observations,
        createdById: block.operator.operatorId,
        createdAt: at,
        queuedAt: at,
      },
      select: { id: true, createdAt: true },
    });
    await tx.block.update({ where: { id: block.id }, data: { ...RELEASED_CLAIM, version: { increment: 1 } } });
    await recordClientChange(tx, actor, block, at, {
      action: "pendency.create",
      targetType: "block",
      targetId: block.id,
      data: { pendencyId: pendency.id, issue: body.issue, observations: body.observations.length },
    });
    mailed = await notifyPendency(tx, {
      id: pendency.id,
      blockId: block.id,
      issue: body.issue,
      observations: body.observations,
    });
    return answer(tx, { ...pendency, blockId: block.id, issue: body.issue, observations: body.observations });
  });
  if (mailed > 0) scheduleDelivery();
  return answered;
}

/**
 * The spec's body names no block: the one the caller's latest /api/block/tocategorize answered as `block`
 * (accounting_operators.shown_block_id), while the caller's claim on it lasts — or, for the same report
 * sent again, while the pendency the caller raised on it is open (isOwnRepeat then answers it). 404
 * otherwise, as for an unknown block.
 */
async function shownBlock(tx: Tx, actor: Actor): Promise<number> {
  const operatorId = actor.accounting?.operatorId;
  if (operatorId === undefined) throw new AppError("not_found", messages.blocks.notFound);
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    SELECT b.id FROM accounting_operators ao JOIN blocks b ON b.id = ao.shown_block_id
     WHERE ao.id = ${operatorId}
       AND ((b.claimed_by_id = ${operatorId} AND b.claimed_until > now())
            OR EXISTS (SELECT 1 FROM pendencies p
                        WHERE p.block_id = b.id AND p.solved_at IS NULL AND p.created_by_id = ${operatorId}))`;
  if (!row) throw new AppError("not_found", messages.blocks.notFound);
  return row.id;
}

type OpenPendency = { id: number; blockId: number; createdAt: Date; issue: number; observations: string };

/**
 * The block's open pendency is the caller's own report, made moments ago with the same issue and
 * observations: a double click or a retry whose first answer was lost. It answers as done
 * (docs/decisions/0021-repeated-own-calls-answer-done.md); any other open pendency stays 409.
 */
function isOwnRepeat(
  open: Omit<OpenPendency, "blockId"> & { createdById: number | null },
  operatorId: number,
  body: PendencyCreateBody,
): boolean {
  return (
    open.createdById === operatorId &&
    open.issue === body.issue &&
    open.observations === body.observations &&
    Date.now() - open.createdAt.getTime() < REPEAT_WINDOW_MS
  );
}

async function answer(tx: Tx, pendency: OpenPendency): Promise<Pendency> {
  const documents = await tx.document.findMany({
    where: { blockId: pendency.blockId, deletedAt: null },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { displayKey: true },
  });
  return {
    id: pendency.id,
    blockId: pendency.blockId,
    date: pendency.createdAt.toISOString(),
    issue: pendency.issue,
    observations: pendency.observations,
    documentsUrl: documents.map((doc) => documentImageUrl(doc.displayKey)),
    solvedDatetime: null,
  };
}
