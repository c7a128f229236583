import "server-only";
import type { BlockDocumentsAnswer, BlockIdBody } from "@/lib/contract/blocks";
import { getDb } from "@/server/db/client";
import { documentImageUrl, signDocumentUrl } from "@/server/documents/signed-url";
import type { Actor } from "@/server/policy/actor";
import { loadWorkBlock } from "./access";

const signed = (key: string | null | undefined) => (key ? signDocumentUrl(key) : null);

/**
 * POST /api/document/block {blockId}: what the block viewer shows beside the pictures — signed URLs of
 * the documents and thumbnails in order, who categorised and who contabilised it (names and photos),
 * alsoContabilize when it is the same operator, the version a save must carry and the open pendency
 * (problem, observation, date) or null. Two statements after the access check: the block's people
 * and documents in one Prisma read, the open pendency in the same read.
 */
export async function blockDocuments({
  actor,
  body,
}: {
  actor: Actor;
  body: BlockIdBody;
}): Promise<BlockDocumentsAnswer> {
  const db = getDb();
  const access = await loadWorkBlock(db, actor, body.blockId);
  const person = { select: { user: { select: { name: true, pictureKey: true } } } } as const;
  const block = await db.block.findUniqueOrThrow({
    where: { id: access.id },
    select: {
      version: true,
      categorizedById: true,
      contabilizedById: true,
      contabilizedAt: true,
      categorizedBy: person,
      contabilizedBy: person,
      documents: {
        where: { deletedAt: null },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { displayKey: true, thumbKey: true },
      },
      pendencies: {
        where: { solvedAt: null },
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { issue: true, observations: true, createdAt: true },
      },
    },
  });
  const categorized = block.categorizedBy?.user ?? null;
  const contabilized = block.contabilizedAt ? (block.contabilizedBy?.user ?? null) : null;
  const [pendency] = block.pendencies;
  return {
    documentsUrl: block.documents.map((doc) => documentImageUrl(doc.displayKey)),
    thumbnailsUrl: block.documents.map((doc) => documentImageUrl(doc.thumbKey)),
    categorizedBy: categorized?.name ?? null,
    contabilizedBy: contabilized?.name ?? null,
    categorizedPhotoUrl: signed(categorized?.pictureKey),
    contabilizedPhotoUrl: signed(contabilized?.pictureKey),
    alsoContabilize:
      block.contabilizedAt !== null &&
      block.categorizedById !== null &&
      block.categorizedById === block.contabilizedById,
    version: block.version,
    pendency: pendency
      ? { issue: pendency.issue, observations: pendency.observations, date: pendency.createdAt.toISOString() }
      : null,
  };
}
