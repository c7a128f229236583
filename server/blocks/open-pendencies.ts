import "server-only";
import { Prisma } from "@/server/db/client";

/**
 * The open pendencies of a company that wait for it (the Pendencias badge and the screen's count). The
 * block is probed per pendency through its primary key (LATERAL … LIMIT 1), never hashed whole: a
 * company has a few open pendencies and the office may have millions of blocks.
 */
export function openPendenciesSql(client: string): string {
  return `
    SELECT p.id, p.block_id, p.queued_at, p.created_at, p.issue
      FROM pendencies p
      JOIN LATERAL (
        SELECT 1 AS one FROM blocks b WHERE b.id = p.block_id AND b.devolved_at IS NULL AND b.undone_at IS NULL LIMIT 1
      ) live ON TRUE
     WHERE p.client_id = ${client} AND p.solved_at IS NULL`;
}

/** The same rule as a Prisma fragment, for the statements written with Prisma.sql. */
export function openPendenciesOf(clientId: number): Prisma.Sql {
  return Prisma.sql(openPendenciesSql("\u0000").split("\u0000"), clientId);
}
