import { blockListBody } from "@/lib/contract/blocks";
import { blockListAnswer, blockListRead, listBlocks } from "@/server/blocks/list-blocks";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/list — {clientId?, year?, month?}: the client's blocks by year → month → account (one month alone when given), with the badge counts; a company user gets its own company's, plus pendencyNumber
export const POST = route({ body: blockListBody, read: blockListRead }, async ({ actor, body, rows, read }) =>
  blockListAnswer(await listBlocks({ actor, body, rows, read })),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
