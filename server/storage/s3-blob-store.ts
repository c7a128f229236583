import "server-only";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "@/server/config";
import type { BlobStore, StoredBlob } from "./blob-store";
import { assertContentTypeMatchesKey, assertValidBlobKey, contentTypeForKey, isValidBlobKey } from "./blob-key";

type S3Settings = Pick<
  Config,
  "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

// An S3 client for AWS or an S3-compatible store (MinIO in docker-compose: endpoint + path-style).
// Checksums only when the operation requires them: the SDK's default CRC32 trailers are not understood
// by every S3-compatible server.
export function createS3Client(settings: S3Settings): S3Client {
  if (!settings.S3_ACCESS_KEY_ID || !settings.S3_SECRET_ACCESS_KEY) {
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when STORAGE_DRIVER=s3");
  }
  return new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function createS3BlobStore({ client, bucket }: { client: S3Client; bucket: string }): BlobStore {
  return {
    async put(key, body, contentType) {
      assertValidBlobKey(key);
      assertContentTypeMatchesKey(key, contentType);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async get(key) {
      assertValidBlobKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return null;
        const body = Buffer.from(await answer.Body.transformToByteArray());
        return { body, contentType: answer.ContentType ?? contentTypeForKey(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidBlobKey(key);
      // S3 answers 204 for a missing key too: deleting is idempotent on both drivers.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async exists(key) {
      assertValidBlobKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    list(prefix = "") {
      return listObjects(client, bucket, prefix);
    },

    // PutObject stores the whole object or nothing: an interrupted write leaves nothing to remove.
    async sweepTemporary() {
      return 0;
    },
  };
}

// ListObjectsV2 pages of up to 1000 keys, following the continuation token. Objects whose names are
// not valid keys (put there by something else sharing the bucket) are not ours and never listed.
async function* listObjects(client: S3Client, bucket: string, prefix: string): AsyncGenerator<StoredBlob> {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      if (object.Key && object.LastModified && isValidBlobKey(object.Key)) {
        yield { key: object.Key, modifiedAt: object.LastModified };
      }
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

// GET of a missing key fails with NoSuchKey; HEAD has no body, so the SDK can only name it NotFound
// (or give the bare status).
function isNotFound(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}
