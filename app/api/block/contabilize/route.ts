import { blockContabilizeBody } from "@/lib/contract/contabilization";
import { contabilizeBlock, contabilizeWrite } from "@/server/contabilization/contabilize-block";
import { linkRoute, otherMethods } from "@/server/http/route";

// POST /api/block/contabilize — {blockId, link, undo?}: post a block (or take it back), at the desk (link null) or by the phone's session
// A desk's posting that passes every check is written by the statement that loads the caller.
export const POST = linkRoute({ body: blockContabilizeBody, write: contabilizeWrite }, ({ caller, body, rows }) =>
  contabilizeBlock({ caller, body, rows }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
