import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { AppError } from "@/server/errors";
import type { BlobStore } from "@/server/storage/blob-store";
import { contentTypeForKey } from "@/server/storage/blob-key";
import { createLocalBlobStore } from "@/server/storage/local-blob-store";
import { createS3BlobStore, createS3Client } from "@/server/storage/s3-blob-store";

let dataDir: string;
let root: string;
let store: BlobStore;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "bloco-storage-"));
  root = path.join(dataDir, "blobs");
  store = createLocalBlobStore(root);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe("local blob store", () => {
  test("put, exists, get, delete round trip", async () => {
    const key = "clients/12/documents/9f1c/display.webp";
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, body, "image/webp");
    expect(await store.exists(key)).toBe(true);
    const got = await store.get(key);
    expect(got?.contentType).toBe("image/webp");
    expect(got?.body.equals(body)).toBe(true);
    expect((await readFile(path.join(root, key))).equals(body)).toBe(true);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined(); // idempotent
  });

  test("a directory is not a blob", async () => {
    await store.put("dir/inner/a.txt", Buffer.from("a"), "text/plain");
    expect(await store.exists("dir/inner")).toBe(false);
    expect(await store.get("dir/inner")).toBeNull();
  });

  test.each([
    "../escape.webp",
    "a/../../escape.webp",
    "/etc/passwd",
    "..",
    ".hidden.webp",
    "a/./b.webp",
    "a//b.webp",
    "a/b/",
    "Upper.webp",
    "a\\..\\escape.webp",
    "espaço.webp",
    "a b.webp",
    "a/b.webp\u0000",
    "tmp.webp.1a2b~tmp",
    "",
    `${"a".repeat(513)}.webp`,
  ])("refuses the key %j in every operation", async (key) => {
    for (const run of [
      () => store.put(key, Buffer.from("x"), contentTypeForKey(key)),
      () => store.get(key),
      () => store.exists(key),
      () => store.delete(key),
    ]) {
      const error = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "invalid_input", status: 400 });
    }
    expect(await readdir(dataDir)).toEqual(expect.not.arrayContaining(["escape.webp"]));
  });

  test("content type follows the key's extension; a mismatch is refused", async () => {
    await expect(store.put("x/a.png", Buffer.from("x"), "image/webp")).rejects.toThrow(
      "implies content type image/png",
    );
    expect(await store.exists("x/a.png")).toBe(false);
    await store.put("x/raw", Buffer.from("x"), "application/octet-stream");
    expect((await store.get("x/raw"))?.contentType).toBe("application/octet-stream");
    await store.put("x/b.jpg", Buffer.from("x"), "IMAGE/JPEG");
    expect((await store.get("x/b.jpg"))?.contentType).toBe("image/jpeg");
  });

  test("overwrite is atomic: readers see the old or the new bytes, never a mix; no temp file stays", async () => {
    const key = "atomic/doc.webp";
    const versions = ["a", "b", "c"].map((c) => Buffer.alloc(4 * 1024 * 1024, c));
    await store.put(key, versions[0], "image/webp");
    const writes = (async () => {
      for (let i = 1; i <= 12; i += 1) await store.put(key, versions[i % 3], "image/webp");
    })();
    const reads = (async () => {
      const seen: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const got = await store.get(key);
        const match = versions.findIndex((v) => got?.body.equals(v));
        seen.push(match === -1 ? "torn" : "whole");
      }
      return seen;
    })();
    const [, seen] = await Promise.all([writes, reads]);
    expect(seen).not.toContain("torn");
    expect((await store.get(key))?.body.equals(versions[0])).toBe(true); // 12 % 3 === 0
    expect((await listFiles(root)).filter((f) => f.includes("~tmp"))).toEqual([]);
  });

  test("a failed write leaves the old bytes and no temp file", async () => {
    await store.put("fail/a.txt", Buffer.from("old"), "text/plain");
    await writeFile(path.join(root, "fail/blocker"), "a file where a directory should be");
    await expect(store.put("fail/blocker/b.txt", Buffer.from("new"), "text/plain")).rejects.toThrow();
    expect((await store.get("fail/a.txt"))?.body.toString()).toBe("old");
    expect((await listFiles(root)).filter((f) => f.includes("~tmp"))).toEqual([]);
  });
});

describe("getBlobStore", () => {
  test("is the local store under ${DATA_DIR}/blobs by default, created once", async () => {
    await jest.isolateModulesAsync(async () => {
      process.env.DATA_DIR = dataDir;
      delete process.env.STORAGE_DRIVER;
      const { getBlobStore } = await import("@/server/storage");
      expect(getBlobStore()).toBe(getBlobStore());
      await getBlobStore().put("via/config.txt", Buffer.from("hi"), "text/plain");
      expect(await readFile(path.join(dataDir, "blobs/via/config.txt"), "utf8")).toBe("hi");
    });
  });
});

// A loopback stand-in for S3 that speaks just enough of the protocol: the real SDK builds, signs and
// sends the requests and parses the answers, with no network beyond 127.0.0.1.
type Recorded = { method: string; url: string; headers: IncomingMessage["headers"] };
function fakeS3(): { server: Server; objects: Map<string, { body: Buffer; type: string }>; requests: Recorded[] } {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = req.url ?? "";
    const pathOnly = url.split("?")[0];
    requests.push({ method: req.method ?? "", url, headers: req.headers });
    const object = objects.get(pathOnly);
    if (req.method === "PUT") {
      objects.set(pathOnly, { body: Buffer.concat(chunks), type: String(req.headers["content-type"]) });
      res.writeHead(200, { ETag: '"1"' }).end();
    } else if (req.method === "DELETE") {
      objects.delete(pathOnly);
      res.writeHead(204).end();
    } else if (!object) {
      const xml = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>';
      res.writeHead(404, { "Content-Type": "application/xml" }).end(req.method === "HEAD" ? undefined : xml);
    } else {
      res.writeHead(200, { "Content-Type": object.type, "Content-Length": object.body.length });
      res.end(req.method === "HEAD" ? undefined : object.body);
    }
  });
  return { server, objects, requests };
}

describe("S3 blob store (against a loopback fake)", () => {
  const fake = fakeS3();
  let endpoint: string;
  const settings = () => ({
    S3_BUCKET: "bloco-docs",
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "AKIATESTKEY",
    S3_SECRET_ACCESS_KEY: "test-secret",
    S3_FORCE_PATH_STYLE: true,
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  test("round trip with path-style addressing, signed requests and no checksum trailers", async () => {
    const s3 = createS3BlobStore({ client: createS3Client(settings()), bucket: "bloco-docs" });
    const key = "clients/3/documents/ab/thumb.webp";
    const body = Buffer.from("webp-bytes");
    expect(await s3.exists(key)).toBe(false);
    expect(await s3.get(key)).toBeNull();
    await s3.put(key, body, "image/webp");
    const put = fake.requests.find((r) => r.method === "PUT");
    expect(put?.url.split("?")[0]).toBe(`/bloco-docs/${key}`);
    expect(put?.headers["content-type"]).toBe("image/webp");
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTKEY\/\d{8}\/us-east-1\/s3\//);
    expect(Object.keys(put?.headers ?? {}).filter((h) => h.startsWith("x-amz-checksum"))).toEqual([]);
    expect(fake.objects.get(`/bloco-docs/${key}`)?.body.equals(body)).toBe(true);
    expect(await s3.exists(key)).toBe(true);
    const got = await s3.get(key);
    expect(got?.contentType).toBe("image/webp");
    expect(got?.body.equals(body)).toBe(true);
    await s3.delete(key);
    expect(await s3.exists(key)).toBe(false);
  });

  test("refuses bad keys and mismatched types before any request", async () => {
    const s3 = createS3BlobStore({ client: createS3Client(settings()), bucket: "bloco-docs" });
    const before = fake.requests.length;
    await expect(s3.get("../other-bucket/x.webp")).rejects.toMatchObject({ code: "invalid_input" });
    await expect(s3.put("a.png", Buffer.from("x"), "image/webp")).rejects.toThrow("implies content type");
    expect(fake.requests.length).toBe(before);
  });

  test("getBlobStore picks S3 when STORAGE_DRIVER=s3", async () => {
    await jest.isolateModulesAsync(async () => {
      Object.assign(process.env, { ...settings(), STORAGE_DRIVER: "s3", S3_FORCE_PATH_STYLE: "true" });
      const { getBlobStore } = await import("@/server/storage");
      await getBlobStore().put("from/config.txt", Buffer.from("hi"), "text/plain");
      expect(fake.objects.get("/bloco-docs/from/config.txt")?.body.toString()).toBe("hi");
    });
    delete process.env.STORAGE_DRIVER;
  });

  test("createS3Client needs credentials", () => {
    expect(() => createS3Client({ ...settings(), S3_ACCESS_KEY_ID: undefined })).toThrow("S3_ACCESS_KEY_ID");
  });
});
