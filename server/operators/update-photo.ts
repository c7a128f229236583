import "server-only";
import { randomUUID } from "node:crypto";
import type { OperatorPhotoBody, PictureAnswer } from "@/lib/contract/operators";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { processDataUrl } from "@/server/images/pipeline";
import type { Actor } from "@/server/policy/actor";
import { getBlobStore } from "@/server/storage";

// POST /api/operator/update/photo: the caller's avatar. The browser already cropped it; the server sniffs
// the bytes (the `type` hint is ignored), bounds and re-encodes to WebP. Pipeline errors (415/413/400)
// pass through. The previous picture is deleted only after the new key is committed.
export async function updatePhoto({ actor, body }: { actor: Actor; body: OperatorPhotoBody }): Promise<PictureAnswer> {
  const processed = await processDataUrl(body.base64url); // the route holds an upload slot
  const key = `users/${actor.userId}/picture/${randomUUID()}.webp`;
  const store = getBlobStore();
  await store.put(key, processed.display, "image/webp");
  let previous: string | null;
  try {
    previous = await getDb().$transaction(async (tx) => {
      const before = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { pictureKey: true } });
      await tx.user.update({ where: { id: actor.userId }, data: { pictureKey: key } });
      await writeAuditEvent(
        { actorUserId: actor.userId, action: "operator.photo", targetType: "user", targetId: actor.userId, data: { key, width: processed.width, height: processed.height } },
        tx,
      );
      return before.pictureKey;
    });
  } catch (error) {
    await store.delete(key).catch(() => undefined); // nothing points at it
    throw error;
  }
  if (previous && previous !== key) await deleteQuietly(previous);
  return { pictureUrl: signDocumentUrl(key) };
}

// A leftover blob costs storage, never correctness: the answer does not wait on a failed delete.
async function deleteQuietly(key: string): Promise<void> {
  try {
    await getBlobStore().delete(key);
  } catch (error) {
    console.error(`[operators] could not delete the previous picture ${key}:`, error);
  }
}
