import "server-only";
import { AppError } from "@/server/errors";
import { messages } from "@/lib/i18n/messages";

// Rules every BlobStore applies to keys, so code that works on the local disk works on S3 too.
// A key is '/'-separated segments of [a-z0-9._-]; no segment starts with '.', which rules out '.',
// '..' and hidden files. Together with the fixed alphabet this keeps a key inside the store's root
// whatever it came from.
const SEGMENT = "[a-z0-9_-][a-z0-9._-]*";
const KEY_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
export const MAX_BLOB_KEY_LENGTH = 512;

// A key's extension names its content type: one rule for both drivers, and the local store needs no
// sidecar file to remember it.
const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  avif: "image/avif",
  pdf: "application/pdf",
  // The fiscal XML a document came as (documents.source_key).
  xml: "application/xml",
  json: "application/json",
  csv: "text/csv",
  txt: "text/plain",
  // A person's data export ('Baixar meus dados').
  zip: "application/zip",
};
const FALLBACK_CONTENT_TYPE = "application/octet-stream";

export function isValidBlobKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_BLOB_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new AppError("invalid_input", messages.api.invalidInput);
}

export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf(".");
  const slash = key.lastIndexOf("/");
  if (dot <= slash) return FALLBACK_CONTENT_TYPE;
  return CONTENT_TYPES[key.slice(dot + 1)] ?? FALLBACK_CONTENT_TYPE;
}

// Called by put(): a caller storing WebP bytes under 'x.png' has a bug; fail loudly rather than serve
// the bytes under the wrong type later.
export function assertContentTypeMatchesKey(key: string, contentType: string): void {
  const expected = contentTypeForKey(key);
  if (contentType.toLowerCase() !== expected) {
    throw new Error(`Blob key '${key}' implies content type ${expected}, got ${contentType}`);
  }
}
