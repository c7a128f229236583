import "server-only";
import type { DbLike } from "./builders/users";

/**
 * A company user's long history in three statements, for the measures of a person's data at scale:
 * `count` blocks sent by them (one a minute back from now), one blob-less document each, and as many
 * 'block.send' audit events of theirs; the tables analysed afterwards so plans see the sizes.
 */
export async function insertSentHistory(
  db: DbLike,
  p: { clientId: number; operatorId: number; userId: number; count: number },
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO blocks (client_id, sent_by_id, sent_at, version, created_at, updated_at)
    SELECT ${p.clientId}::int, ${p.operatorId}::int, now() - (g || ' minutes')::interval, 0, now(), now()
      FROM generate_series(1, ${p.count}::int) g`;
  await db.$executeRaw`
    INSERT INTO documents (client_id, block_id, uploaded_by_id, display_key, thumb_key, mime, width, height, size, hash)
    SELECT client_id, id, ${p.operatorId}::int, 'documents/' || client_id || '/d' || id || '.webp',
           'documents/' || client_id || '/t' || id || '.webp', 'image/webp', 2000, 1500, 300000, md5(id::text)
      FROM blocks WHERE client_id = ${p.clientId}::int`;
  await db.$executeRaw`
    INSERT INTO audit_events (at, actor_user_id, client_id, action, target_type, target_id)
    SELECT now() - (g || ' minutes')::interval, ${p.userId}::int, ${p.clientId}::int, 'block.send', 'block', g::text
      FROM generate_series(1, ${p.count}::int) g`;
  await db.$executeRawUnsafe("ANALYZE blocks, documents, audit_events");
}
