import "server-only";
import type { Library, SentOperator } from "@/lib/contract/business";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "./signed-url";
import type { Actor } from "@/server/policy/actor";
import { businessCaller } from "@/server/policy/business-caller";

// The people whose gallery and sent blocks a business user may open ('Compartilhar galeria e blocos
// enviados', client_operators.shared_gallery): itself, and each colleague of its company who shares and
// is not blocked — the rule of galleriesVisibleTo, here as one statement with the names.

type Row = { id: number; name: string; pictureKey: string | null; isMe: boolean };

async function sharingOperators(actor: Actor): Promise<Row[]> {
  const me = businessCaller(actor);
  return getDb().$queryRaw<Row[]>`
    SELECT co.id, u.name, u.picture_key AS "pictureKey", (co.id = ${me.operatorId}) AS "isMe"
      FROM client_operators co JOIN users u ON u.id = co.user_id
     WHERE co.client_id = ${me.clientId}
       AND (co.id = ${me.operatorId} OR (co.shared_gallery AND NOT co.blocked))
     ORDER BY (co.id = ${me.operatorId}) DESC, lower(u.name), co.id`;
}

/**
 * GET /api/library/all: 'Minha galeria' (key '') first, then one library per colleague who shares its
 * gallery (key = its operator id as text, value = its name), by name. One statement.
 */
export async function listLibraries({ actor }: { actor: Actor }): Promise<Library[]> {
  const rows = await sharingOperators(actor);
  return [
    { key: "", value: messages.business.panel.myGallery },
    ...rows.filter((row) => !row.isMe).map((row) => ({ key: String(row.id), value: row.name })),
  ];
}

/** GET /api/operator/sent/get: the caller first (isMe), then the colleagues who share, by name. One statement. */
export async function listSentOperators({ actor }: { actor: Actor }): Promise<SentOperator[]> {
  const rows = await sharingOperators(actor);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    pictureUrl: row.pictureKey ? signDocumentUrl(row.pictureKey) : null,
    isMe: row.isMe,
  }));
}
