// The production server that scripts/start.ts runs: Next's own request handler (the same one `next
// start` uses) behind node:http, with the build's scripts and styles answered brotli-compressed from
// memory first (scripts/lib/static-brotli.mjs), and the API's JSON answers compressed for the clients that
// accept it (scripts/lib/api-compression.mjs). Usage: node scripts/serve.mjs (PORT, HOST, NEXT_DIST_DIR).
// On SIGTERM or SIGINT it stops accepting connections, lets the requests in flight finish, then exits.
import { createServer } from "node:http";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { securityHeaders } from "./lib/security-headers.mjs";
import { compressApiAnswer } from "./lib/api-compression.mjs";
import { internalErrorAnswer, onClientError } from "./lib/client-error.mjs";
import { saneUrl } from "./lib/sane-url.mjs";
import { compressStatic, loadStatic, serveStatic } from "./lib/static-brotli.mjs";

process.env.NODE_ENV = "production";
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";
const { default: next } = await import("next");

const staticDir = resolve(root, process.env.NEXT_DIST_DIR || ".next", "static");
const written = compressStatic(staticDir);
if (written > 0) console.log(`[bloco] ${written} static files compressed with brotli`);
const headers = Object.fromEntries(securityHeaders.map(({ key, value }) => [key, value]));
const assets = loadStatic(staticDir, headers);

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  req.url = saneUrl(req.url ?? "/");
  if (serveStatic(assets, req, res, headers)) return;
  compressApiAnswer(req, res);
  // Next answers its own errors; one that escapes it (an invariant) must not end the process, so it is
  // logged and answered the way `next start` does.
  handle(req, res).catch((error) => {
    console.error(`[bloco] request ${req.method} ${req.url} failed:`, error);
    if (res.headersSent) return res.end();
    const answer = internalErrorAnswer(req.url ?? "/");
    res.writeHead(500, { ...headers, ...answer.headers });
    res.end(answer.body);
  });
});
// A request the HTTP parser refuses (headers too large, malformed) gets a pt-BR answer, JSON on /api.
server.on("clientError", onClientError(headers));
server.listen(port, hostname, () => console.log(`[bloco] Next.js ready on http://${hostname}:${port}`));

let closing = false;
const close = (code) => {
  if (closing) return;
  closing = true;
  // close() stops accepting at once and calls back when the last request in flight has been answered
  // (idle keep-alive connections are closed by Node itself).
  server.close(() => {
    app
      .close()
      .catch((error) => console.error(error))
      .finally(() => process.exit(code));
  });
};
process.on("SIGTERM", () => close(143));
process.on("SIGINT", () => close(130));
