import "server-only";
import type { OutboxEntry } from "@/lib/contract/invites";
import { messages } from "@/lib/i18n/messages";
import { getConfig, type Config } from "@/server/config";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";

const LIMIT = 50;

// GET /api/dev/outbox: the latest queued e-mails, for local work and the e2e tests (they read invite
// links here). Message bodies carry live reset and invite links of every office, so production answers
// 404 unless DEV_OUTBOX=true, and even then to a caller on this machine only (`local`: loopback, not
// forwarded by a proxy; server/http/route.ts isLoopbackCaller); scripts/start.ts warns when it is on.
export async function listOutbox(caller: { local: boolean }, config: Config = getConfig()): Promise<OutboxEntry[]> {
  if (config.NODE_ENV === "production" && !(config.DEV_OUTBOX && caller.local))
    throw new AppError("not_found", messages.api.notFound);
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
