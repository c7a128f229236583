import "server-only";
import type { PendencyToSolveAnswer, PendencyToSolveBody } from "@/lib/contract/business";
import { Prisma, getDb, type Db, type Tx } from "@/server/db/client";
import { openPendenciesOf } from "@/server/blocks/open-pendencies";
import { documentImageUrl, signDocumentUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "@/server/policy/business-caller";

// The company's pendency queue ('Blocos com pendencia'): its open pendencies whose block
// is still live (not devolved — devolving closes them anyway — and not undone), ordered by queued_at, then
// id. Proximo moves one to the end by setting its queued_at to now(), for every operator of the company:
// the order lives in the rows, not in anyone's browser. Both statements read the (client_id, solved_at,
// queued_at) index.

/** How many pendencies wait for the company: one statement. */
export async function countOpenPendencies(db: Db | Tx, clientId: number): Promise<number> {
  const [row] = await db.$queryRaw<
    { count: number }[]
  >`SELECT count(*)::int AS count FROM (${openPendenciesOf(clientId)}) open`;
  return row?.count ?? 0;
}

type HeadRow = {
  id: number;
  blockId: number;
  createdAt: Date;
  issue: number;
  observations: string;
  documentIds: number[] | null;
  displayKeys: (string | null)[] | null;
  thumbKeys: (string | null)[] | null;
  /** Per document: the first page's id of the PDF it is a page of, else null. */
  pdfs: (number | null)[] | null;
  createdByName: string | null;
  createdByPictureKey: string | null;
  pendencyNumber: number;
  queue: { id: number; date: string; issue: number }[] | null;
};

/**
 * Moves a pendency of the company to the end of its queue (Proximo). With `pendencyId`, that one — the
 * one the person saw, even if someone else's Proximo already moved it off the head; without (the spec's
 * bare `{next: true}`), the current head. A solved, unknown or other company's id changes nothing.
 */
async function moveToEnd(db: Db, clientId: number, pendencyId: number | undefined): Promise<void> {
  const target =
    pendencyId === undefined
      ? Prisma.sql`(SELECT open.id FROM (${openPendenciesOf(clientId)}) open ORDER BY open.queued_at, open.id LIMIT 1)`
      : Prisma.sql`${pendencyId}`;
  await db.$executeRaw`
    UPDATE pendencies SET queued_at = now()
     WHERE id = ${target} AND client_id = ${clientId} AND solved_at IS NULL`;
}

/**
 * POST /api/pendency/tosolve {next?, pendencyId?}: the head of the company's queue with its block's
 * documents (ids for removedDocuments, signed display and thumbnail links), who reported it and the open
 * count; `pendency` null when nothing waits. With `open`, that open pendency instead of the head (the
 * screen's list); `queue` lists every open one (id, date, issue) in queue order. The pendency answered is
 * kept as the operator's shown one (a solve without pendencyId solves it). One statement (two with next).
 */
export async function pendencyToSolve({
  actor,
  body,
}: {
  actor: Actor;
  body: PendencyToSolveBody;
}): Promise<PendencyToSolveAnswer> {
  const me = businessCaller(actor);
  const db = getDb();
  if (body.next) await moveToEnd(db, me.clientId, body.pendencyId);
  const rows = await db.$queryRaw<HeadRow[]>`
    WITH open AS (${openPendenciesOf(me.clientId)}),
         head AS (SELECT open.id FROM open ORDER BY (open.id = ${body.open ?? null}::int
           OR open.block_id = ${body.openBlock ?? null}::int) IS TRUE DESC,
           open.queued_at, open.id LIMIT 1),
         shown AS (
           UPDATE client_operators SET shown_pendency_id = (SELECT id FROM head)
            WHERE id = ${me.operatorId} AND shown_pendency_id IS DISTINCT FROM (SELECT id FROM head)
         )
    SELECT p.id, p.block_id AS "blockId", p.created_at AS "createdAt", p.issue::int AS issue, p.observations,
           docs.ids AS "documentIds", docs.display AS "displayKeys", docs.thumbs AS "thumbKeys", docs.pdfs,
           u.name AS "createdByName", u.picture_key AS "createdByPictureKey",
           (SELECT count(*)::int FROM open) AS "pendencyNumber",
           (SELECT json_agg(json_build_object('id', q.id, 'date', q.created_at, 'issue', q.issue::int) ORDER
             BY q.queued_at, q.id)
              FROM open q) AS queue
      FROM (SELECT 1) one
      LEFT JOIN head ON TRUE
      LEFT JOIN pendencies p ON p.id = head.id
      LEFT JOIN accounting_operators ao ON ao.id = p.created_by_id
      LEFT JOIN users u ON u.id = ao.user_id
      LEFT JOIN LATERAL (
        SELECT array_agg(d.id ORDER BY d.position, d.id) AS ids, array_agg(d.display_key ORDER BY d.position,
          d.id) AS display,
               array_agg(d.thumb_key ORDER BY d.position, d.id) AS thumbs,
               array_agg(d.pdf ORDER BY d.position, d.id) AS pdfs
          FROM (SELECT id, position, display_key, thumb_key,
                       CASE WHEN source_page IS NOT NULL THEN min(id) OVER (PARTITION BY source_key) END AS pdf
                  FROM documents
                 WHERE block_id = p.block_id AND deleted_at IS NULL) d
      ) docs ON TRUE`;
  const row = rows[0];
  const queue = (row?.queue ?? []).map((item) => ({
    id: item.id,
    date: new Date(item.date).toISOString(),
    issue: item.issue,
  }));
  if (!row || row.id === null) return { pendency: null, pendencyNumber: row?.pendencyNumber ?? 0, queue };
  const ids = row.documentIds ?? [];
  const display = (row.displayKeys ?? []).map(documentImageUrl);
  const thumbs = (row.thumbKeys ?? []).map(documentImageUrl);
  return {
    pendency: {
      id: row.id,
      blockId: row.blockId,
      date: row.createdAt.toISOString(),
      issue: row.issue,
      observations: row.observations,
      documentsUrl: display,
      documents: ids.map((id, i) => {
        const pdf = row.pdfs?.[i] ?? null;
        return { id, url: display[i], thumbnailUrl: thumbs[i], ...(pdf === null ? {} : { pdf }) };
      }),
      createdBy:
        row.createdByName === null
          ? null
          : {
              name: row.createdByName,
              pictureUrl: row.createdByPictureKey ? signDocumentUrl(row.createdByPictureKey) : null,
            },
    },
    pendencyNumber: row.pendencyNumber,
    queue,
  };
}
