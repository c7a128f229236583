import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { acceptsBrotli, compressStatic, loadStatic, serveStatic } from "@/server/serve/static-brotli";
import { rawRequest } from "@/tests/helpers/raw-http";

// server/serve/static-brotli.ts: the build's scripts and styles compressed once with brotli and served
// from memory by the app server; everything it does not answer falls through to Next ("next" below).

const SCRIPT = `console.log(${JSON.stringify("Bloco ".repeat(400))});`;
const STYLE = `body{color:#123}`.repeat(50);
let dir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "static-brotli-"));
  mkdirSync(join(dir, "chunks"), { recursive: true });
  mkdirSync(join(dir, "css"), { recursive: true });
  writeFileSync(join(dir, "chunks", "a1.js"), SCRIPT);
  writeFileSync(join(dir, "css", "b2.css"), STYLE);
  writeFileSync(join(dir, "media", "x.woff2").replace("media", "chunks"), "font");
  expect(compressStatic(dir)).toBe(2);
  const assets = loadStatic(dir, { "X-Content-Type-Options": "nosniff" });
  server = createServer((req, res) => {
    if (serveStatic(assets, req, res, { "X-Content-Type-Options": "nosniff" })) return;
    res.writeHead(200, { "content-type": "text/plain" }).end("next");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

const call = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(port, path, headers, method);

describe("compressStatic", () => {
  test("writes a .br beside each script and style only, whose bytes decode to the file", () => {
    expect(brotliDecompressSync(readFileSync(join(dir, "chunks", "a1.js.br"))).toString()).toBe(SCRIPT);
    expect(brotliDecompressSync(readFileSync(join(dir, "css", "b2.css.br"))).toString()).toBe(STYLE);
    expect(existsSync(join(dir, "chunks", "x.woff2.br"))).toBe(false);
  });

  test("a second run writes nothing and leaves the files as they are", () => {
    const before = statSync(join(dir, "chunks", "a1.js.br")).mtimeMs;
    expect(compressStatic(dir)).toBe(0);
    expect(statSync(join(dir, "chunks", "a1.js.br")).mtimeMs).toBe(before);
  });

  test("an absent directory (no build yet) has nothing to compress or serve", () => {
    expect(compressStatic(join(dir, "nao-existe"))).toBe(0);
    expect(loadStatic(join(dir, "nao-existe")).size).toBe(0);
  });
});

describe("acceptsBrotli", () => {
  test.each([
    ["gzip, deflate, br, zstd", true],
    ["br", true],
    ["BR;q=0.5", true],
    ["gzip, br ; q=1", true],
    ["br;q=0", false],
    ["gzip, br;q=0.0", false],
    ["gzip", false],
    ["brotli", false],
    ["", false],
    [undefined, false],
  ])("%p → %p", (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});

describe("serveStatic", () => {
  test("a script to a client that accepts br: the compressed bytes with type, caching, ETag and the given headers", async () => {
    const answer = await call("/_next/static/chunks/a1.js?dpl=1", { "accept-encoding": "gzip, br" });
    expect(answer.status).toBe(200);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(answer.headers).toMatchObject({
      "content-type": "application/javascript; charset=UTF-8",
      "content-encoding": "br",
      "content-length": String(answer.body.length),
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
    });
    expect(answer.headers.etag).toMatch(/^"br-[\w-]{22}"$/);
    const style = await call("/_next/static/css/b2.css", { "accept-encoding": "br" });
    expect(style.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(brotliDecompressSync(style.body).toString()).toBe(STYLE);
  });

  test("HEAD gets the headers without the body; a matching If-None-Match gets 304", async () => {
    const head = await call("/_next/static/chunks/a1.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const again = await call("/_next/static/chunks/a1.js", {
      "accept-encoding": "br",
      "if-none-match": String(head.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(again.headers.etag).toBe(head.headers.etag);
  });

  test("left to Next: no br accepted, a Range, an unknown file, a file with no .br, a path outside /_next/static/", async () => {
    for (const [path, headers] of [
      ["/_next/static/chunks/a1.js", { "accept-encoding": "gzip" }],
      ["/_next/static/chunks/a1.js", { "accept-encoding": "br;q=0" }],
      ["/_next/static/chunks/a1.js", { "accept-encoding": "br", range: "bytes=0-10" }],
      ["/_next/static/chunks/nao-existe.js", { "accept-encoding": "br" }],
      ["/_next/static/chunks/x.woff2", { "accept-encoding": "br" }],
      ["/_next/static/chunks/../chunks/a1.js", { "accept-encoding": "br" }],
      ["/_next/static/chunks/%2e%2e/chunks/a1.js", { "accept-encoding": "br" }],
      ["/api/me/", { "accept-encoding": "br" }],
    ] as const) {
      const answer = await call(path, headers);
      expect([path, answer.body.toString()]).toEqual([path, "next"]);
    }
  });

  test("a write to a static path is refused with 405 and Allow, not handed to Next", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const answer = await call("/_next/static/chunks/a1.js", { "accept-encoding": "br" }, method);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});
