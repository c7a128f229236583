import "server-only";
import type { SentBlock } from "@/lib/contract/business";
import type { Db, Tx } from "@/server/db/client";
import { undoableUntil } from "./sent-blocks";
import { documentImageUrl } from "@/server/documents/signed-url";

/**
 * A block as Blocos enviados shows it (the answer of a send), for the operator `operatorId` whose undo
 * window it reports — the rule of /api/block/sent (undoableUntil), which /api/block/sent/undo enforces.
 */
export async function loadSentBlock(db: Db | Tx, blockId: number, operatorId: number): Promise<SentBlock> {
  const block = await db.block.findUniqueOrThrow({
    where: { id: blockId },
    select: {
      id: true,
      sentAt: true,
      sentById: true,
      accountId: true,
      categorizedAt: true,
      contabilizedAt: true,
      devolvedAt: true,
      undoneAt: true,
      documents: {
        where: { deletedAt: null },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { displayKey: true, thumbKey: true },
      },
      pendencies: { select: { id: true }, take: 1 },
    },
  });
  return {
    id: block.id,
    date: block.sentAt.toISOString(),
    accountId: block.accountId,
    documentsUrl: block.documents.map((doc) => documentImageUrl(doc.displayKey)),
    thumbnailsUrl: block.documents.map((doc) => documentImageUrl(doc.thumbKey)),
    ...(block.contabilizedAt ? { contabilizedDatetime: block.contabilizedAt.toISOString() } : {}),
    operatorId: block.sentById,
    undoableUntil: undoableUntil({ ...block, hasPendency: block.pendencies.length > 0 }, block.sentById === operatorId),
  };
}
