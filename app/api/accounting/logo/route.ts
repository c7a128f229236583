import { logoBody } from "@/lib/contract/offices";
import { route } from "@/server/http/route";
import { saveOfficeLogo } from "@/server/offices/office";
import { LOGO_MAX_BYTES } from "@/server/offices/store-logo";

// POST /api/accounting/logo — replace the office's logo (owner only)
export const POST = route({ body: logoBody, maxBytes: LOGO_MAX_BYTES }, ({ actor, body }) => saveOfficeLogo({ actor, body }));
