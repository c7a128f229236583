import "server-only";

// Where document bytes live. The database keeps keys, never bytes. Keys are '/'-separated, made of
// [a-z0-9._-] segments, e.g. 'clients/12/documents/<uuid>/display.webp'.
export type BlobStore = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when the key does not exist. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
};
