import { clientHistoryBody } from "@/lib/contract/history";
import { clientHistory } from "@/server/history/client-history";
import { route, otherMethods } from "@/server/http/route";

// POST /api/client/history — {clientId, cursor?, kind?, operatorId?, from?, to?}: the client's history, a page
export const POST = route({ body: clientHistoryBody }, ({ actor, body }) => clientHistory({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
