// The API's JSON answers compressed for the clients that accept it, by scripts/serve.mjs in front of
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
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptsEncoding } from "./accept-encoding.mjs";
import { isApiPath } from "./api-path.mjs";

/** Shorter answers go as they are: compressing them saves less than the headers it adds. */
export const COMPRESS_FROM_BYTES = 1024;
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 1;

/**
 * The coding an API answer to this request may use: "br", "gzip", or null (not under /api, a HEAD, no
 * coding the client accepts).
 * @param {import("node:http").IncomingMessage} req
 * @returns {"br" | "gzip" | null}
 */
export function apiCoding(req) {
  const url = req.url ?? "";
  if (!isApiPath(url) || req.method === "HEAD") return null;
  const header = req.headers["accept-encoding"];
  if (acceptsEncoding(header, "br")) return "br";
  if (acceptsEncoding(header, "gzip")) return "gzip";
  return null;
}

/**
 * The body in `coding`.
 * @param {Buffer} body
 * @param {"br" | "gzip"} coding
 * @returns {Buffer}
 */
export function encode(body, coding) {
  if (coding === "gzip") return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** @param {unknown} value */
const headerText = (value) => (Array.isArray(value) ? value.join(", ") : String(value ?? ""));
/** @param {unknown} chunk @param {unknown} encoding */
function toBuffer(chunk, encoding) {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8");
  if (Buffer.isBuffer(chunk)) return chunk;
  const view = /** @type {ArrayBufferView} */ (chunk);
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * Makes `res` write its answer compressed (see the top of this file) when `apiCoding(req)` allows it.
 * Call it before the request goes to Next. Returns whether `res` was wrapped.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @returns {boolean}
 */
export function compressApiAnswer(req, res) {
  const coding = apiCoding(req);
  if (!coding) return false;
  const { write, end, writeHead, flushHeaders } = res;
  /** @type {Buffer[]} */
  const chunks = [];
  /** @type {boolean | undefined} decided when the headers would first go out: they are set by then */
  let holding;
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
  res.writeHead = /** @type {typeof res.writeHead} */ (
    function writeHeadHeld(/** @type {number} */ status, /** @type {any[]} */ ...rest) {
      if (!held()) return writeHead.call(this, status, ...rest);
      this.statusCode = status;
      for (const arg of rest) {
        if (typeof arg === "string") this.statusMessage = arg;
        else if (Array.isArray(arg)) for (let i = 0; i + 1 < arg.length; i += 2) this.setHeader(arg[i], arg[i + 1]);
        else if (arg && typeof arg === "object")
          for (const [name, value] of Object.entries(arg)) this.setHeader(name, value);
      }
      return this;
    }
  );
  // Next flushes the headers before the first chunk. Deciding then, before the writeHead chain ran,
  // would miss a Content-Encoding that a wrapper after us (Next's middleware) sets in it: run the
  // chain first, which decides in writeHeadHeld.
  res.flushHeaders = function flushHeadersHeld() {
    if (holding === undefined && !this.headersSent) this.writeHead(this.statusCode);
    if (!held()) flushHeaders.call(this);
  };
  res.write = /** @type {typeof res.write} */ (
    function writeHeld(/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ callback) {
      if (!held()) return write.apply(this, /** @type {any} */ (arguments));
      chunks.push(toBuffer(chunk, encoding));
      const done = typeof encoding === "function" ? encoding : callback;
      if (typeof done === "function") process.nextTick(done);
      return true;
    }
  );
  res.end = /** @type {typeof res.end} */ (
    function endHeld(/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ callback) {
      if (typeof chunk === "function") [chunk, encoding, callback] = [undefined, undefined, chunk];
      else if (typeof encoding === "function") [encoding, callback] = [undefined, encoding];
      if (!held()) return end.call(this, chunk, encoding, callback);
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
      released = true;
      let body = Buffer.concat(chunks);
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
      return end.call(this, body, callback);
    }
  );
  return true;
}
