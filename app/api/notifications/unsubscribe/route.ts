import { unsubscribeBody } from "@/lib/contract/notifications";
import { publicRoute, otherMethods } from "@/server/http/route";
import { unsubscribe } from "@/server/notifications/unsubscribe";

// POST /api/notifications/unsubscribe — an e-mail's unsubscribe link turns its kind off (public)
export const POST = publicRoute({ body: unsubscribeBody }, ({ body }) => unsubscribe({ body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
