import "server-only";
import { scopedLogger } from "@/server/log";
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool, type QueryResultRow } from "pg";
import { getConfig } from "@/server/config";
import { PrismaClient } from "./generated/client";
import { PipelinedReads } from "./pipelined-reads";

// One client and three sets of connections per process, created on first use (so tests can point
// DATABASE_URL at their own database first) and kept across hot reloads in development. The main pool
// is ours and handed to Prisma's adapter (DATABASE_POOL_SIZE). The prepared reads below (the actor load
// of every call and the reads beside it) share a few pipelined connections of their own
// (DATABASE_READ_POOL_SIZE, pipelined-reads.ts): a few connections kept busy cost PostgreSQL a quarter to
// a third less CPU per statement than twenty that sleep between statements (docs/scaling.md), and the
// reads of one turn of the event loop leave in one write (decision 0137). The hot writes (a statement
// that writes beside the actor load) have a pool of their own (DATABASE_WRITE_POOL_SIZE), so that fewer
// of them run in PostgreSQL at once: with 20, 32 operators' writes at once had longer tails than with 10
// (figures in the git history of docs/performance.md).
const holder = globalThis as unknown as {
  __blocoPrisma?: PrismaClient;
  __blocoPool?: Pool;
  __blocoReads?: PipelinedReads;
  __blocoWritePool?: Pool;
};

/** What every connection of the process is opened with. */
function connectionConfig(applicationName: string) {
  const config = getConfig();
  return {
    connectionString: config.DATABASE_URL,
    // Named prepared statements (preparedQuery) keep ONE generic plan per connection instead of
    // re-planning with each call's values: planning the client cards cost PostgreSQL more than
    // running them (docs/performance.md's git history). Prisma's own statements are unnamed, planned per call as
    // before. tests/integration/explain-blocks.test.ts checks the generic plans at 100k blocks.
    // TimeZone=UTC, whatever the server's or the database's setting: Prisma's adapter sends a Date as
    // UTC text without an offset and reads timestamptz the same way, which PostgreSQL takes in the
    // session's zone, while pg (the prepared reads and writes) sends and reads offsets. In any zone
    // but UTC an instant written by one and read by the other moved by the zone's offset
    // (tests/integration/database-time-zone.test.ts).
    options: "-c plan_cache_mode=force_generic_plan -c TimeZone=UTC",
    application_name: applicationName,
    // A connection not up within DATABASE_POOL_TIMEOUT_MS fails (answered 503), and a request waits
    // at most that long for a pool's connection, instead of hanging behind a pool that cannot serve it.
    connectionTimeoutMillis: config.DATABASE_POOL_TIMEOUT_MS,
  };
}

function newPool(max: number, applicationName: string): Pool {
  const pool = new Pool({ ...connectionConfig(applicationName), max });
  // An idle connection cut by the server (restart, outage) is dropped by the pool; without a
  // listener its error event would end the process.
  pool.on("error", (error) => scopedLogger("db").warn({ reason: error.message }, "idle connection lost"));
  return pool;
}

function getPool(): Pool {
  holder.__blocoPool ??= newPool(getConfig().DATABASE_POOL_SIZE, "bloco");
  return holder.__blocoPool;
}

function getReads(): PipelinedReads {
  holder.__blocoReads ??= new PipelinedReads(getConfig().DATABASE_READ_POOL_SIZE, connectionConfig("bloco-read"));
  return holder.__blocoReads;
}

function getWritePool(): Pool {
  holder.__blocoWritePool ??= newPool(getConfig().DATABASE_WRITE_POOL_SIZE, "bloco-write");
  return holder.__blocoWritePool;
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
 * A query of the per-request hot path (the actor load of every authenticated call) as a NAMED
 * prepared statement straight on the pool: PostgreSQL parses and plans it once per connection, and
 * the call skips Prisma's raw-query pipeline. Measured on this machine (docs/performance.md's git history): 77 µs of
 * Node CPU and 136 µs of wall time per call, against 255 µs and 462 µs through `$queryRaw`. `name`
 * must be unique per `text`. Errors are pg's own; server/http/database-errors.ts maps them. It runs on
 * the reads' pipelined connections; with `write`, a statement that writes (authenticateWithRead's hot
 * writes), on the writes' pool.
 */
export async function preparedQuery<R extends QueryResultRow>(
  name: string,
  text: string,
  values: unknown[],
  { write = false }: { write?: boolean } = {},
): Promise<R[]> {
  getDb(); // the connections' owner exists, so disconnectDb() ends them all
  if (!write) return getReads().query<R>({ name, text, values });
  const result = await getWritePool().query<R>({ name, text, values });
  return result.rows;
}

/**
 * A statement written once as SQL text with $1… placeholders, run where the caller is: outside a
 * transaction as a named prepared statement on the pool (preparedQuery), inside one (`db` a Tx) as the
 * same text on the transaction's connection. The text must return types both drivers read alike
 * (int4, text, bool, timestamptz, arrays of those; no int8, no date: cast them to text in SQL).
 */
export function statementRows<R extends QueryResultRow>(
  db: Db | Tx,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  if (db === holder.__blocoPrisma) return preparedQuery<R>(name, text, values);
  return db.$queryRawUnsafe<R[]>(text, ...values);
}

export async function disconnectDb(): Promise<void> {
  const client = holder.__blocoPrisma;
  const pools = [holder.__blocoPool, holder.__blocoWritePool];
  const reads = holder.__blocoReads;
  holder.__blocoReads = undefined;
  holder.__blocoPrisma = undefined;
  holder.__blocoPool = undefined;
  holder.__blocoWritePool = undefined;
  if (client) await client.$disconnect();
  // The pool is not Prisma's to end (an adapter told to dispose of it would end it when a connection
  // attempt fails, killing the pool for good after an outage): it is ended here, with the other two.
  await Promise.all([
    ...pools.map((pool) => (pool && !pool.ended ? pool.end().catch(() => undefined) : undefined)),
    reads?.end(),
  ]);
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export * from "./generated/client";
