import "server-only";
import type { OutboxEntry } from "@/lib/contract/invites";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

const LIMIT = 50;

// GET /api/dev/outbox: the latest queued e-mails, for local work and the e2e tests (they read invite
// links here). Production answers 404 unless DEV_OUTBOX=true: message bodies carry live links.
export async function listOutbox(): Promise<OutboxEntry[]> {
  const config = getConfig();
  if (config.NODE_ENV === "production" && !config.DEV_OUTBOX) throw new AppError("not_found", messages.api.notFound);
  const rows = await getDb().mailOutbox.findMany({ orderBy: { id: "desc" }, take: LIMIT });
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
