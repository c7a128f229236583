import { contabilizationEndBody } from "@/lib/contract/contabilization";
import { endMobileSession } from "@/server/contabilization/mobile";
import { linkRoute, otherMethods } from "@/server/http/route";

// POST /api/operator/contabilization/end — {link}: the phone ends its own session
export const POST = linkRoute({ body: contabilizationEndBody }, ({ caller }) => endMobileSession({ caller }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
