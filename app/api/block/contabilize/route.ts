import { blockContabilizeBody } from "@/lib/contract/contabilization";
import { contabilizeBlock } from "@/server/contabilization/contabilize-block";
import { linkRoute, otherMethods } from "@/server/http/route";

// POST /api/block/contabilize — {blockId, link, undo?}: post a block (or take it back), at the desk (link
// null) or by the phone's session
export const POST = linkRoute({ body: blockContabilizeBody }, ({ caller, body }) => contabilizeBlock({ caller, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
