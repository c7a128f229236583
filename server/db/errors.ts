import "server-only";
import { Prisma } from "./client";
import { scopedLogger } from "@/server/log";

// What a database failure means for the caller. Prisma 7 with @prisma/adapter-pg reports PostgreSQL's
// own SQLSTATE and the adapter's error kind in `meta.driverAdapterError.cause`; failures the adapter
// does not recognise (a pool that cannot hand out a connection in time, a connection cut mid-query)
// arrive as plain errors from `pg`.
// "conflict": the write lost to another one committed meanwhile (a row it refers to was removed, a
// deadlock or a serialization failure chose it): worth a reload and a retry, not an error of ours.
export type DatabaseFailure = "unavailable" | "invalid_data" | "unique" | "conflict" | "missing" | null;

// Prisma's own codes for "the database cannot be used right now".
const UNAVAILABLE_PRISMA = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);
const UNAVAILABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError",
]);
const DATA_KINDS = new Set(["ValueOutOfRange", "LengthMismatch", "InvalidInputValue"]);
// pg's own messages for a pool or socket that gave up, and PostgreSQL's while shutting down.
const UNAVAILABLE_MESSAGE = new RegExp(
  [
    "timeout exceeded when trying to connect",
    "Connection terminated",
    "connection error",
    "ECONNREFUSED",
    "ECONNRESET",
    // postgres.js: a connection closed, ended or not up in time.
    "CONNECTION_(CLOSED|DESTROYED|ENDED)",
    "CONNECT_TIMEOUT",
    "terminating connection",
    "the database system is (starting up|shutting down|in recovery mode)",
    "Can't reach database server",
    "Unable to start a transaction",
    "Transaction already closed",
    "Transaction API error",
  ].join("|"),
  "i",
);

type AdapterCause = { kind?: string; code?: string; originalCode?: string };

function adapterCause(error: Prisma.PrismaClientKnownRequestError): AdapterCause | undefined {
  const meta = error.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined;
  return meta?.driverAdapterError?.cause;
}

/**
 * SQLSTATE: 22 data exception; 23505 unique and 23503 foreign key violations (a raw statement's, or
 * pg's own); 40001 serialization failure and 40P01 deadlock; 08 connection exception, 53 insufficient
 * resources, 57P0x shutdown/cannot connect.
 */
function sqlStateFailure(state: string | undefined): DatabaseFailure {
  if (!state) return null;
  if (state.startsWith("22")) return "invalid_data";
  if (state === "23505") return "unique";
  if (state === "23503" || state === "40001" || state === "40P01") return "conflict";
  if (state.startsWith("08") || state.startsWith("53") || /^57P0[1-3]$/.test(state)) return "unavailable";
  return null;
}

export function classifyDatabaseError(error: unknown): DatabaseFailure {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return "unique";
    if (error.code === "P2025") return "missing";
    if (error.code === "P2003") return "conflict";
    if (UNAVAILABLE_PRISMA.has(error.code)) return "unavailable";
    const cause = adapterCause(error);
    if (cause?.kind && UNAVAILABLE_KINDS.has(cause.kind)) return "unavailable";
    if (cause?.kind && DATA_KINDS.has(cause.kind)) return "invalid_data";
    const byState = sqlStateFailure(cause?.originalCode ?? cause?.code);
    if (byState) return byState;
    return UNAVAILABLE_MESSAGE.test(error.message) ? "unavailable" : null;
  }
  if (error instanceof Prisma.PrismaClientInitializationError) return "unavailable";
  if (error instanceof Prisma.PrismaClientUnknownRequestError || error instanceof Prisma.PrismaClientRustPanicError) {
    return UNAVAILABLE_MESSAGE.test(error.message) ? "unavailable" : null;
  }
  // Duck-typed, not `instanceof Error`: pg's socket errors come from Node's own realm, which is not the
  // caller's under jest's module sandbox.
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") {
    const { code, message, cause } = error as { code?: unknown; message: string; cause?: unknown };
    const byState = typeof code === "string" ? sqlStateFailure(code) : null;
    if (byState) return byState;
    if (UNAVAILABLE_MESSAGE.test(message)) return "unavailable";
    if (cause) return classifyDatabaseError(cause);
  }
  return null;
}

/**
 * One log line per outage, not one per request: the first unavailable answer logs the cause, later
 * ones are counted, and the first success at least OUTAGE_QUIET_MS after the last failure logs how long
 * it lasted and how many requests were answered 503. (A connection that still answers for a moment
 * after the server died is not the end of the outage.) A failure within OUTAGE_TAIL_MS of an outage's
 * end belongs to it: a pooled connection opened before a crash can sit idle on its orphaned backend and
 * fail only when next used, well after the restarted server answers; the outage is then reopened, and
 * its end logged again with the whole duration.
 */
export const OUTAGE_QUIET_MS = 2_000;
export const OUTAGE_TAIL_MS = 30_000;
const log = scopedLogger("db");
const outage = { since: 0, lastFailure: 0, refused: 0, began: 0, ended: 0 };

export function noteDatabaseUnavailable(error: unknown): void {
  const now = Date.now();
  if (outage.since === 0) {
    const reason = error instanceof Error ? error.message.split("\n").filter(Boolean).pop() : String(error);
    if (outage.ended !== 0 && now - outage.ended < OUTAGE_TAIL_MS) {
      outage.since = outage.began;
      log.warn({ reason }, "a connection from before the outage failed: counted in it");
    } else {
      outage.since = now;
      outage.refused = 0;
      log.error({ reason }, "database unavailable: answering 503 until it returns");
    }
  }
  outage.lastFailure = now;
  outage.refused += 1;
}

export function noteDatabaseReachable(): void {
  if (outage.since === 0 || Date.now() - outage.lastFailure < OUTAGE_QUIET_MS) return;
  const seconds = ((outage.lastFailure - outage.since) / 1000).toFixed(1);
  log.warn(
    { seconds: Number(seconds), refused: outage.refused },
    `database reachable again; the outage lasted ${seconds} s and ${outage.refused} requests were answered 503`,
  );
  outage.began = outage.since;
  outage.ended = Date.now();
  outage.since = 0;
}

/**
 * True when a write broke a unique index (Prisma P2002). A service that can name the conflict for a
 * person ('Este e-mail já está em uso.') catches it with this; anything it does not catch reaches the
 * route wrapper's one mapping (409 conflict). The Prisma code is read in one place only: the classifier.
 */
export function isUniqueViolation(error: unknown): boolean {
  return classifyDatabaseError(error) === "unique";
}
