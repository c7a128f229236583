// Demo data a new user can log in with (every password demo1234): two offices, their operators,
// clients of both types, a chart of accounts, a year of blocks in every state with receipt pictures,
// and pending invites. `npm start` calls seed() on first start; run it alone with
//   npx tsx --conditions=react-server prisma/seed.ts
import type { Db } from "@/server/db/client";
import { demoPasswordHash } from "@/server/seed/builders/users";
import { buildDemo } from "@/server/seed/demo";
import { DEMO_OFFICE_NAME, demoUserEmails } from "@/server/seed/demo-people";
import { createRandom } from "@/server/seed/random";
import { buildReceiptPool } from "@/server/seed/receipt-image";
import { getBlobStore, type BlobStore } from "@/server/storage";

export type SeedOptions = {
  /** The instant the demo's "last 12 months" end at. */
  now?: Date;
  store?: BlobStore;
};

// Fixed, so every install gets the same demo (names, numbers, dates relative to `now`).
const RANDOM_SEED = 20_260_101;
// Two starts racing on one database: the second waits for the first, then sees the office and stops.
const ADVISORY_LOCK_KEY = 0x626c6f636f; // 'bloco'

type Queryable = Pick<Db, "accountingOffice" | "user">;

/**
 * Whether the demo was seeded: by its logins (unique e-mails), not by the office's name alone, which its
 * owner may edit: a renamed demo office made the next start seed again, into a unique violation.
 */
async function demoExists(db: Queryable): Promise<boolean> {
  const [users, offices] = await Promise.all([
    db.user.count({ where: { email: { in: demoUserEmails() } } }),
    db.accountingOffice.count({ where: { name: DEMO_OFFICE_NAME } }),
  ]);
  return users + offices > 0;
}

type RecordingStore = BlobStore & { stored(): Promise<void>; discard(): Promise<void> };

// Blobs are not in the transaction: remember what was written so a failed seed can take it back. A put
// only starts its write (each one flushed to disk on its own, so one after the other they were most of
// the seed's time); stored() waits for every write, and the transaction commits only after it, so no
// committed row names a blob that is not on disk. Nothing in the seed reads a blob back.
function recordingStore(store: BlobStore): RecordingStore {
  const written: string[] = [];
  const writes: Promise<void>[] = [];
  // The first write that failed: the next put throws it, so the seed stops there instead of making the
  // rest of the demo first (stored() reports one that fails after the last put).
  let failed: { error: unknown } | null = null;
  return {
    ...store,
    async put(key, body, contentType) {
      if (failed) throw failed.error;
      written.push(key);
      const write = store.put(key, body, contentType);
      write.catch((error: unknown) => (failed ??= { error }));
      writes.push(write);
    },
    async stored() {
      const failed = (await Promise.allSettled(writes.splice(0))).find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    },
    async discard() {
      await Promise.allSettled(writes.splice(0));
      await Promise.allSettled(written.splice(0).map((key) => store.delete(key)));
    },
  };
}

/**
 * Creates the demo data in one transaction. Returns false, creating nothing, when the demo already
 * exists (demoExists): seeding twice must never duplicate the demo or touch real data.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<boolean> {
  if (await demoExists(db)) return false;
  const now = options.now ?? new Date();
  const store = recordingStore(options.store ?? getBlobStore());
  // The slow, database-free work first, so the transaction stays short.
  const [pool] = await Promise.all([buildReceiptPool(now), demoPasswordHash()]);
  try {
    return await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_KEY}::bigint)`;
        if (await demoExists(tx)) return false;
        await buildDemo(tx, { now, store, pool, rng: createRandom(RANDOM_SEED) });
        await store.stored();
        return true;
      },
      { maxWait: 30_000, timeout: 180_000 },
    );
  } catch (error) {
    await store.discard();
    throw error;
  }
}

async function main(): Promise<void> {
  const { getDb, disconnectDb } = await import("@/server/db/client");
  const started = Date.now();
  try {
    const created = await seed(getDb());
    console.log(
      created ? `Demo data created in ${Date.now() - started} ms` : "Demo data already present: nothing done",
    );
  } finally {
    await disconnectDb();
  }
}

if (typeof require !== "undefined" && require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
