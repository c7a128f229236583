import "server-only";
import type { GalleryDocument, LibraryDocumentsBody } from "@/lib/contract/business";
import { getDb } from "@/server/db/client";
import { documentImageUrl } from "./signed-url";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "@/server/policy/business-caller";
import { galleryOwner } from "./gallery-owner";

/** The default library ('Minha galeria'): the only one whose documents can be deleted (spec §5). */
const DEFAULT_LIBRARY = "";

/**
 * POST /api/library/documents {operatorId?}: one operator's gallery — the documents it uploaded that are
 * in no block, not deleted and not returned by the office (a restored one is back: `devolvedAt` null,
 * `rescued` true). Rescued documents are included and flagged (the screen's switch shows or hides
 * them). Newest first. `deletable` only for the caller's own default-library documents: a colleague's
 * shared gallery can be used in a block, never emptied by someone else. Statements: the colleague's
 * check (none for the caller's own gallery), then the documents on (client_id, uploaded_by_id, created_at).
 */
export async function listLibraryDocuments({
  actor,
  body,
}: {
  actor: Actor;
  body: LibraryDocumentsBody;
}): Promise<GalleryDocument[]> {
  const me = businessCaller(actor);
  const db = getDb();
  const owner = await galleryOwner(db, actor, me, body.operatorId);
  const rows = await db.document.findMany({
    where: { clientId: me.clientId, uploadedById: owner.id, blockId: null, deletedAt: null, devolvedAt: null },
    select: {
      id: true,
      createdAt: true,
      displayKey: true,
      thumbKey: true,
      rescued: true,
      width: true,
      height: true,
      library: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    date: row.createdAt.toISOString(),
    url: documentImageUrl(row.displayKey),
    thumbnailUrl: documentImageUrl(row.thumbKey),
    rescued: row.rescued,
    width: row.width,
    height: row.height,
    deletable: owner.isMe && row.library === DEFAULT_LIBRARY,
  }));
}
