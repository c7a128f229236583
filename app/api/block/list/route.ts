import { blockListBody } from "@/lib/contract/blocks";
import { blockListAnswer, blockListRead, listBlocks } from "@/server/blocks/list-blocks";
import { heavyReads } from "@/server/http/heavy-reads";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/list — {clientId?, year?, month?}: the client's blocks by year → month → account (one
// month alone when given), with the badge counts; a company user gets its own company's, plus pendencyNumber
// The whole history (no month) is a heavy read: admitted by heavyReads, 503 under overload.
export const POST = route(
  {
    body: blockListBody,
    read: blockListRead,
    shed: (body) => (body.year === undefined || body.month === undefined ? heavyReads : null),
  },
  async ({ actor, body, rows, read }) => blockListAnswer(await listBlocks({ actor, body, rows, read })),
);

// GET /api/block/list — the same call without payload (spec §7: a call without payload is a GET)
export const GET = POST;

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
