// Shared by read-pool.test.ts and write-pool.test.ts (not a test file itself: jest matches *.test.ts).
import { Client as PgClient } from "pg";

/** This test database's open connections by the pool that opened them (application_name). */
export async function connectionsByPool(): Promise<Record<string, number>> {
  const pg = new PgClient({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ name: string; n: number }>(
      "SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1",
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.n]));
  } finally {
    await pg.end();
  }
}
