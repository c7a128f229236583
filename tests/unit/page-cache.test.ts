import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { privatePages } from "@/server/serve/page-cache";
import { rawRequest } from "@/tests/helpers/raw-http";

// server/serve/page-cache.ts: the app server makes every HTML answer private, whatever Next set (a
// prerendered page came with s-maxage=31536000: a CDN would keep it, and its CSP, for a year).

type Writer = (res: ServerResponse) => void;
let server: Server;
let port: number;
let writer: Writer;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    privatePages(req, res);
    writer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function cacheControl(path: string, write: Writer): Promise<string | undefined> {
  writer = write;
  const answer = await rawRequest(port, path);
  return answer.headers["cache-control"] as string | undefined;
}

test("a prerendered page's s-maxage (set with setHeader, Next's way) becomes private, no-cache", async () => {
  const header = await cacheControl("/login", (res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "s-maxage=31536000");
    res.end("<html></html>");
  });
  expect(header).toBe("private, no-cache");
});

test("headers given to writeHead (object form) and an implicit header written by the first chunk", async () => {
  expect(
    await cacheControl("/", (res) => {
      res.writeHead(200, { "content-type": "text/html", "cache-control": "public, max-age=600" });
      res.end("x");
    }),
  ).toBe("private, no-cache");
  expect(
    await cacheControl("/home", (res) => {
      res.setHeader("content-type", "text/html");
      res.setHeader("cache-control", "s-maxage=31536000, stale-while-revalidate");
      res.write("x");
      res.end();
    }),
  ).toBe("private, no-cache");
});

test("a page that asked for no-store keeps it; API answers and other types are left alone", async () => {
  const noStore = (res: ServerResponse) => {
    res.setHeader("content-type", "text/html");
    res.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
    res.end("x");
  };
  expect(await cacheControl("/home/client/contabilization/mobile/abc", noStore)).toBe("private, no-store");
  const json = (res: ServerResponse) => {
    res.setHeader("content-type", "application/json");
    res.setHeader("cache-control", "public, max-age=60");
    res.end("{}");
  };
  expect(await cacheControl("/logo.svg", json)).toBe("public, max-age=60");
  // under /api nothing is touched, whatever the type
  expect(
    await cacheControl(
      "/api/x",
      (res) => (res.setHeader("content-type", "text/html"), res.setHeader("cache-control", "max-age=5"), res.end("x")),
    ),
  ).toBe("max-age=5");
});
