import "server-only";

// Where document bytes live. The database keeps keys, never bytes. Keys are '/'-separated, made of
// [a-z0-9._-] segments, e.g. 'clients/12/documents/<uuid>/display.webp'.
export type BlobStore = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when the key does not exist. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every stored blob whose key starts with `prefix` (all of them without one), with when it was last
   * written, in pages as the store gives them; no order is promised. The orphan sweep walks this.
   */
  list(prefix?: string): AsyncIterable<StoredBlob>;
  /**
   * Removes what an interrupted write left behind (a process killed between creating its temporary
   * file and renaming it), when last written before `olderThan`; returns how many. Stores whose writes
   * leave nothing partial (S3's PutObject) have nothing to remove.
   */
  sweepTemporary(olderThan: Date): Promise<number>;
};

export type StoredBlob = { key: string; modifiedAt: Date };
