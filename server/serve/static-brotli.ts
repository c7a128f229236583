// The build's scripts and styles (.next/static) served brotli-compressed. `next start` compresses with
// gzip only; brotli at quality 11 makes every page's first-load JavaScript about 15% smaller. It is too
// slow to run per request, so each file is compressed once per build (written beside it as `<file>.br`)
// and the compressed bytes are kept in memory: serving one is a Map lookup and one write.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { acceptsEncoding } from "./accept-encoding";

const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};
const URL_PREFIX = "/_next/static/";

/** Every file under `dir`, recursively (an absent directory has none). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name)); // parentPath from Node 20.12
}

/**
 * Writes `<file>.br` beside every script and style of `staticDir` that has none yet (a build makes new
 * file names, so this runs once per build). Returns how many it wrote.
 */
export function compressStatic(staticDir: string): number {
  let written = 0;
  for (const file of filesUnder(staticDir)) {
    if (!(extname(file) in TYPES) || existsSync(`${file}.br`)) continue;
    const source = readFileSync(file);
    const compressed = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    writeFileSync(`${file}.br`, compressed);
    written += 1;
  }
  return written;
}

/** A compressed file: its bytes, ETag and the whole set of answer headers. */
export type StaticAsset = { body: Buffer; etag: string; headers: Record<string, string> };
export type StaticAssets = Map<string, StaticAsset>;

/**
 * The compressed files of `staticDir` by URL path (/_next/static/…), each with its answer headers:
 * `headers` (the site's security headers) plus the type, encoding, length, caching and an ETag.
 */
export function loadStatic(staticDir: string, headers: Record<string, string> = {}): StaticAssets {
  const assets: StaticAssets = new Map();
  for (const file of filesUnder(staticDir)) {
    if (!file.endsWith(".br")) continue;
    const source = file.slice(0, -3);
    const type = TYPES[extname(source)];
    if (!type || !existsSync(source)) continue;
    const body = readFileSync(file);
    const etag = `"br-${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    const path = URL_PREFIX + relative(staticDir, source).split(sep).join("/");
    assets.set(path, {
      body,
      etag,
      headers: {
        ...headers,
        "Content-Type": type,
        "Content-Encoding": "br",
        "Content-Length": String(body.length),
        "Cache-Control": "public, max-age=31536000, immutable",
        Vary: "Accept-Encoding",
        ETag: etag,
      },
    });
  }
  return assets;
}

/** Whether an Accept-Encoding header accepts br (listed, and not with q=0). */
export function acceptsBrotli(header: string | string[] | null | undefined): boolean {
  return acceptsEncoding(header, "br");
}

/**
 * Answers `req` from `assets` when it can: a GET or HEAD of a compressed file, from a client that
 * accepts br, without a Range. Anything else under /_next/static/ that is not a GET or HEAD gets 405
 * (Next answers such a call with 500). Returns false when Next should answer instead.
 */
export function serveStatic(
  assets: StaticAssets,
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string> = {},
): boolean {
  const url = req.url ?? "";
  if (!url.startsWith(URL_PREFIX)) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, {
      ...headers,
      Allow: "GET, HEAD",
      "Content-Type": "text/plain; charset=UTF-8",
      "Cache-Control": "no-store",
    });
    res.end("Método não permitido");
    return true;
  }
  const query = url.indexOf("?");
  const asset = assets.get(query === -1 ? url : url.slice(0, query));
  if (!asset || req.headers.range || !acceptsBrotli(req.headers["accept-encoding"])) return false;
  if (req.headers["if-none-match"] === asset.etag) {
    const { "Content-Length": _length, "Content-Encoding": _encoding, ...rest } = asset.headers;
    res.writeHead(304, rest);
    res.end();
    return true;
  }
  res.writeHead(200, asset.headers);
  res.end(req.method === "HEAD" ? undefined : asset.body);
  return true;
}
