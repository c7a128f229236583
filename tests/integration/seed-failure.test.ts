import { getDb } from "@/server/db/client";
import type { BlobStore } from "@/server/storage/blob-store";
import { getBlobStore } from "@/server/storage";
import { seed } from "@/prisma/seed";

// A seed whose picture writes fail part of the way leaves nothing: the transaction rolls back, and every
// picture it did write is removed. The store is the real one (DATA_DIR), with one write made to fail.

test("a picture that cannot be written: no demo rows, none of the pictures written are left", async () => {
  const real = getBlobStore();
  const attempted: string[] = [];
  const failing: BlobStore = {
    ...real,
    async put(key, body, contentType) {
      attempted.push(key);
      if (attempted.length === 40) throw new Error("disco cheio");
      await real.put(key, body, contentType);
    },
  };

  await expect(seed(getDb(), { store: failing })).rejects.toThrow("disco cheio");

  expect(await getDb().user.count()).toBe(0);
  expect(await getDb().accountingOffice.count()).toBe(0);
  expect(await getDb().document.count()).toBe(0);
  expect(attempted.length).toBeGreaterThanOrEqual(40);
  const left = await Promise.all(attempted.map((key) => real.exists(key)));
  expect(left.filter(Boolean)).toEqual([]);
}, 120_000);
