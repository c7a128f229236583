import "server-only";
import { scopedLogger } from "@/server/log";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";

// GET /api/health: the process answers and PostgreSQL is reachable.
export async function checkHealth(): Promise<{ status: "ok"; database: "ok" }> {
  try {
    await getDb().$queryRaw`SELECT 1`;
  } catch (error) {
    scopedLogger("health").error({ err: error }, "database unreachable");
    throw new AppError("unavailable", messages.api.unavailable);
  }
  return { status: "ok", database: "ok" };
}
