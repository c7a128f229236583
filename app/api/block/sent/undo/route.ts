import { sentUndoBody } from "@/lib/contract/business";
import { undoSentBlock } from "@/server/blocks/undo-sent";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/sent/undo — takes back the caller's own block within 15 minutes of sending it
export const POST = route({ body: sentUndoBody }, ({ actor, body }) => undoSentBlock({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
