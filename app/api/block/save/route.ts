import { blockSaveBody } from "@/lib/contract/blocks";
import { saveBlock, saveWrite } from "@/server/blocks/save-block";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/save — {block: {id, date, value, accountId}, version}: categorise a block (409 on a
// stale version). The save that passes every check is written by the statement that loads the caller.
export const POST = route({ body: blockSaveBody, read: saveWrite }, ({ actor, body, rows }) =>
  saveBlock({ actor, body, rows }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
