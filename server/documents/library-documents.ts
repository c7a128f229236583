import "server-only";
import type { GalleryDocument, LibraryDocumentsBody } from "@/lib/contract/business";
import { getDb } from "@/server/db/client";
import { documentImageUrl } from "./signed-url";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "@/server/policy/business-caller";
import { galleryOwner } from "./gallery-owner";

/** The default library ('Minha galeria'): the only one whose documents can be deleted (spec §5). */
const DEFAULT_LIBRARY = "";

type GalleryRow = {
  id: number;
  createdAt: Date;
  displayKey: string | null;
  thumbKey: string | null;
  rescued: boolean;
  width: number;
  height: number;
  library: string;
  originalName: string | null;
  sourceKey: string | null;
  sourcePage: number | null;
};

/**
 * The gallery's entries from its rows (newest first): the pages of one PDF (one `source_key`, each with
 * its `source_page`) are ONE entry at the place of the newest of them, its pages in page order, the
 * first page standing for it (id, pictures, date, size); a photo is its own entry
 * (docs/decisions/0340-gallery-pdfs.md). Rescued when one of its pages is; deletable only when all are.
 */
export function galleryEntries(rows: readonly GalleryRow[], isMe: boolean): GalleryDocument[] {
  const groups: GalleryRow[][] = [];
  const byPdf = new Map<string, GalleryRow[]>();
  for (const row of rows) {
    const pdf = row.sourcePage !== null && row.sourceKey !== null ? row.sourceKey : null;
    const group = pdf === null ? undefined : byPdf.get(pdf);
    if (group) group.push(row);
    else {
      groups.push([row]);
      if (pdf !== null) byPdf.set(pdf, groups[groups.length - 1]!);
    }
  }
  return groups.map((group) => {
    const pages = [...group].sort((a, b) => (a.sourcePage ?? 0) - (b.sourcePage ?? 0) || a.id - b.id);
    const first = pages[0]!;
    return {
      id: first.id,
      date: first.createdAt.toISOString(),
      url: documentImageUrl(first.displayKey),
      thumbnailUrl: documentImageUrl(first.thumbKey),
      rescued: pages.some((page) => page.rescued),
      width: first.width,
      height: first.height,
      deletable: isMe && pages.every((page) => page.library === DEFAULT_LIBRARY),
      kind: first.sourcePage === null ? "photo" : "pdf",
      pages: pages.length,
      documentIds: pages.map((page) => page.id),
      fileName: first.originalName,
    };
  });
}

/**
 * POST /api/library/documents {operatorId?}: one operator's gallery — the documents it uploaded that are
 * in no block, not deleted and not returned by the office (a restored one is back: `devolvedAt` null,
 * `rescued` true). Rescued documents are included and flagged (the screen's switch shows or hides
 * them). Newest first; a PDF's pages are one entry (galleryEntries). `deletable` only for the caller's
 * own default-library documents: a colleague's shared gallery can be used in a block, never emptied by
 * someone else. Statements: the colleague's check (none for the caller's own gallery), then the
 * documents on (client_id, uploaded_by_id, created_at) — the grouping is done on those rows.
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
      originalName: true,
      sourceKey: true,
      sourcePage: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return galleryEntries(rows, owner.isMe);
}
