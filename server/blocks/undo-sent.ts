import "server-only";
import { SENT_UNDO_MS } from "@/lib/constants";
import type { sentUndoAnswer, sentUndoBody } from "@/lib/contract/business";
import type { z } from "@/lib/contract/zod";
import { messages } from "@/lib/i18n/messages";
import { recordClientChange } from "@/server/audit/record-client-change";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { companyBlocksOf } from "@/server/policy/scopes";
import { businessCaller } from "@/server/policy/business-caller";

type UndoAnswer = z.infer<typeof sentUndoAnswer>;

const { api } = messages.business;

const undoSelect = {
  id: true,
  version: true,
  clientId: true,
  sentById: true,
  sentAt: true,
  accountId: true,
  categorizedAt: true,
  contabilizedAt: true,
  devolvedAt: true,
  pendencies: { select: { id: true }, take: 1 },
} as const;

/**
 * Why the block cannot be undone (the office touched it, or the window closed), or the version read
 * when it can.
 */
async function undoState(
  tx: Tx,
  actor: Actor,
  blockId: number,
  now: Date,
): Promise<{ refused: AppError } | { refused: null; version: number }> {
  const refuse = (error: AppError) => ({ refused: error });
  const block = await tx.block.findFirst({
    where: { AND: [{ id: blockId }, companyBlocksOf(actor)] },
    select: undoSelect,
  });
  if (!block) return refuse(new AppError("not_found", messages.blocks.notFound));
  assertCan(actor, "block.undo", block, api.undoNotOwn);
  if (block.accountId !== null || block.categorizedAt || block.contabilizedAt || block.devolvedAt)
    return refuse(new AppError("conflict", api.undoCategorized));
  if (block.pendencies.length > 0) return refuse(new AppError("conflict", api.undoPendency));
  if (now.getTime() >= block.sentAt.getTime() + SENT_UNDO_MS) return refuse(new AppError("conflict", api.undoExpired));
  return { refused: null, version: block.version };
}

/**
 * The answer of an undo the caller already made (a double click, a retry whose first answer was lost):
 * a block of the caller's company, undone, that the caller sent. Only the sender may undo a block
 * (block.undo), so an undone block the caller sent was undone by the caller: no other marker is needed
 * (docs/decisions/0021-repeated-own-calls-answer-done.md). Anything else is null: 404 as before.
 */
async function ownUndo(
  tx: Tx,
  me: { clientId: number; operatorId: number },
  blockId: number,
): Promise<UndoAnswer | null> {
  const done = await tx.block.findFirst({
    where: { id: blockId, clientId: me.clientId, sentById: me.operatorId, undoneAt: { not: null } },
    select: { id: true, undoneAt: true },
  });
  return done ? { blockId: done.id, undoneDatetime: (done.undoneAt as Date).toISOString() } : null;
}

/**
 * POST /api/block/sent/undo {blockId}: the caller takes back a block it sent less than 15 minutes ago
 * (spec §4/§6), before the office touched it. Another company's block, or one already undone, is 404; a
 * colleague's 403; one the office categorised, contabilised, devolved or reported a pendency on, or
 * past the window, 409. In one transaction: ONE conditional UPDATE that re-states every rule and asks
 * for the version just read (so a categorisation, a pendency report or a second undo racing with this
 * one leaves exactly one winner: the loser finds no row and answers why; the pendency's row is not the
 * block's, and only the version bumped with it tells the UPDATE that waited for the block's lock) stamps
 * undoneAt, frees the send key (a later send of the same documents makes a
 * new block) and bumps the version; the documents return to the gallery (block_id null); the client's
 * modifiedAt moves; the audit event. The window is the server's clock, whatever the screen shows.
 * A block the caller already undid answers as done (200, the first undo's answer, nothing written).
 */
export async function undoSentBlock({
  actor,
  body,
}: {
  actor: Actor;
  body: z.infer<typeof sentUndoBody>;
}): Promise<UndoAnswer> {
  const me = businessCaller(actor);
  return getDb().$transaction(async (tx) => {
    const now = new Date();
    const state = await undoState(tx, actor, body.blockId, now);
    if (state.refused) {
      const settled = await ownUndo(tx, me, body.blockId);
      if (settled) return settled;
      throw state.refused;
    }
    const written = await tx.block.updateMany({
      where: {
        AND: [companyBlocksOf(actor)],
        id: body.blockId,
        version: state.version,
        sentById: me.operatorId,
        accountId: null,
        categorizedAt: null,
        contabilizedAt: null,
        devolvedAt: null,
        sentAt: { gt: new Date(now.getTime() - SENT_UNDO_MS) },
        pendencies: { none: {} },
      },
      data: { undoneAt: now, sendKey: null, version: { increment: 1 } },
    });
    if (written.count === 0) {
      const settled = await ownUndo(tx, me, body.blockId);
      if (settled) return settled;
      throw (
        (await undoState(tx, actor, body.blockId, now)).refused ?? new AppError("not_found", messages.blocks.notFound)
      );
    }
    const documents = await tx.document.updateMany({ where: { blockId: body.blockId }, data: { blockId: null } });
    await recordClientChange(tx, actor, me, now, {
      action: "block.undo",
      targetType: "block",
      targetId: body.blockId,
      data: { documents: documents.count },
    });
    return { blockId: body.blockId, undoneDatetime: now.toISOString() };
  });
}
