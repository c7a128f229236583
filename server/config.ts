import "server-only";
import { availableParallelism } from "node:os";
import { z } from "zod";
import {
  BODY_IDLE_MS,
  BODY_MAX_MS,
  BODY_MIN_RATE_BYTES_PER_S,
  BODY_RATE_GRACE_MS as RATE_GRACE_MS,
  IMAGE_DATA_URL_MAX,
  MAX_BLOCK_IMAGES,
} from "@/lib/constants";

// Every setting comes from the environment, validated once; a bad value stops the process with a
// message naming the variable. `.env.example` lists them all. Secrets have no default: `npm start`
// generates them once per installation into .data/secrets.json when they are unset.
const DEFAULT_MAIL_FROM = "Bloco <nao-responda@bloco.local>";
function defaultHashConcurrency(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
    DATA_DIR: z.string().min(1).default(".data"),
    JWT_SECRET: z.string().min(32, "must be at least 32 characters"),
    FILE_URL_SECRET: z.string().min(32, "must be at least 32 characters"),
    ACCESS_TOKEN_TTL: seconds(5 * 60),
    REFRESH_TOKEN_TTL: seconds(24 * 60 * 60),
    SESSION_MAX_AGE: seconds(7 * 24 * 60 * 60),
    REFRESH_REUSE_GRACE: seconds(10),
    FILE_URL_TTL: seconds(15 * 60),
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(MAX_BLOCK_IMAGES * IMAGE_DATA_URL_MAX + 1_048_576),
    MAX_UPLOADS_IN_FLIGHT: z.coerce.number().int().positive().default(3),
    // How long a request body may stop arriving before it is answered 408 (server/http/read-body.ts).
    BODY_IDLE_MS: z.coerce.number().int().positive().default(BODY_IDLE_MS),
    // The slowest average a body may arrive at (after its first 5 s) and the longest it may take: a
    // caller dripping a few bytes at a time never trips BODY_IDLE_MS, these answer it 408.
    BODY_MIN_RATE_BYTES_PER_S: z.coerce.number().int().positive().default(BODY_MIN_RATE_BYTES_PER_S),
    BODY_MAX_MS: z.coerce.number().int().positive().default(BODY_MAX_MS),
    // How long a body may take before its rate is held to BODY_MIN_RATE_BYTES_PER_S.
    BODY_RATE_GRACE_MS: z.coerce.number().int().nonnegative().default(RATE_GRACE_MS),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
    // Database pool: connections per process, and how long a request waits for one before 503. 20, not
    // pg's 10: at 32 requests in flight the reads served 10-25% more calls a second with 16 or more
    // (measured with `npm run bench`; figures in the git history of docs/performance.md).
    DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(20),
    DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    // Connections of the statements' driver (postgres.js, server/db/client.ts): it pipelines the statements
    // of concurrent calls on each connection, so a few carry the actor loads and hot reads of every call.
    DATABASE_STATEMENT_CONNECTIONS: z.coerce.number().int().positive().default(4),
    // Password hashing (scrypt): hashes run at once (default: the CPU count), callers waiting beyond
    // them, and how long one may wait before it is answered 503 instead.
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().default(defaultHashConcurrency()),
    // scrypt's cost as log2 N for new hashes (each hash keeps its own N, so a change never breaks the
    // stored ones). 15 (32 MiB, about 100 ms) and up; lower only under NODE_ENV=test, whose suites hash
    // and verify thousands of passwords that protect nothing.
    PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
    PASSWORD_HASH_QUEUE: z.coerce.number().int().nonnegative().default(256),
    PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().positive().default(1_500),
    // A login refused as busy is answered after this pause (a client retrying at once is slowed down).
    PASSWORD_BUSY_HOLD_MS: z.coerce.number().int().nonnegative().default(5_000),
    LOGIN_WINDOW: seconds(15 * 60),
    TRUST_PROXY: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    PORT: z.string().optional(),
    // Empty values (as in a copied .env.example) mean "unset" for the mail settings.
    SMTP_URL: z.string().optional(),
    // How long the SMTP client waits to connect, for the greeting and for each answer: well under the
    // 60 s a send may hold its outbox row (server/mail/deliver.ts), so a stalled server is a failed
    // attempt, counted and retried, not a rolled-back one that sends again (nodemailer waits minutes).
    SMTP_TIMEOUT_MS: z.coerce.number().int().positive().max(20_000).default(15_000),
    MAIL_FROM: z.string().default(DEFAULT_MAIL_FROM),
    APP_URL: z.union([z.url(), z.literal("")]).optional(),
    DEV_OUTBOX: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  })
  .superRefine((env, ctx) => {
    if (env.PASSWORD_HASH_LOG_N < 15 && env.NODE_ENV !== "test")
      ctx.addIssue({ code: "custom", path: ["PASSWORD_HASH_LOG_N"], message: "below 15 only under NODE_ENV=test" });
    if (env.STORAGE_DRIVER !== "s3") return;
    for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when STORAGE_DRIVER=s3" });
    }
  })
  // Links in e-mails point here; without a setting, the local server on its port.
  .transform((env) => ({
    ...env,
    SMTP_URL: env.SMTP_URL || undefined,
    MAIL_FROM: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    APP_URL: (env.APP_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ""),
  }));

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
