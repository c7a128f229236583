import "server-only";
import type { Pendency, PendencyListBody } from "@/lib/contract/blocks";
import { loadSeenClient } from "@/server/accounts/client-accounts";
import { Prisma, getDb } from "@/server/db/client";
import { documentImageUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";

type PendencyRow = {
  id: number;
  blockId: number;
  createdAt: Date;
  issue: number;
  observations: string;
  solvedAt: Date | null;
  displayKeys: (string | null)[] | null;
};

const TIME_ZONE = "America/Sao_Paulo";

/**
 * POST /api/pendency/list {clientId, year?}: the client's pendencies, open and solved, newest first
 * (by when they were reported); with `year`, those reported in that São Paulo year. Two statements
 * whatever their number: the client through the tenant scope, then the pendencies with their block's
 * document keys aggregated in order (pendencies of undone sends are left out with their block).
 */
export async function listPendencies({ actor, body }: { actor: Actor; body: PendencyListBody }): Promise<Pendency[]> {
  const db = getDb();
  const client = await loadSeenClient(db, actor, body.clientId);
  assertCan(actor, "client.work", client);
  const year =
    body.year === undefined
      ? Prisma.empty
      : Prisma.sql`AND p.created_at >= (make_timestamp(${body.year}::int, 1, 1, 0, 0, 0) AT TIME ZONE ${TIME_ZONE})
                   AND p.created_at < (make_timestamp(${body.year + 1}::int, 1, 1, 0, 0, 0) AT TIME ZONE ${TIME_ZONE})`;
  const rows = await db.$queryRaw<PendencyRow[]>`
    SELECT p.id, p.block_id AS "blockId", p.created_at AS "createdAt", p.issue::int AS issue, p.observations,
           p.solved_at AS "solvedAt", docs.display AS "displayKeys"
      FROM pendencies p
      JOIN blocks b ON b.id = p.block_id AND b.undone_at IS NULL
      LEFT JOIN LATERAL (
        SELECT array_agg(d.display_key ORDER BY d.position, d.id) AS display
          FROM documents d
         WHERE d.block_id = p.block_id AND d.deleted_at IS NULL
      ) docs ON TRUE
     WHERE p.client_id = ${client.id} ${year}
     ORDER BY p.created_at DESC, p.id DESC`;
  return rows.map((row) => ({
    id: row.id,
    blockId: row.blockId,
    date: row.createdAt.toISOString(),
    issue: row.issue,
    observations: row.observations,
    documentsUrl: (row.displayKeys ?? []).map(documentImageUrl),
    solvedDatetime: row.solvedAt ? row.solvedAt.toISOString() : null,
  }));
}
