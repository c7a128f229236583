import { operatorIdBody } from "@/lib/contract/operators";
import { route, otherMethods } from "@/server/http/route";
import { toggleSharedGallery } from "@/server/operators/toggle-shared-gallery";

// POST /api/operator/change/sharedto — toggles a client operator's shared gallery
export const POST = route({ body: operatorIdBody }, ({ actor, body }) => toggleSharedGallery({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
