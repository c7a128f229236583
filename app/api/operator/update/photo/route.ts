import { SINGLE_IMAGE_BODY_MAX_BYTES } from "@/lib/constants";
import { operatorPhotoBody } from "@/lib/contract/operators";
import { route, otherMethods } from "@/server/http/route";
import { updatePhoto } from "@/server/operators/update-photo";

// POST /api/operator/update/photo — replaces the caller's avatar
export const POST = route(
  { body: operatorPhotoBody, maxBytes: SINGLE_IMAGE_BODY_MAX_BYTES, upload: true },
  ({ actor, body }) => updatePhoto({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
