// BlobStore.list (the orphan sweep walks it): the local disk store and the S3 store list every key with
// its last write time, follow a prefix, and never list what is not a blob (a write's temp file, a
// foreign object in a shared bucket). S3 runs against a loopback fake that pages its answers.
import { access, mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BlobStore, StoredBlob } from "@/server/storage/blob-store";
import { createLocalBlobStore } from "@/server/storage/local-blob-store";
import { createS3BlobStore, createS3Client } from "@/server/storage/s3-blob-store";

async function all(iterable: AsyncIterable<StoredBlob>): Promise<StoredBlob[]> {
  const out: StoredBlob[] = [];
  for await (const blob of iterable) out.push(blob);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}
const keys = (blobs: StoredBlob[]) => blobs.map((b) => b.key);

const KEYS = [
  "clients/1/documents/a/display.webp",
  "clients/1/logo/l.webp",
  "clients/12/documents/b/thumb.webp",
  "users/7/picture/p.webp",
];

describe("local store", () => {
  let root: string;
  let store: BlobStore;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "bloco-list-"));
    store = createLocalBlobStore(root);
    for (const key of KEYS) await store.put(key, Buffer.from(key), "image/webp");
    // A write cut off before its rename, and a stray file whose name is not a key.
    await writeFile(path.join(root, "clients/1/logo/l.webp.0a1b2c~tmp"), "partial");
    await mkdir(path.join(root, "Stray"), { recursive: true });
    await writeFile(path.join(root, "Stray/File.TXT"), "x");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  test("lists every blob with its write time, and nothing else", async () => {
    const blobs = await all(store.list());
    expect(keys(blobs)).toEqual(KEYS);
    for (const blob of blobs) expect(Math.abs(blob.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  test("follows a prefix the way S3 does (a prefix is not a folder)", async () => {
    expect(keys(await all(store.list("clients/1/")))).toEqual(KEYS.slice(0, 2));
    expect(keys(await all(store.list("clients/1")))).toEqual(KEYS.slice(0, 3));
    expect(keys(await all(store.list("users/")))).toEqual([KEYS[3]]);
    expect(await all(store.list("offices/"))).toEqual([]);
  });

  test("an empty or missing store lists nothing", async () => {
    expect(await all(createLocalBlobStore(path.join(root, "nothing-here")).list())).toEqual([]);
  });

  test("sweepTemporary removes interrupted writes older than the cutoff, never a young one or a blob", async () => {
    const exists = (file: string) =>
      access(path.join(root, file)).then(
        () => true,
        () => false,
      );
    const old = "clients/12/documents/b/thumb.webp.ffee01~tmp";
    const young = "users/7/picture/p.webp.aa0011~tmp";
    await writeFile(path.join(root, old), "partial");
    await writeFile(path.join(root, young), "partial");
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const file of [old, "clients/1/logo/l.webp.0a1b2c~tmp"]) await utimes(path.join(root, file), hourAgo, hourAgo);

    expect(await store.sweepTemporary(new Date(Date.now() - 60_000))).toBe(2);
    expect(await exists(old)).toBe(false);
    expect(await exists("clients/1/logo/l.webp.0a1b2c~tmp")).toBe(false);
    expect(await exists(young)).toBe(true);
    expect(await exists("Stray/File.TXT")).toBe(true);
    expect(keys(await all(store.list()))).toEqual(KEYS);
    expect(await store.sweepTemporary(new Date(Date.now() - 60_000))).toBe(0);
    expect(await createLocalBlobStore(path.join(root, "nothing-here")).sweepTemporary(new Date())).toBe(0);
  });
});

describe("S3 store (against a loopback fake that pages by 2)", () => {
  const objects = ["clients/1/a.webp", "clients/1/b.webp", "clients/2/c.webp", "Foreign Object.bin", "users/1/p.webp"];
  const requests: string[] = [];
  let server: Server;
  let store: BlobStore;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://fake");
      requests.push(url.search);
      const prefix = url.searchParams.get("prefix") ?? "";
      const start = Number(url.searchParams.get("continuation-token") ?? 0);
      const matching = objects.filter((key) => key.startsWith(prefix));
      const page = matching.slice(start, start + 2);
      const truncated = start + 2 < matching.length;
      const contents = page
        .map(
          (key) =>
            `<Contents><Key>${key}</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified><Size>1</Size></Contents>`,
        )
        .join("");
      const next = truncated ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : "";
      res.writeHead(200, { "Content-Type": "application/xml" });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>bloco-docs</Name><Prefix>${prefix}</Prefix>` +
          `<KeyCount>${page.length}</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createS3Client({
      S3_BUCKET: "bloco-docs",
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "AKIATESTKEY",
      S3_SECRET_ACCESS_KEY: "test-secret",
      S3_FORCE_PATH_STYLE: true,
    });
    store = createS3BlobStore({ client, bucket: "bloco-docs" });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("follows the continuation tokens to the last page and skips objects that are not blob keys", async () => {
    requests.length = 0;
    const blobs = await all(store.list());
    expect(keys(blobs)).toEqual(["clients/1/a.webp", "clients/1/b.webp", "clients/2/c.webp", "users/1/p.webp"]);
    expect(blobs[0]!.modifiedAt.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(requests).toHaveLength(3);
    expect(requests.every((search) => search.includes("list-type=2"))).toBe(true);
  });

  test("sends the prefix", async () => {
    requests.length = 0;
    expect(keys(await all(store.list("clients/1/")))).toEqual(["clients/1/a.webp", "clients/1/b.webp"]);
    expect(requests[0]).toContain("prefix=clients%2F1%2F");
  });
});
