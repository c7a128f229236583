// The production server that scripts/start.ts runs: Next's own request handler (the same one `next
// start` uses) behind node:http, with the build's scripts and styles answered brotli-compressed from
// memory first (static-brotli.ts), the API's JSON answers compressed for the clients that accept it
// (api-compression.ts), and one access-log line per request (access-log.ts).
// Usage: node --import tsx server/serve/main.ts (PORT, HOST, NEXT_DIST_DIR).
// On SIGTERM or SIGINT it stops accepting connections, lets the requests in flight finish (for at most
// DRAIN_MS: a request still open then has its connection closed), then exits.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { scopedLogger } from "@/server/log";
import { logRequest } from "./access-log";
import { compressApiAnswer } from "./api-compression";
import { isApiPath } from "./api-path";
import { errorAnswer, internalErrorAnswer, onClientError, SERVED_METHODS } from "./client-error";
import { privatePages } from "./page-cache";
import { collapsedPath, originForm } from "./sane-url";
import { API_CONTENT_SECURITY_POLICY, securityHeaders } from "./security-headers";
import { compressStatic, loadStatic, serveStatic } from "./static-brotli";

const log = scopedLogger("http");
const root = resolve(__dirname, "../..");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";

// What the server allows for `OPTIONS *` (a question about the server, not a resource).
const ALLOW = "OPTIONS, GET, HEAD, POST, PUT, PATCH, DELETE";

// How long a stop waits for the requests in flight: a 14 MB photo on a slow link is answered well within
// it, and a supervisor's own patience (systemd's TimeoutStopSec, 90 s by default) is longer.
const DRAIN_MS = 30_000;

// How long an idle keep-alive connection stays open. Node's 5 s is shorter than what clients that pool
// connections keep them for: a proxy (nginx holds its upstream connections 60 s) or an HTTP client
// that ignores the Keep-Alive hint then sends on a connection just as the server closes it, and gets a
// reset instead of an answer. Past the clients' own idle limit, it is the client that closes. The
// headers' limit must be longer than this, or it would cut a connection that is only waiting.
const KEEP_ALIVE_MS = 65_000;

const headers = Object.fromEntries(securityHeaders.map(({ key, value }) => [key, value]));

/**
 * What Next is not given: a target that is no path of ours, or an HTTP/1.1 request without Host (RFC
 * 9112 §3.2, which Node's own check answers with an empty 400), get 400 'Requisição malformada.', and a
 * method Next does not take gets 501; `OPTIONS *` gets 204 and Allow. In the envelope unless the path
 * is a page's.
 */
function refuse(req: IncomingMessage, res: ServerResponse, target: string | null): void {
  if (req.method === "OPTIONS" && req.url === "*") {
    res.writeHead(204, { ...headers, Allow: ALLOW, "Cache-Control": "no-store" });
    res.end();
    return;
  }
  const kind = target !== null && !SERVED_METHODS.has(req.method ?? "") ? "method" : "malformed";
  const answer = errorAnswer(kind, target === null || isApiPath(target), headers);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/** The 308 to a path's canonical form (collapsedPath), with the security headers and a text body. */
function redirect(res: ServerResponse, location: string): void {
  res.writeHead(308, {
    ...headers,
    "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    Location: location,
  });
  res.end(location);
}

async function main(): Promise<void> {
  // Before Next is loaded: it reads the mode when it is imported.
  (process.env as Record<string, string>).NODE_ENV = "production";
  const { default: next } = await import("next");

  const staticDir = resolve(root, process.env.NEXT_DIST_DIR || ".next", "static");
  const written = compressStatic(staticDir);
  if (written > 0) log.info(`${written} static files compressed with brotli`);
  const assets = loadStatic(staticDir, headers);

  const app = next({ dev: false, dir: root, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = createServer({ requireHostHeader: false }, (req, res) => {
    logRequest(req, res, log);
    const target = originForm(req.url ?? "/");
    if (target === null || (req.httpVersion === "1.1" && !req.headers.host) || !SERVED_METHODS.has(req.method ?? ""))
      return refuse(req, res, target);
    req.url = target;
    const canonical = collapsedPath(target);
    if (canonical !== null) return redirect(res, canonical);
    // The connection's address, for the login limit keyed on an account and an address (server/http/route.ts
    // seenAddress): always ours, whatever the caller sent under that name.
    req.headers["x-bloco-peer-address"] = req.socket.remoteAddress ?? "";
    // Whether a proxy forwarded it (isLoopbackCaller: a proxy on this machine is no local caller).
    if (req.headers["x-forwarded-for"] || req.headers.forwarded || req.headers["x-real-ip"])
      req.headers["x-bloco-peer-forwarded"] = "1";
    else delete req.headers["x-bloco-peer-forwarded"];
    if (serveStatic(assets, req, res, headers)) return;
    compressApiAnswer(req, res);
    privatePages(req, res);
    // Next answers its own errors; one that escapes it (an invariant) must not end the process, so it is
    // logged and answered with a 500 (the envelope on /api).
    handle(req, res).catch((error: unknown) => {
      log.error({ err: error, reqId: req.headers["x-bloco-request-id"] }, "request failed outside the route handlers");
      if (res.headersSent) return res.end();
      const answer = internalErrorAnswer(req.url ?? "/");
      res.writeHead(500, { ...headers, ...answer.headers });
      res.end(answer.body);
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // A request the HTTP parser refuses (headers too large, malformed) gets a pt-BR answer, JSON on /api.
  server.on(
    "clientError",
    onClientError(headers, (error, status) => log.warn({ code: error.code, status }, "request refused by the parser")),
  );
  server.listen(port, hostname, () => log.info(`Next.js ready on http://${hostname}:${port}`));

  let closing = false;
  const close = (code: number) => {
    if (closing) return;
    closing = true;
    // close() stops accepting at once and calls back when the last request in flight has been answered
    // (idle keep-alive connections are closed by Node itself).
    server.close(() => {
      app
        .close()
        .catch((error: unknown) => log.error({ err: error }, "closing Next failed"))
        .finally(() => process.exit(code));
    });
    // A request still open at the deadline (a stalled client, a handler that never answers) does not hold
    // the stop: its connection is closed, which lets close() call back.
    setTimeout(() => {
      log.warn({ drainMs: DRAIN_MS }, "requests still open at the end of the drain: their connections are closed");
      server.closeAllConnections();
    }, DRAIN_MS).unref();
  };
  process.on("SIGTERM", () => close(143));
  process.on("SIGINT", () => close(130));
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, "the app server could not start");
  process.exit(1);
});
