import "server-only";
import { AppError } from "@/server/errors";
import { getBlobStore } from "@/server/storage";
import { messages } from "@/lib/i18n/messages";
import { secondsLeft, verifyDocumentUrl } from "./signed-url";

export type ServedFile = { body: Buffer; contentType: string; maxAgeSeconds: number };

// The bytes behind a signed document link. The signature is checked before the store is touched, so
// an unsigned request learns nothing, not even whether the key exists.
export async function serveFile({
  key,
  exp,
  sig,
  now,
}: {
  key: string;
  exp: string | null;
  sig: string | null;
  now?: number;
}): Promise<ServedFile> {
  if (!verifyDocumentUrl(key, exp, sig, { now }) || !exp) {
    throw new AppError("forbidden", messages.api.file.invalidLink);
  }
  const blob = await getBlobStore().get(key);
  if (!blob) throw new AppError("not_found", messages.api.notFound);
  return { body: blob.body, contentType: blob.contentType, maxAgeSeconds: secondsLeft(exp, { now }) };
}
