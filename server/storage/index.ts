import "server-only";
import path from "node:path";
import { getConfig } from "@/server/config";
import type { BlobStore } from "./blob-store";
import { createLocalBlobStore } from "./local-blob-store";
import { createS3BlobStore, createS3Client } from "./s3-blob-store";

export type { BlobStore } from "./blob-store";

let store: BlobStore | undefined;

// The process's one blob store, chosen by STORAGE_DRIVER (config validation already demands the S3_*
// settings when the driver is s3).
export function getBlobStore(): BlobStore {
  store ??= createBlobStore();
  return store;
}

function createBlobStore(): BlobStore {
  const config = getConfig();
  if (config.STORAGE_DRIVER === "s3") {
    if (!config.S3_BUCKET) throw new Error("S3_BUCKET is required when STORAGE_DRIVER=s3");
    return createS3BlobStore({ client: createS3Client(config), bucket: config.S3_BUCKET });
  }
  return createLocalBlobStore(path.resolve(config.DATA_DIR, "blobs"));
}
