import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool, type QueryResultRow } from "pg";
import postgres from "postgres";
import { getConfig } from "@/server/config";
import { PrismaClient } from "./generated/client";
import { scopedLogger } from "@/server/log";

// Two kept drivers, each created on first use (so tests can point DATABASE_URL at their own database
// first) and kept across hot reloads in development: Prisma's client on a pg.Pool (its adapter's
// driver) for Prisma's API and every transaction; postgres.js for the single SQL statements run
// outside a transaction (statementRows: the actor load of every call and the hot reads),
// because it pipelines by design: the statements of concurrent calls share a few connections without
// waiting for each other's answers, which halves PostgreSQL's CPU per call against one statement per
// round trip (docs/performance.md). pg-boss keeps a small pool of its own (server/jobs).
const holder = globalThis as unknown as { __blocoPrisma?: PrismaClient; __blocoPool?: Pool; __blocoSql?: postgres.Sql };

// The session settings both drivers' connections start with. Prepared statements keep ONE generic plan
// per connection instead of re-planning with each call's values: planning the client cards cost
// PostgreSQL more than running them (tests/integration/explain-blocks.test.ts checks the generic plans
// at 100k blocks). TimeZone=UTC, whatever the server's or the database's setting: Prisma's adapter
// sends a Date as UTC text without an offset and reads timestamptz the same way, which PostgreSQL takes
// in the session's zone, while postgres.js sends and reads offsets. In any zone but UTC an instant
// written by one and read by the other moved by the zone's offset
// (tests/integration/database-time-zone.test.ts).
const SESSION = { plan_cache_mode: "force_generic_plan", TimeZone: "UTC" } as const;

function newPool(): Pool {
  const config = getConfig();
  const pool = new Pool({
    connectionString: config.DATABASE_URL,
    max: config.DATABASE_POOL_SIZE,
    options: Object.entries(SESSION)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" "),
    application_name: "bloco",
    // A connection not up within DATABASE_POOL_TIMEOUT_MS fails (answered 503), and a request waits at
    // most that long for a connection, instead of hanging behind a pool that cannot serve it.
    connectionTimeoutMillis: config.DATABASE_POOL_TIMEOUT_MS,
  });
  // An idle connection cut by the server (restart, outage) is dropped by the pool; without a listener
  // its error event would end the process.
  pool.on("error", (error) => scopedLogger("db").warn({ reason: error.message }, "idle connection lost"));
  return pool;
}

/**
 * Every statement sent through postgres.js, at `trace` (off unless LOG_LEVEL=trace or this logger's
 * level is lowered): the statement's text and its parameters, which may hold personal data. Logged
 * here, not through postgres.js's `debug` option, which captures a stack trace for every query.
 */
export const statementLog = scopedLogger("db.statements");

function getSql(): postgres.Sql {
  if (!holder.__blocoSql) {
    const config = getConfig();
    holder.__blocoSql = postgres(config.DATABASE_URL, {
      max: config.DATABASE_STATEMENT_CONNECTIONS,
      connect_timeout: config.DATABASE_POOL_TIMEOUT_MS / 1000,
      connection: { application_name: "bloco", ...SESSION },
      onnotice: () => undefined,
    });
  }
  return holder.__blocoSql;
}

function getPool(): Pool {
  holder.__blocoPool ??= newPool();
  return holder.__blocoPool;
}

/**
 * Longest an interactive transaction may run once it has its connection. Prisma's default (5 s) is
 * shorter than a send's transaction can take on a machine saturated by a load test; past it the
 * transaction is rolled back and the caller answered 503.
 */
const TRANSACTION_TIMEOUT_MS = 15_000;

export function getDb(): PrismaClient {
  if (!holder.__blocoPrisma) {
    const adapter = new PrismaPg(getPool());
    // An interactive transaction waits for its connection as long as any other query does
    // (DATABASE_POOL_TIMEOUT_MS, then 503): Prisma's own default (maxWait 2 s) shed writes under load
    // while reads still waited their 5 s (the load test: 503 on block/save).
    const maxWait = getConfig().DATABASE_POOL_TIMEOUT_MS;
    holder.__blocoPrisma = new PrismaClient({
      adapter,
      transactionOptions: { maxWait, timeout: TRANSACTION_TIMEOUT_MS },
    });
  }
  return holder.__blocoPrisma;
}

/**
 * A statement written once as SQL text with $1… placeholders, run where the caller is: outside a
 * transaction on postgres.js as a prepared statement (parsed and planned once per connection, and
 * pipelined with the other calls' statements), inside one (`db` a Tx) as the same text on the
 * transaction's connection. The text must return types both drivers read alike (int4, text, bool,
 * timestamptz, json, arrays of those; no int8, no date: cast them to text in SQL). Errors are the
 * drivers' own; server/db/errors.ts maps them.
 */
export async function statementRows<R extends QueryResultRow>(
  db: Db | Tx,
  text: string,
  values: unknown[],
): Promise<R[]> {
  if (db !== getDb()) return db.$queryRawUnsafe<R[]>(text, ...values);
  statementLog.trace({ statement: text, values }, "statement");
  return getSql().unsafe<R[]>(text, values as postgres.ParameterOrJSON<never>[], { prepare: true });
}

export async function disconnectDb(): Promise<void> {
  const client = holder.__blocoPrisma;
  const pool = holder.__blocoPool;
  const sql = holder.__blocoSql;
  holder.__blocoPrisma = undefined;
  holder.__blocoPool = undefined;
  holder.__blocoSql = undefined;
  if (client) await client.$disconnect();
  if (sql) await sql.end({ timeout: 5 }).catch(() => undefined);
  // The pool is not Prisma's to end (an adapter told to dispose of it would end it when a connection
  // attempt fails, killing the pool for good after an outage): it is ended here.
  if (pool && !pool.ended) await pool.end().catch(() => undefined);
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export * from "./generated/client";
