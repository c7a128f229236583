import "server-only";
import type { OperatorPhotoBody, PictureAnswer } from "@/lib/contract/operators";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { replacePicture } from "@/server/documents/replace-picture";
import type { Actor } from "@/server/policy/actor";

// POST /api/operator/update/photo: the caller's avatar. The browser already cropped it; the server sniffs
// the bytes (the `type` hint is ignored), bounds and re-encodes to WebP, and deletes the previous picture
// only after the new key is committed (replacePicture).
export async function updatePhoto({ actor, body }: { actor: Actor; body: OperatorPhotoBody }): Promise<PictureAnswer> {
  const userId = actor.userId;
  const key = await replacePicture(`users/${userId}/picture`, body.base64url, (picture) =>
    getDb().$transaction(async (tx) => {
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { pictureKey: true } });
      await tx.user.update({ where: { id: userId }, data: { pictureKey: picture.key } });
      await writeAuditEvent(
        { actorUserId: userId, action: "operator.photo", targetType: "user", targetId: userId, data: picture },
        tx,
      );
      return before.pictureKey;
    }),
  );
  return { pictureUrl: signDocumentUrl(key) };
}
