import { logoBody } from "@/lib/contract/offices";
import { saveOwnClientLogo } from "@/server/clients/client-detail";
import { route } from "@/server/http/route";
import { LOGO_MAX_BYTES } from "@/server/offices/store-logo";

// POST /api/client/logo — replace the own company's logo (client owner only)
export const POST = route({ body: logoBody, maxBytes: LOGO_MAX_BYTES }, ({ actor, body }) => saveOwnClientLogo({ actor, body }));
