import { retentionBody } from "@/lib/contract/privacy";
import { route, otherMethods } from "@/server/http/route";
import { officeRetention } from "@/server/privacy/retention-settings";

// POST /api/accounting/retention — {} reads, {years} saves the office's 'Política de retenção' (owner only).
export const POST = route({ body: retentionBody }, ({ actor, body }) => officeRetention({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
