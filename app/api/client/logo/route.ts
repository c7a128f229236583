import { SINGLE_IMAGE_BODY_MAX_BYTES } from "@/lib/constants";
import { logoBody } from "@/lib/contract/offices";
import { saveOwnClientLogo } from "@/server/clients/client-detail";
import { route, otherMethods } from "@/server/http/route";

// POST /api/client/logo — replace the own company's logo (client owner only)
export const POST = route({ body: logoBody, maxBytes: SINGLE_IMAGE_BODY_MAX_BYTES, upload: true }, ({ actor, body }) =>
  saveOwnClientLogo({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
