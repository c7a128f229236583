// The API's JSON answers compressed for the clients that accept it, by the app server (main.ts) in front of
// Next. Next leaves them uncompressed: its gzip middleware (the `compress` option) reads the answer's
// Content-Type back, Next sets a route handler's headers as lists, and a one-item list is not
// recognised as JSON; and a route handler cannot compress its own answer, since Next drops the
// Content-Encoding it sets. Letting that middleware compress them anyway was measured and refused: its
// zlib stream per answer cost 20–27% of the throughput of /api/me/ and /api/clients. One synchronous
// brotli call (quality 2) costs 10–30 µs for 3–30 KB of JSON (the client list, polled every few
// seconds, often on a phone's connection) and makes it several times smaller (the demo office's list:
// 2,948 bytes to 665).
//
// So an API answer is held until its end (they are JSON documents written in one piece, never streams)
// and then written once: compressed (brotli at quality 2, else gzip at level 1: nearly the size of
// their defaults in a third to half of the time) when it is JSON of at least COMPRESS_FROM_BYTES, as it
// came otherwise. Nothing changes for a client that sends no
// Accept-Encoding, for HEAD, or for an answer something before us encoded (its Content-Encoding is set
// by the time the headers would go: Next's middleware, should it ever take JSON, sets it then).
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptsEncoding } from "./accept-encoding";
import { isApiPath } from "./api-path";

/** Shorter answers go as they are: compressing them saves less than the headers it adds. */
export const COMPRESS_FROM_BYTES = 1024;
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 1;

export type ApiCoding = "br" | "gzip";

/**
 * The coding an API answer to this request may use: "br", "gzip", or null (not under /api, a HEAD, no
 * coding the client accepts).
 */
export function apiCoding(req: IncomingMessage): ApiCoding | null {
  const url = req.url ?? "";
  if (!isApiPath(url) || req.method === "HEAD") return null;
  const header = req.headers["accept-encoding"];
  if (acceptsEncoding(header, "br")) return "br";
  if (acceptsEncoding(header, "gzip")) return "gzip";
  return null;
}

/** The body in `coding`. */
export function encode(body: Buffer, coding: ApiCoding): Buffer {
  if (coding === "gzip") return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

const headerText = (value: unknown): string => (Array.isArray(value) ? value.join(", ") : String(value ?? ""));

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (Buffer.isBuffer(chunk)) return chunk;
  const view = chunk as ArrayBufferView;
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

type WriteHeadRest = (string | OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined)[];
type Callback = (error?: Error | null) => void;

/**
 * Makes `res` write its answer compressed (see the top of this file) when `apiCoding(req)` allows it.
 * Call it before the request goes to Next. Returns whether `res` was wrapped.
 */
export function compressApiAnswer(req: IncomingMessage, res: ServerResponse): boolean {
  const coding = apiCoding(req);
  if (!coding) return false;
  const { write, end, writeHead, flushHeaders } = res;
  const chunks: Buffer[] = [];
  // Decided when the headers would first go out: they are set by then.
  let holding: boolean | undefined;
  let released = false;
  const held = () => {
    holding ??=
      res.statusCode !== 204 &&
      res.statusCode !== 304 &&
      /^application\/json\b/i.test(headerText(res.getHeader("content-type"))) &&
      !res.getHeader("content-encoding");
    return holding && !released;
  };

  // The headers of a held answer go with its end, when they are final.
  res.writeHead = function writeHeadHeld(this: ServerResponse, status: number, ...rest: WriteHeadRest) {
    if (!held()) return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    this.statusCode = status;
    for (const arg of rest) {
      if (typeof arg === "string") this.statusMessage = arg;
      else if (Array.isArray(arg))
        for (let i = 0; i + 1 < arg.length; i += 2) this.setHeader(String(arg[i]), arg[i + 1] as OutgoingHttpHeader);
      else if (arg && typeof arg === "object")
        for (const [name, value] of Object.entries(arg)) if (value !== undefined) this.setHeader(name, value);
    }
    return this;
  } as typeof res.writeHead;
  // Next flushes the headers before the first chunk. Deciding then, before the writeHead chain ran,
  // would miss a Content-Encoding that a wrapper after us (Next's middleware) sets in it: run the
  // chain first, which decides in writeHeadHeld.
  res.flushHeaders = function flushHeadersHeld(this: ServerResponse) {
    if (holding === undefined && !this.headersSent) this.writeHead(this.statusCode);
    if (!held()) flushHeaders.call(this);
  };
  res.write = function writeHeld(this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    // eslint-disable-next-line prefer-rest-params -- the caller's arguments, as given
    if (!held()) return (write as (...args: unknown[]) => boolean).apply(this, [...arguments]);
    chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") process.nextTick(done as Callback);
    return true;
  } as typeof res.write;
  res.end = function endHeld(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (typeof chunk === "function") [chunk, encoding, callback] = [undefined, undefined, chunk];
    else if (typeof encoding === "function") [encoding, callback] = [undefined, encoding];
    const passOn = end as (...args: unknown[]) => ServerResponse;
    if (!held()) return passOn.call(this, chunk, encoding, callback);
    if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    released = true;
    let body: Buffer = Buffer.concat(chunks);
    if (body.length >= COMPRESS_FROM_BYTES) {
      body = encode(body, coding);
      this.setHeader("Content-Encoding", coding);
      if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(headerText(this.getHeader("vary")))) {
        const vary = this.getHeader("vary");
        this.setHeader("Vary", vary ? `${headerText(vary)}, Accept-Encoding` : "Accept-Encoding");
      }
    }
    this.removeHeader("Transfer-Encoding");
    this.setHeader("Content-Length", body.length);
    return passOn.call(this, body, callback);
  } as typeof res.end;
  return true;
}
