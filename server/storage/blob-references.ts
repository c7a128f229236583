import "server-only";
import type { Db, Tx } from "@/server/db/client";

/**
 * Of these blob keys, the ones a row still names: a document's display or thumbnail picture or the file
 * it came as, a user's avatar, an office's or a client's logo, a person's data export (a ZIP). Every
 * column that holds a blob key is listed here (the orphan sweep deletes whatever is not); a new one must
 * be added.
 */
export async function referencedBlobKeys(db: Db | Tx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = [...keys];
  const rows = await db.$queryRaw<{ key: string }[]>`
    SELECT display_key AS key FROM documents WHERE display_key = ANY(${list}::text[])
    UNION SELECT thumb_key FROM documents WHERE thumb_key = ANY(${list}::text[])
    UNION SELECT source_key FROM documents WHERE source_key = ANY(${list}::text[])
    UNION SELECT picture_key FROM users WHERE picture_key = ANY(${list}::text[])
    UNION SELECT picture_key FROM clients WHERE picture_key = ANY(${list}::text[])
    UNION SELECT picture_key FROM accounting_offices WHERE picture_key = ANY(${list}::text[])
    UNION SELECT blob_key FROM personal_data_exports WHERE blob_key = ANY(${list}::text[])`;
  return new Set(rows.map((row) => row.key));
}
