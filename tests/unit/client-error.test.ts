import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { REFUSALS, clientErrorKind, internalErrorAnswer, onClientError } from "@/server/serve/client-error";
import { apiMessages } from "@/lib/i18n/sections/api";
import { errorStatus } from "@/server/errors";
import { parseRawAnswer, rawExchange } from "@/tests/helpers/raw-http";

// server/serve/client-error.ts: what the app server answers to a request Node's HTTP parser refuses
// before any handler runs. A real node:http server with the listener, spoken to over a raw socket.

const SECURITY = { "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY" };

let server: Server;
let port: number;
let handled = 0;

beforeAll(async () => {
  // requestTimeout and its check interval small, so a request that stops arriving is refused soon
  server = createServer({ requestTimeout: 300, headersTimeout: 300, connectionsCheckingInterval: 50 }, (_req, res) => {
    handled += 1;
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "11" });
    res.end('{"data":{}}');
  });
  server.on("clientError", onClientError(SECURITY));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const exchange = (parts: string[]) => rawExchange(port, parts);

const bigHeader = `X-Padding: ${"a".repeat(20_000)}\r\n`;

describe("onClientError on a node:http server", () => {
  it("answers headers over the limit on an API path with 431 and the pt-BR JSON envelope", async () => {
    const answer = parseRawAnswer(await exchange([`GET /api/clients HTTP/1.1\r\nHost: x\r\n${bigHeader}\r\n`]));
    expect(answer.status).toBe(431);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: "headers_too_large", message: apiMessages.refused.headers },
    });
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body));
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["connection"]).toBe("close");
  });

  it("answers a malformed header on an API path with 400 invalid_input, and on a page's path with the message as text", async () => {
    const api = parseRawAnswer(await exchange(["POST /api/me/ HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n"]));
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ error: { code: "invalid_input", message: apiMessages.refused.malformed } });

    const page = parseRawAnswer(await exchange(["GET /login HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n"]));
    expect(page.status).toBe(400);
    expect(page.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(page.headers["content-security-policy"]).toBeUndefined();
    expect(page.body).toBe(apiMessages.refused.malformed);
  });

  it("answers the envelope when the bytes it failed on do not show the path (a garbled request line)", async () => {
    const answer = parseRawAnswer(await exchange(["\u0001\u0002 nonsense\r\n\r\n"]));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.code).toBe("invalid_input");
  });

  it("answers a request whose headers stop arriving with 408 once the server's time limit passes", async () => {
    const answer = parseRawAnswer(await exchange(["GET /api/me/ HTTP/1.1\r\nHost: x\r\n"]));
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: "timeout", message: apiMessages.refused.timeout } });
  });

  it("writes nothing more on a keep-alive connection that already answered: the garbage that follows only closes it", async () => {
    const before = handled;
    const raw = await exchange(["GET /api/me/ HTTP/1.1\r\nHost: x\r\n\r\n", "GARBAGE\r\n\r\n"]);
    expect(handled).toBe(before + 1);
    expect(raw.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(parseRawAnswer(raw).status).toBe(200);
  });
});

describe("the answers' texts and codes", () => {
  it("say what the catalogue says, with codes of the error table and their statuses", () => {
    for (const [kind, answer] of Object.entries(REFUSALS)) {
      expect(answer.message).toBe(apiMessages.refused[kind as keyof typeof apiMessages.refused]);
      if (kind !== "chunkExtensions") expect(errorStatus[answer.code as keyof typeof errorStatus]).toBe(answer.status);
    }
    expect(REFUSALS.chunkExtensions.code).toBe("too_large");
    expect(errorStatus.too_large).toBe(413);
  });

  it("maps Node's error codes as Node's own listener does", () => {
    expect(clientErrorKind("HPE_HEADER_OVERFLOW")).toBe("headers");
    expect(clientErrorKind("HPE_CHUNK_EXTENSIONS_OVERFLOW")).toBe("chunkExtensions");
    expect(clientErrorKind("ERR_HTTP_REQUEST_TIMEOUT")).toBe("timeout");
    expect(clientErrorKind("HPE_INVALID_HEADER_TOKEN")).toBe("malformed");
    expect(clientErrorKind(undefined)).toBe("malformed");
  });

  it("answers a 500 Next failed to answer with the envelope on /api and the message as text elsewhere", () => {
    const api = internalErrorAnswer("/api/clients?x=1");
    expect(api.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(api.body.toString("utf8"))).toEqual({
      error: { code: "internal", message: apiMessages.internal },
    });
    expect(api.headers["Content-Length"]).toBe(String(api.body.length));
    const page = internalErrorAnswer("/apiary");
    expect(page.headers["Content-Type"]).toBe("text/plain; charset=utf-8");
    expect(page.body.toString("utf8")).toBe(apiMessages.internal);
  });
});
