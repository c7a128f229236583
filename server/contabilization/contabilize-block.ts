import "server-only";
import type { BlockContabilizeAnswer, BlockContabilizeBody } from "@/lib/contract/contabilization";
import { messages } from "@/lib/i18n/messages";
import { recordClientChange } from "@/server/audit/record-client-change";
import type { LinkCaller } from "./mobile-session";
import { loadWorkBlock } from "@/server/blocks/access";
import { loadBlockRows } from "@/server/blocks/rows";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { takeLease } from "./lease";
import { loadContabilizationMonth } from "./month-view";

type Change = { changed: boolean; clientId: number; operatorId: number; leaseExpiresAt: Date };

// A conditional UPDATE that wrote nothing: the block is gone (devolved, undone) or already in the
// asked state — a retried or doubled tap, answered as if it had just been done.
async function assertStillLive(tx: Tx, blockId: number): Promise<void> {
  const now = await tx.block.findUnique({ where: { id: blockId }, select: { devolvedAt: true, undoneAt: true } });
  if (!now || now.devolvedAt || now.undoneAt) throw new AppError("not_found", messages.blocks.notFound);
}

/**
 * POST /api/block/contabilize {blockId, link, undo?}: posts a block (contabilizedAt, contabilizedById)
 * or, with `undo: true`, takes the posting back. By a logged-in operator (`link` null) or by its phone's
 * session (`link` = the session token: only blocks of the session's client; others are not found).
 * In one transaction: the block through the tenant scope (404; a business user 403), the client's
 * lease taken or renewed for the operator (another operator's: 409 naming the holder), only categorised
 * blocks without an open pendency (409), then ONE conditional UPDATE that bumps the version. Idempotent:
 * posting a posted block or undoing an unposted one changes nothing, writes no audit event and answers
 * the same. Answers the block and its month refreshed (counts, next blocks, last posted).
 */
export async function contabilizeBlock({
  caller: { actor, session },
  body,
}: {
  caller: LinkCaller;
  body: BlockContabilizeBody;
}): Promise<BlockContabilizeAnswer> {
  const undo = body.undo === true;
  const change = await getDb().$transaction(async (tx): Promise<Change> => {
    const block = await loadWorkBlock(tx, actor, body.blockId);
    if (session && block.clientId !== session.clientId) throw new AppError("not_found", messages.blocks.notFound);
    const operatorId = block.operator.operatorId;
    const lease = await takeLease(tx, block.clientId, operatorId);
    // The block's row lock (after the lease's), held to the commit: a
    // pendency report (which takes it first too) is either committed before the check below, which
    // then sees it, or waits for this posting and then finds the block contabilised.
    const [locked] = await tx.$queryRaw<
      { version: number }[]
    >`SELECT version FROM blocks WHERE id = ${block.id} FOR UPDATE`;
    if (!locked) throw new AppError("not_found", messages.blocks.notFound);
    if (block.accountId === null) throw new AppError("conflict", messages.contabilization.notCategorized);
    if (!undo) {
      const pending = await tx.pendency.findFirst({
        where: { blockId: block.id, solvedAt: null },
        select: { id: true },
      });
      if (pending) throw new AppError("conflict", messages.contabilization.pendencyOpen);
    }
    const now = new Date();
    const live = { id: block.id, devolvedAt: null, undoneAt: null };
    const written = undo
      ? await tx.block.updateMany({
          where: { ...live, contabilizedAt: { not: null } },
          data: { contabilizedAt: null, contabilizedById: null, version: { increment: 1 } },
        })
      : await tx.block.updateMany({
          where: { ...live, contabilizedAt: null, accountId: { not: null } },
          data: {
            contabilizedAt: now,
            contabilizedById: operatorId,
            contabilizedLogged: true,
            version: { increment: 1 },
          },
        });
    const base = { clientId: block.clientId, operatorId, leaseExpiresAt: lease.expiresAt };
    if (written.count === 0) {
      await assertStillLive(tx, block.id);
      return { ...base, changed: false };
    }
    await recordClientChange(tx, actor, { officeId: block.officeId, clientId: block.clientId }, now, {
      action: undo ? "block.contabilize_undo" : "block.contabilize",
      targetType: "block",
      targetId: block.id,
      blockId: block.id,
      data: {
        via: session ? "mobile" : "desktop",
        mobileSessionId: session?.id ?? null,
        version: locked.version + 1,
      },
    });
    return { ...base, changed: true };
  });
  const db = getDb();
  const [loaded] = await loadBlockRows(db, {
    clientId: change.clientId,
    operatorId: change.operatorId,
    blockId: body.blockId,
  });
  if (!loaded) throw new AppError("not_found", messages.blocks.notFound);
  const contabilization = await loadContabilizationMonth(db, actor, change.clientId, loaded, change.leaseExpiresAt);
  return { block: loaded.block, contabilization };
}
