import "server-only";
import type { SentBlock, SentBlocksBody } from "@/lib/contract/business";
import { SENT_UNDO_MS } from "@/lib/constants";
import { saoPauloDay, saoPauloStartOfDay } from "@/lib/format/deadline";
import { getDb } from "@/server/db/client";
import { documentImageUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "@/server/policy/business-caller";
import { galleryOwner } from "@/server/documents/gallery-owner";

export type SentPeriod = { from: Date; to: Date };

/**
 * The period of Blocos enviados, by send instant in São Paulo: {year, month} that month; {year} alone
 * the whole year (the month select's 'Todos'); {month} alone that month of the current year; neither
 * the current month. [from, to) as instants, so the (sent_by_id, sent_at) index serves the range.
 */
export function sentPeriod(body: Pick<SentBlocksBody, "year" | "month">, now: Date = new Date()): SentPeriod {
  const today = saoPauloDay(now);
  const year = body.year ?? today.year;
  if (body.year !== undefined && body.month === undefined) {
    return {
      from: saoPauloStartOfDay({ year, month: 1, day: 1 }),
      to: saoPauloStartOfDay({ year: year + 1, month: 1, day: 1 }),
    };
  }
  const month = body.month ?? today.month;
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: saoPauloStartOfDay({ year, month, day: 1 }), to: saoPauloStartOfDay({ ...next, day: 1 }) };
}

export type UndoState = {
  sentAt: Date;
  accountId: number | null;
  categorizedAt: Date | null;
  contabilizedAt: Date | null;
  devolvedAt: Date | null;
  undoneAt: Date | null;
  /** The office ever reported a pendency on it. */
  hasPendency: boolean;
};

/**
 * Until when the caller may still undo a sent block (spec §4, §6): its own send, within SENT_UNDO_MS of
 * sending, while the office has not categorised, contabilised or devolved it nor reported a pendency on
 * it; null otherwise. /api/block/sent/undo enforces the same rule; this tells the screen whether to
 * show the countdown.
 */
export function undoableUntil(block: UndoState, isMine: boolean, now: Date = new Date()): string | null {
  if (!isMine || block.undoneAt) return null;
  if (block.accountId !== null || block.categorizedAt || block.contabilizedAt || block.devolvedAt || block.hasPendency)
    return null;
  const until = block.sentAt.getTime() + SENT_UNDO_MS;
  return until > now.getTime() ? new Date(until).toISOString() : null;
}

type Row = UndoState & {
  id: number;
  sentById: number | null;
  displayKeys: (string | null)[] | null;
  thumbKeys: (string | null)[] | null;
};

/**
 * POST /api/block/sent {operatorId, year?, month?}: the blocks one operator sent — the caller itself or
 * a colleague who shares its gallery and sent blocks (else 404) — in the period, newest first. Undone
 * sends are gone; devolved blocks are not listed (their documents are in Devolvidos); contabilised ones
 * are, with contabilizedDatetime. Statements: the colleague's check (none for the caller's own), then
 * the blocks with their documents on (sent_by_id, sent_at).
 */
export async function listSentBlocks({ actor, body }: { actor: Actor; body: SentBlocksBody }): Promise<SentBlock[]> {
  const me = businessCaller(actor);
  const db = getDb();
  const owner = await galleryOwner(db, actor, me, body.operatorId);
  const now = new Date();
  const { from, to } = sentPeriod(body, now);
  const rows = await db.$queryRaw<Row[]>`
    SELECT b.id, b.sent_at AS "sentAt", b.sent_by_id AS "sentById", b.account_id AS "accountId",
           b.categorized_at AS "categorizedAt", b.contabilized_at AS "contabilizedAt", b.devolved_at AS "devolvedAt",
           b.undone_at AS "undoneAt", (reported.one IS NOT NULL) AS "hasPendency",
           docs.display AS "displayKeys", docs.thumbs AS "thumbKeys"
      FROM blocks b
      LEFT JOIN LATERAL (SELECT 1 AS one FROM pendencies p WHERE p.block_id = b.id LIMIT 1) reported ON TRUE
      LEFT JOIN LATERAL (
        SELECT array_agg(d.display_key ORDER BY d.position, d.id) AS display, array_agg(d.thumb_key ORDER BY
          d.position, d.id) AS thumbs
          FROM documents d
         WHERE d.block_id = b.id AND d.deleted_at IS NULL
      ) docs ON TRUE
     WHERE b.sent_by_id = ${owner.id} AND b.client_id = ${me.clientId}
       AND b.sent_at >= ${from} AND b.sent_at < ${to}
       AND b.undone_at IS NULL AND b.devolved_at IS NULL
     ORDER BY b.sent_at DESC, b.id DESC`;
  return rows.map((row) => ({
    id: row.id,
    date: row.sentAt.toISOString(),
    accountId: row.accountId,
    documentsUrl: (row.displayKeys ?? []).map(documentImageUrl),
    thumbnailsUrl: (row.thumbKeys ?? []).map(documentImageUrl),
    ...(row.contabilizedAt ? { contabilizedDatetime: row.contabilizedAt.toISOString() } : {}),
    operatorId: row.sentById,
    undoableUntil: undoableUntil(row, owner.isMe, now),
  }));
}
