import "server-only";
import { messages } from "@/lib/i18n/messages";
import type { Db, Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Actor, BusinessMembership } from "@/server/policy/actor";
import { galleriesVisibleTo } from "@/server/policy/scopes";

export type GalleryOwner = { id: number; isMe: boolean };

/**
 * Whose gallery or sent blocks the caller asks for: itself (operatorId omitted, null or its own id: no
 * query), or a colleague of its company who shares them and is not blocked (scope galleriesVisibleTo).
 * Anything else — a colleague who does not share, a blocked one, another company's operator, an unknown
 * id — is 404: the answer is the same whether the operator exists or not.
 */
export async function galleryOwner(
  db: Db | Tx,
  actor: Actor,
  me: BusinessMembership,
  operatorId: number | null | undefined,
): Promise<GalleryOwner> {
  if (operatorId === undefined || operatorId === null || operatorId === me.operatorId)
    return { id: me.operatorId, isMe: true };
  const row = await db.clientOperator.findFirst({
    where: { AND: [{ id: operatorId }, galleriesVisibleTo(actor)] },
    select: { id: true },
  });
  if (!row) throw new AppError("not_found", messages.business.api.galleryNotFound);
  return { id: row.id, isMe: false };
}
