import { blockImportBody, IMPORT_BODY_MAX_BYTES } from "@/lib/contract/fiscal";
import { importBlocks } from "@/server/blocks/import-blocks";
import { route, otherMethods } from "@/server/http/route";

// POST /api/block/import — fiscal XMLs or ZIPs of them (data URLs, up to 64 MiB) become uncategorised blocks
export const POST = route({ body: blockImportBody, upload: true, maxBytes: IMPORT_BODY_MAX_BYTES }, ({ actor, body }) =>
  importBlocks({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
