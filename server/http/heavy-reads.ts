import "server-only";
import { messages } from "@/lib/i18n/messages";
import { getConfig } from "@/server/config";
import { AppError } from "@/server/errors";
import { WorkLimiter } from "@/server/work-limiter";

export const HEAVY_READ_RETRY_AFTER_SECONDS = 2;

/**
 * Reads whose cost grows with a client's whole history (POST /api/block/list without a month: every
 * block of every year) are admitted here, per process: a fifth of the pool's connections at once
 * (DATABASE_POOL_SIZE), a queue of four times that, and none waiting longer than a
 * request waits for a database connection (DATABASE_POOL_TIMEOUT_MS). Beyond, 503 'O servidor está
 * ocupado' with Retry-After, as a request that finds no connection: under 200 connections such lists
 * used to queue on the connections ahead of every small read, for up to 20 s and no answer.
 */
const heavyAtOnce = () => Math.max(1, Math.floor(getConfig().DATABASE_POOL_SIZE / 5));

export const heavyReads = new WorkLimiter({
  concurrency: heavyAtOnce,
  maxQueue: () => 4 * heavyAtOnce(),
  maxWaitMs: () => getConfig().DATABASE_POOL_TIMEOUT_MS,
  refuse: () =>
    new AppError("unavailable", messages.api.busy, {
      headers: { "Retry-After": String(HEAVY_READ_RETRY_AFTER_SECONDS) },
    }),
});
