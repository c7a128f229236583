import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { getConfig } from "@/server/config";
import { PrismaClient } from "./generated/client";

// One client per process, created on first use (so tests can point DATABASE_URL at their own
// database first) and kept across hot reloads in development.
const holder = globalThis as unknown as { __blocoPrisma?: PrismaClient };

export function getDb(): PrismaClient {
  if (!holder.__blocoPrisma) {
    const config = getConfig();
    // A request waits at most DATABASE_POOL_TIMEOUT_MS for a connection, then fails (answered 503),
    // instead of hanging behind a pool that cannot serve it.
    const adapter = new PrismaPg({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: config.DATABASE_POOL_TIMEOUT_MS,
    });
    holder.__blocoPrisma = new PrismaClient({ adapter });
  }
  return holder.__blocoPrisma;
}

export async function disconnectDb(): Promise<void> {
  await holder.__blocoPrisma?.$disconnect();
  holder.__blocoPrisma = undefined;
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export * from "./generated/client";
