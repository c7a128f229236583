import { SINGLE_IMAGE_BODY_MAX_BYTES } from "@/lib/constants";
import { logoBody } from "@/lib/contract/offices";
import { route, otherMethods } from "@/server/http/route";
import { saveOfficeLogo } from "@/server/offices/office";

// POST /api/accounting/logo — replace the office's logo (owner only)
export const POST = route({ body: logoBody, maxBytes: SINGLE_IMAGE_BODY_MAX_BYTES, upload: true }, ({ actor, body }) =>
  saveOfficeLogo({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
