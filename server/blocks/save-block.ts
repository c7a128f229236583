import "server-only";
import type { Block, BlockSaveBody } from "@/lib/contract/blocks";
import { messages } from "@/lib/i18n/messages";
import { recordClientChange } from "@/server/audit/record-client-change";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor } from "@/server/policy/actor";
import { loadWorkBlock } from "./access";
import { busyHolder } from "./busy";
import { loadBlockRows } from "./rows";
import { checkSaveFields } from "./save-rules";

/**
 * Why a conditional write touched no row: gone (404), contabilised meanwhile or a stale version (409).
 * `fresh`, when given, is answered as `error.details.block` with the 409s (the loser of two
 * saves sees the winner's block).
 */
export async function explainMissedWrite(tx: Tx, blockId: number, fresh?: Block): Promise<never> {
  const now = await tx.block.findUnique({
    where: { id: blockId },
    select: { devolvedAt: true, undoneAt: true, contabilizedAt: true },
  });
  if (!now || now.devolvedAt || now.undoneAt) throw new AppError("not_found", messages.blocks.notFound);
  const details = fresh ? { details: { block: fresh } } : {};
  if (now.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized, details);
  throw new AppError("conflict", messages.blocks.stale, details);
}

/**
 * POST /api/block/save {block: {id, date, value, accountId}, version?}: categorises (or re-categorises)
 * a block. Field rules first (400, nothing read). Then, in one transaction: the block through the
 * tenant scope (404; a business user 403), the account (any account of the office's chart of the
 * date's year, active for the client or not: 400 otherwise; an inactive or synthetic account 400 unless
 * the block is already in it), a contabilised block or one with an open pendency (409), a client
 * another operator is working (409, busyHolder), and ONE conditional UPDATE … WHERE id AND version AND
 * not contabilised AND not devolved AND not undone that bumps the version: of two saves of the same
 * version exactly one writes, the other finds no row and answers 409 with the stale message and the
 * winner's block in `details.block`. Without `version` (the spec's body) the save takes the block's row
 * lock and writes over whatever version it holds: the last writer wins. The client's modifiedAt and the
 * audit event go in the same transaction. Answers the updated block.
 */
export async function saveBlock({ actor, body }: { actor: Actor; body: BlockSaveBody }): Promise<Block> {
  const fields = checkSaveFields(body.block.date, body.block.value);
  return getDb().$transaction(async (tx) => {
    const block = await loadWorkBlock(tx, actor, body.block.id);
    const account = await tx.account.findFirst({
      where: { id: body.block.accountId, officeId: block.officeId, yearOfExercise: fields.year },
      select: { id: true, code: true, description: true, active: true, type: true },
    });
    if (!account) {
      throw new AppError("invalid_input", messages.blocks.accountNotInChart, {
        fields: [{ path: "block.accountId", message: messages.blocks.accountNotInChart }],
      });
    }
    // An inactive or synthetic account is never saved into; a block already in it keeps it.
    if (!(account.active && account.type === "analytic") && account.id !== block.accountId) {
      throw new AppError("invalid_input", messages.blocks.accountNotPostable, {
        fields: [{ path: "block.accountId", message: messages.blocks.accountNotPostable }],
      });
    }
    if (block.contabilizedAt) throw new AppError("conflict", messages.blocks.contabilized);
    // The viewer shows a pending block read-only (pendency mode): it waits for the client's answer.
    const pending = await tx.pendency.findFirst({ where: { blockId: block.id, solvedAt: null }, select: { id: true } });
    if (pending) throw new AppError("conflict", messages.blocks.pendencyOpen);
    const holder = await busyHolder(tx, actor, { id: block.clientId, officeId: block.officeId });
    if (holder) throw new AppError("conflict", messages.blocks.busy(holder));

    const version = body.version ?? (await lockedVersion(tx, block.id));
    const now = new Date();
    const written = await tx.block.updateMany({
      where: { id: block.id, version, contabilizedAt: null, devolvedAt: null, undoneAt: null },
      data: {
        accountId: account.id,
        paymentDate: fields.paymentDate,
        valueCents: fields.valueCents,
        categorizedById: block.operator.operatorId,
        categorizedAt: now,
        categorizedLogged: true,
        version: { increment: 1 },
        // A saved block leaves the categorization queue: its claim is released with it.
        claimedById: null,
        claimedUntil: null,
      },
    });
    if (written.count === 0) {
      // The winner's block, fresh, beside the 409: the viewer shows it without another call.
      const [fresh] = await loadBlockRows(tx, {
        clientId: block.clientId,
        operatorId: block.operator.operatorId,
        blockId: block.id,
      });
      await explainMissedWrite(tx, block.id, fresh?.block);
    }
    await recordClientChange(tx, actor, { officeId: block.officeId, clientId: block.clientId }, now, {
      action: "block.save",
      targetType: "block",
      targetId: block.id,
      blockId: block.id,
      // What the categorisation changed, both sides in the wire's forms: the history shows it.
      data: {
        before: { ...(await categorizationOf(tx, block)), version },
        after: {
          accountId: account.id,
          code: account.code,
          account: `${account.code} ${account.description}`,
          date: body.block.date,
          value: centsText(fields.valueCents),
          version: version + 1,
        },
      },
    });
    const [saved] = await loadBlockRows(tx, {
      clientId: block.clientId,
      operatorId: block.operator.operatorId,
      blockId: block.id,
    });
    return saved.block;
  });
}

function centsText(cents: bigint | null): string | null {
  if (cents === null) return null;
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** The block's categorisation before a save: its account ("code description"), date and value. */
async function categorizationOf(
  tx: Tx,
  block: { accountId: number | null; paymentDate: Date | null; valueCents: bigint | null },
) {
  const account =
    block.accountId === null
      ? null
      : await tx.account.findUnique({ where: { id: block.accountId }, select: { code: true, description: true } });
  return {
    accountId: block.accountId,
    code: account?.code ?? null,
    account: account ? `${account.code} ${account.description}` : null,
    date: block.paymentDate ? block.paymentDate.toISOString().slice(0, 10) : null,
    value: centsText(block.valueCents),
  };
}

/** The block's version under its row lock, held to the commit: no other write moves it meanwhile. */
async function lockedVersion(tx: Tx, blockId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ version: number }[]>`SELECT version FROM blocks WHERE id = ${blockId} FOR UPDATE`;
  if (!row) throw new AppError("not_found", messages.blocks.notFound);
  return row.version;
}
