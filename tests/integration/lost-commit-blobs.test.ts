// A transaction that failed is not always a transaction that rolled back: a COMMIT that landed but
// whose answer was lost (the connection cut, a failover) arrives as an error too. The blobs written
// for it were deleted on every failure, leaving committed rows that name missing pictures (found by the
// review of the blob lifecycle). Now only the blobs no row names are deleted, and when the
// database cannot say, none: the orphan sweep takes what no row names once it is an hour old.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-lost-commit-${randomBytes(4).toString("hex")}`);

import { insertPhotoDocuments } from "@/server/blocks/block-entries";
import { ingestPhotos } from "@/server/documents/ingest";
import { getDb } from "@/server/db/client";
import { deleteUnreferencedBlobs } from "@/server/documents/document-blobs";
import { replacePicture } from "@/server/documents/replace-picture";
import type { BusinessMembership } from "@/server/policy/actor";
import { getBlobStore } from "@/server/storage";
import { createBlock, createClient, createClientOperator, createUser } from "../helpers/factories";
import { receiptJpeg, toDataUrl } from "../helpers/images";

afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

const exists = (keys: string[]) => Promise.all(keys.map((key) => getBlobStore().exists(key)));
const lostAnswer = () => new Error("Connection terminated unexpectedly");

test("a new picture whose row update committed before the error is kept; one whose commit never landed is deleted", async () => {
  const user = await createUser();
  const dataUrl = toDataUrl(await receiptJpeg({ width: 300, height: 300 }));
  let landed = "";
  await expect(
    replacePicture("avatars", dataUrl, async (picture) => {
      await getDb().user.update({ where: { id: user.id }, data: { pictureKey: picture.key } });
      landed = picture.key;
      throw lostAnswer();
    }),
  ).rejects.toThrow("Connection terminated");
  expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).pictureKey).toBe(landed);
  expect(await exists([landed])).toEqual([true]);

  let refused = "";
  await expect(
    replacePicture("avatars", dataUrl, async (picture) => {
      refused = picture.key;
      throw lostAnswer();
    }),
  ).rejects.toThrow("Connection terminated");
  expect(await exists([refused])).toEqual([false]);
});

test("a block's photos: those a committed row names are kept, the others deleted", async () => {
  const client = await createClient();
  const sender = await createClientOperator({ client, type: 0 });
  const photos = await Promise.all(
    [1, 2].map(async (n) => ({
      photo: { id: `p${n}`, base64url: toDataUrl(await receiptJpeg({ width: 400, height: 300 })) },
      path: `${n}`,
      position: n,
    })),
  );
  const ingested = await ingestPhotos(client.id, photos);
  const [kept, dropped] = ingested.photos;
  // The first photo's row committed (as a transaction whose answer was lost would have left it).
  const block = await createBlock({ client, sentBy: sender, state: "uncategorized", documents: 0 });
  const me = { clientId: client.id, operatorId: sender.id } as BusinessMembership;
  await getDb().$transaction((tx) => insertPhotoDocuments(tx, me, block.id, [kept!], new Date()));

  await ingested.discard();

  expect(await exists([kept!.displayKey, kept!.thumbKey])).toEqual([true, true]);
  expect(await exists([dropped!.displayKey, dropped!.thumbKey])).toEqual([false, false]);
});

test("when the database cannot say which blobs rows name, none is deleted", async () => {
  const key = `avatars/${randomBytes(8).toString("hex")}.webp`;
  await getBlobStore().put(key, Buffer.from("webp"), "image/webp");
  // A real failure of the question (PostgreSQL refuses a NUL in text, 22021): nothing is deleted.
  await deleteUnreferencedBlobs(getBlobStore(), [key, "avatars/\u0000.webp"]);
  expect(await exists([key])).toEqual([true]);
  await deleteUnreferencedBlobs(getBlobStore(), [key]);
  expect(await exists([key])).toEqual([false]);
});
