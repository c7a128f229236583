import "server-only";
import type { OperatorAnswer, OperatorIdBody } from "@/lib/contract/operators";
import type { Actor } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";
import { changeMembership } from "./change-membership";
import { membershipOn } from "./platform";

// POST /api/operator/change/sharedto: the 'Compartilhar galeria e blocos enviados' switch of a client
// operator. The operator itself or a client admin (gallery.share); business platform only.
export async function toggleSharedGallery({
  actor,
  body,
}: {
  actor: Actor;
  body: OperatorIdBody;
}): Promise<OperatorAnswer> {
  membershipOn(actor, "bussiness");
  return changeMembership(
    actor,
    "bussiness",
    body.operatorId,
    (target) => assertCan(actor, "gallery.share", target),
    async (_tx, target) => {
      const sharedGallery = !target.sharedGallery;
      return { data: { sharedGallery }, action: "operator.shared_gallery", audit: { sharedGallery } };
    },
  );
}
