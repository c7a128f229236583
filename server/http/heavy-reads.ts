import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { AppError } from "@/server/errors";
import { WorkLimiter } from "./work-limiter";

export const HEAVY_READ_RETRY_AFTER_SECONDS = 2;

/**
 * Reads whose cost grows with a client's whole history (POST /api/block/list without a month: every
 * block of every year) are admitted here, per process: twice as many at once as the prepared reads have
 * connections (DATABASE_READ_POOL_SIZE), a queue of four times that, and none waiting longer than a
 * request waits for a database connection (DATABASE_POOL_TIMEOUT_MS). Beyond, 503 'O servidor está
 * ocupado' with Retry-After, as a request that finds no connection: under 200 connections such lists
 * used to queue on the read connections ahead of every small read, for up to 20 s and no answer.
 */
export const heavyReads = new WorkLimiter({
  concurrency: () => 2 * getConfig().DATABASE_READ_POOL_SIZE,
  maxQueue: () => 8 * getConfig().DATABASE_READ_POOL_SIZE,
  maxWaitMs: () => getConfig().DATABASE_POOL_TIMEOUT_MS,
  refuse: () =>
    new AppError("unavailable", messages.api.busy, {
      headers: { "Retry-After": String(HEAVY_READ_RETRY_AFTER_SECONDS) },
    }),
});
