import { SINGLE_IMAGE_BODY_MAX_BYTES } from "@/lib/constants";
import { operatorPhotoBody } from "@/lib/contract/operators";
import { route } from "@/server/http/route";
import { updatePhoto } from "@/server/operators/update-photo";

// POST /api/operator/update/photo — replaces the caller's avatar
export const POST = route({ body: operatorPhotoBody, maxBytes: SINGLE_IMAGE_BODY_MAX_BYTES, upload: true }, ({ actor, body }) => updatePhoto({ actor, body }));
