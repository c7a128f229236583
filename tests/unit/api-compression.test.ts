import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
// The gzip middleware Next runs before its handlers (router-server.js), as Next ships it.
const nextCompression = require("next/dist/compiled/compression") as () => (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;
import { apiCoding, compressApiAnswer, COMPRESS_FROM_BYTES } from "@/server/serve/api-compression";
import { acceptsEncoding } from "@/server/serve/accept-encoding";
import { rawRequest } from "@/tests/helpers/raw-http";

// server/serve/api-compression.ts: the app server wraps each response before Next gets it. The
// handlers below write the way Next writes a route handler's answer (sendResponse + pipeToNodeResponse:
// the headers set as lists, flushHeaders, the chunks, end), behind Next's own gzip middleware, which
// wraps the same response after us.

// Keys that do not repeat, so that even compressed it stays over 1 KiB (a second compression would show).
const LARGE = JSON.stringify({
  data: Array.from({ length: 80 }, (_, i) => ({
    id: i,
    name: `Cliente ${i} Comércio Ltda`,
    key: createHash("sha256").update(String(i)).digest("hex"),
  })),
});
const SMALL = JSON.stringify({ data: { id: 1 } });

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const answers: Record<string, Handler> = {
  // Next's route handler answer: headers as one-item lists (which its middleware does not take as JSON)
  "/api/large": (_req, res) =>
    nextWrites(res, ["application/json; charset=utf-8"], [LARGE.slice(0, 500), LARGE.slice(500)]),
  "/api/small": (_req, res) => nextWrites(res, ["application/json; charset=utf-8"], [SMALL]),
  // a Content-Type the middleware does take as JSON: it compresses, and we must not compress again
  "/api/plain-type": (_req, res) => nextWrites(res, "application/json; charset=utf-8", [LARGE]),
  "/api/image": (_req, res) => nextWrites(res, ["image/jpeg"], [Buffer.alloc(4096, 7)]),
  "/api/end-only": (_req, res) => {
    res.setHeader("content-type", ["application/json; charset=utf-8"]);
    res.statusCode = 404;
    res.end(LARGE);
  },
  "/api/write-head": (_req, res) => {
    res.writeHead(201, { "content-type": ["application/json; charset=utf-8"], "x-extra": "sim" });
    res.end(LARGE);
  },
  "/login": (_req, res) => nextWrites(res, ["application/json; charset=utf-8"], [LARGE]),
};

function nextWrites(res: ServerResponse, type: string | string[], chunks: (string | Buffer)[]) {
  res.statusCode = 200;
  res.setHeader("content-type", type);
  res.setHeader("vary", ["rsc", "next-router-state-tree"]);
  res.flushHeaders();
  const rest = [...chunks];
  const next = () => {
    const chunk = rest.shift();
    if (chunk === undefined) return res.end();
    res.write(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
    setImmediate(next);
  };
  next();
}

let server: Server;
let port: number;
const middleware = nextCompression();

beforeAll(async () => {
  server = createServer((req, res) => {
    compressApiAnswer(req, res);
    middleware(req, res, () => undefined);
    const path = (req.url ?? "").split("?")[0];
    (answers[path] ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((done) => server.close(done)));

const call = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(port, path, headers, method);

const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

describe("compressApiAnswer", () => {
  test("a JSON answer of 1 KiB or more goes in brotli to a browser, whole, with its length and Vary", async () => {
    expect(LARGE.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const answer = await call("/api/large", BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toMatch(/^rsc, next-router-state-tree, Accept-Encoding$/i);
    expect(answer.body.length).toBeLessThan(LARGE.length * 0.7);
    expect(brotliDecompressSync(answer.body).toString()).toBe(LARGE);
  });

  test("gzip for a client that takes gzip only (or refuses br with q=0)", async () => {
    for (const accept of ["gzip", "br;q=0, gzip"]) {
      const answer = await call("/api/large", { "accept-encoding": accept });
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(answer.body).toString()).toBe(LARGE);
    }
  });

  test("as it came for a client that accepts neither, or sends no Accept-Encoding", async () => {
    for (const headers of [{}, { "accept-encoding": "identity" }, { "accept-encoding": "zstd, deflate" }] as Record<
      string,
      string
    >[]) {
      const answer = await call("/api/large", headers);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.toString()).toBe(LARGE);
    }
  });

  test("a short answer goes uncompressed, with its length", async () => {
    const answer = await call("/api/small", BROWSER);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-length"]).toBe(String(SMALL.length));
    expect(answer.body.toString()).toBe(SMALL);
  });

  test("an answer Next's middleware compressed is not compressed twice", async () => {
    const answer = await call("/api/plain-type", { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.body.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(gunzipSync(answer.body).toString()).toBe(LARGE);
  });

  test("what is not JSON passes through untouched", async () => {
    const answer = await call("/api/image", BROWSER);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.equals(Buffer.alloc(4096, 7))).toBe(true);
  });

  test("the status and the headers of writeHead are kept; an error answer is compressed too", async () => {
    const created = await call("/api/write-head", BROWSER);
    expect(created.status).toBe(201);
    expect(created.headers["x-extra"]).toBe("sim");
    expect(brotliDecompressSync(created.body).toString()).toBe(LARGE);
    const missing = await call("/api/end-only", BROWSER);
    expect(missing.status).toBe(404);
    expect(brotliDecompressSync(missing.body).toString()).toBe(LARGE);
  });

  test("only /api answers, and never a HEAD", async () => {
    const page = await call("/login", { "accept-encoding": "br" });
    expect(page.headers["content-encoding"]).toBeUndefined();
    expect(page.body.toString()).toBe(LARGE);
    const head = await call("/api/large", BROWSER, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});

describe("apiCoding and acceptsEncoding", () => {
  const req = (url: string, accept?: string, method = "GET") =>
    ({ url, method, headers: accept ? { "accept-encoding": accept } : {} }) as IncomingMessage;
  test.each([
    ["/api/clients", "gzip, deflate, br, zstd", "br"],
    ["/api", "br", "br"],
    ["/api?x=1", "gzip", "gzip"],
    ["/api/me/", "BR;q=0, GZIP;q=0.5", "gzip"],
    ["/apiary", "br", null],
    ["/home", "br", null],
    ["/api/clients", undefined, null],
    ["/api/clients", "br;q=0, gzip;q=0", null],
  ])("%s with %s → %s", (url, accept, coding) => {
    expect(apiCoding(req(url, accept))).toBe(coding);
  });

  test("q=0 refuses, any other q or none accepts; names are whole", () => {
    expect(acceptsEncoding("gzip;q=0.001", "gzip")).toBe(true);
    expect(acceptsEncoding("gzip ; q=0.0", "gzip")).toBe(false);
    expect(acceptsEncoding("x-gzip", "gzip")).toBe(false);
    expect(acceptsEncoding(null, "gzip")).toBe(false);
  });
});
