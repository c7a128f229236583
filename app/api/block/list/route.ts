import { blockListBody } from "@/lib/contract/blocks";
import { listBlocks } from "@/server/blocks/list-blocks";
import { heavyReads } from "@/server/http/heavy-reads";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/list — {clientId?, year?, month?}: the client's blocks by year → month → account (one
// month alone when given), with the badge counts; a company user gets its own company's, plus pendencyNumber
// The whole history (no month) is a heavy read: admitted by heavyReads, 503 under overload.
export const POST = route(
  {
    body: blockListBody,
    shed: (body) => (body.year === undefined || body.month === undefined ? heavyReads : null),
  },
  ({ actor, body }) => listBlocks({ actor, body }),
);

// GET: the same call without a payload (spec §7).
export const GET = POST;

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
