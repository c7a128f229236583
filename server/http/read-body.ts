import "server-only";
import { isAscii } from "node:buffer";
import { randomBytes } from "node:crypto";
import { BODY_IDLE_MS, BODY_MAX_MS, BODY_MIN_RATE_BYTES_PER_S, BODY_RATE_GRACE_MS } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";

export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

/** Called with each long string value of a large body as soon as its last byte has arrived. */
export type LongStringListener = (value: string) => void;

/**
 * How long a body may take (config BODY_IDLE_MS, BODY_MIN_RATE_BYTES_PER_S, BODY_MAX_MS): beyond any of
 * them it is answered 408 and the reader cancelled, so the upload slot it held is free again.
 */
export type BodyTimeLimits = {
  /** Longest wait for the next chunk. */
  idleMs: number;
  /** Past the first RATE_GRACE_MS, the body must have averaged at least this many bytes a second. */
  minBytesPerSecond: number;
  /** Longest time for the whole body. */
  maxMs: number;
  /** How long the body may take before its rate is held to the minimum (default RATE_GRACE_MS). */
  graceMs?: number;
};

/** How long a body may take before its rate is held to the minimum (a phone's connection warming up). */
export const RATE_GRACE_MS = BODY_RATE_GRACE_MS;

export const DEFAULT_BODY_TIME_LIMITS: BodyTimeLimits = {
  idleMs: BODY_IDLE_MS,
  minBytesPerSecond: BODY_MIN_RATE_BYTES_PER_S,
  maxMs: BODY_MAX_MS,
};

// Reads a JSON body without ever holding more than maxBytes: Content-Length is checked first, then
// the stream is counted as it arrives (a lying or absent Content-Length cannot get past the cap).
// `onLongString` (an upload's route) hears each long string value (a data URL) while the rest of the
// body is still arriving, so its work can start before the body is whole; the body is still parsed
// and answered as a whole (a malformed body is 400 whatever was heard).
export async function readJsonBody(
  req: Request,
  maxBytes: number,
  onLongString?: LongStringListener,
  limits: Partial<BodyTimeLimits> = {},
): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new AppError("too_large", messages.api.tooLarge);
  if (!req.body) return undefined;
  const { idleMs, minBytesPerSecond, maxMs, graceMs = RATE_GRACE_MS } = { ...DEFAULT_BODY_TIME_LIMITS, ...limits };
  const reader = req.body.getReader();
  const scanner = new LargeJsonScanner(onLongString);
  const started = performance.now();
  for (;;) {
    // The next chunk must come before the first of: the idle wait, the body's total time, and the moment
    // the bytes so far stop covering the minimum rate (a drip of a few bytes at a time, which never
    // trips the idle wait, meets this one within seconds).
    const now = performance.now();
    const rateDeadline = started + graceMs + (scanner.length * 1000) / minBytesPerSecond;
    const deadline = Math.min(now + idleMs, started + maxMs, rateDeadline);
    const { done, value } = await readWithin(reader, Math.max(0, deadline - now));
    if (done) break;
    if (scanner.length + value.byteLength > maxBytes) {
      await reader.cancel();
      throw new AppError("too_large", messages.api.tooLarge);
    }
    scanner.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  try {
    return scanner.parse();
  } catch {
    throw new AppError("invalid_input", messages.api.invalidJson);
  }
}

/**
 * The next chunk, or 408 (the reader cancelled) when none comes within `waitMs`. Node's own limit is on
 * the whole request (5 minutes): without this one, a caller trickling a byte now and then, or nothing
 * after its headers, held one of the process's few upload slots (upload-slots.ts) that long.
 */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  waitMs: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("timeout", messages.api.refused.timeout)), waitMs);
  });
  try {
    return await Promise.race([
      reader.read().catch((error: unknown) => {
        // 'aborted' / ECONNRESET: the caller closed the connection mid-body (a load tool stopping, a tab
        // closed). Not a server failure: answer 499 without the stack trace of a 500.
        throw new AppError("client_closed", messages.api.clientClosed, { cause: error });
      }),
      stalled,
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === "timeout") void reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

// UTF-8 as JSON requires it (RFC 8259 §8.1): a byte sequence that is not UTF-8 is refused (400), never
// read as U+FFFD. The BOM is left in the text (JSON.parse refuses it, as before).
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const decode = (bytes: Buffer): string => (isAscii(bytes) ? bytes.toString("latin1") : utf8.decode(bytes));

function parseJsonText(text: string): unknown {
  if (text.trim() === "") return undefined;
  return JSON.parse(text);
}

// Bodies from this size on are parsed by parseLargeJson; below it, JSON.parse of the whole text.
const LARGE_BODY_BYTES = 262_144;
// String values at least this long are kept out of JSON.parse by parseLargeJson.
const LARGE_STRING_BYTES = 65_536;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CONTROL = /[\u0000-\u001f]/;

/**
 * JSON.parse of the UTF-8 text of the chunks pushed (the body as it arrives), same answer and same
 * failures. A small body is just that. A large one is parsed without the three copies of the whole
 * body the plain way makes (the chunks joined, decoded to one string, scanned by JSON.parse into its
 * strings: for an upload 87 MB each time, on the event loop, and on this machine fresh memory costs
 * about 4.6 ms per MB in page faults). The string tokens are found with indexOf as the chunks arrive;
 * each long one (an upload's data URLs) that is plain ASCII without escapes or control characters
 * becomes a string with one copy of its bytes (heard by the listener at once), and leaves a short
 * placeholder in the text JSON.parse reads at the end. Anything else (escapes, non-ASCII text, object
 * keys, short strings) stays in that text, so JSON.parse decides it and rejects what it would reject:
 * a replaced token is a valid string token, so the text is valid JSON exactly when the body is. The
 * placeholders carry a random nonce per body, so no string a caller sends can pass for one.
 */
export class LargeJsonScanner {
  private readonly bytes = new ChunkedBytes();
  private nonceText: string | null = null;
  /** Made on the first long string only: most bodies have none, and randomBytes is a system call. */
  private get nonce(): string {
    return (this.nonceText ??= `${randomBytes(12).toString("base64url")}:`);
  }
  private readonly values: string[] = [];
  /** [start, end) of each replaced token, quotes included. */
  private readonly replaced: [number, number][] = [];
  /** Where the scan goes on: the next byte to look at, and the opening quote of the token it is in. */
  private at = 0;
  private open = -1;

  constructor(private readonly onLongString?: LongStringListener) {}

  get length(): number {
    return this.bytes.length;
  }

  push(chunk: Buffer): void {
    this.bytes.push(chunk);
    this.scan();
  }

  private scan(): void {
    const { bytes } = this;
    for (;;) {
      if (this.open < 0) {
        const open = bytes.indexOf(QUOTE, this.at);
        if (open < 0) return void (this.at = bytes.length);
        this.open = open;
        this.at = open + 1;
      }
      const close = closingQuote(bytes, this.open, this.at);
      if (close < 0) return void (this.at = bytes.length); // the token goes on in the next chunk
      const open = this.open;
      this.open = -1;
      this.at = close + 1;
      if (close - open - 1 >= LARGE_STRING_BYTES) this.longToken(open, close);
    }
  }

  private longToken(open: number, close: number): void {
    // Whether it is an object key is known only from the byte after it: checked in parse().
    const content = this.bytes.slice(open + 1, close);
    if (content.includes(BACKSLASH) || !isAscii(content)) return;
    const value = content.toString("latin1");
    if (CONTROL.test(value)) return;
    this.replaced.push([open, close + 1]);
    this.values.push(value);
    this.onLongString?.(value);
  }

  parse(): unknown {
    const { bytes } = this;
    if (bytes.length < LARGE_BODY_BYTES) return parseJsonText(decode(bytes.slice(0, bytes.length)));
    const parts: string[] = [];
    let copied = 0;
    this.replaced.forEach(([start, end], index) => {
      if (isKey(bytes, end)) return; // a key stays in the text (JSON.parse makes it)
      parts.push(decode(bytes.slice(copied, start)), JSON.stringify(`${this.nonce}${index}`));
      copied = end;
    });
    parts.push(decode(bytes.slice(copied, bytes.length)));
    const parsed = parseJsonText(parts.join(""));
    return copied > 0 ? restore(parsed, this.nonce, this.values) : parsed;
  }
}

/** JSON.parse of the UTF-8 text of `chunks` (see LargeJsonScanner). */
export function parseJsonChunks(chunks: readonly Buffer[]): unknown {
  const scanner = new LargeJsonScanner();
  for (const chunk of chunks) scanner.push(chunk);
  return scanner.parse();
}

/** The body's chunks read as one run of bytes, without joining them. */
class ChunkedBytes {
  length = 0;
  private readonly chunks: Buffer[] = [];
  private readonly starts: number[] = [];

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.starts.push(this.length);
    this.length += chunk.length;
  }

  /** The chunk holding byte `at` (the last one whose start is ≤ at). */
  private chunkOf(at: number): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  at(index: number): number | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const chunk = this.chunkOf(index);
    return this.chunks[chunk][index - this.starts[chunk]];
  }

  indexOf(byte: number, from: number): number {
    if (from >= this.length) return -1;
    for (let chunk = this.chunkOf(from); chunk < this.chunks.length; chunk += 1) {
      const found = this.chunks[chunk].indexOf(byte, Math.max(0, from - this.starts[chunk]));
      if (found >= 0) return this.starts[chunk] + found;
    }
    return -1;
  }

  /** Bytes [start, end): a view when they lie in one chunk, else a copy. */
  slice(start: number, end: number): Buffer {
    if (start >= end) return Buffer.alloc(0);
    const first = this.chunkOf(start);
    const last = this.chunkOf(end - 1);
    if (first === last) return this.chunks[first].subarray(start - this.starts[first], end - this.starts[first]);
    const pieces = [this.chunks[first].subarray(start - this.starts[first])];
    for (let chunk = first + 1; chunk < last; chunk += 1) pieces.push(this.chunks[chunk]);
    pieces.push(this.chunks[last].subarray(0, end - this.starts[last]));
    return Buffer.concat(pieces, end - start);
  }
}

/**
 * The quote that ends the string token opened at `open` (one not escaped by an odd run of
 * backslashes), looking from `from` on, or -1 when it has not arrived yet.
 */
function closingQuote(bytes: ChunkedBytes, open: number, from: number): number {
  for (;;) {
    const close = bytes.indexOf(QUOTE, from);
    if (close < 0) return -1;
    let backslashes = 0;
    while (close - 1 - backslashes > open && bytes.at(close - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return close;
    from = close + 1;
  }
}

/** Whether the token that ended just before `at` is an object key (the next non-blank byte is ':'). */
function isKey(bytes: ChunkedBytes, at: number): boolean {
  for (let byte = bytes.at(at); byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d; byte = bytes.at(at))
    at += 1;
  return bytes.at(at) === 0x3a;
}

/**
 * Puts the long strings back where their placeholders are (iteratively: a deeply nested body cannot overflow
 * the stack).
 */
function restore(parsed: unknown, nonce: string, values: string[]): unknown {
  const valueOf = (item: unknown): string | undefined =>
    typeof item === "string" && item.startsWith(nonce) ? values[Number(item.slice(nonce.length))] : undefined;
  const top = valueOf(parsed);
  if (top !== undefined) return top;
  let left = values.length;
  const stack: object[] = parsed !== null && typeof parsed === "object" ? [parsed] : [];
  while (stack.length && left > 0) {
    const node = stack.pop() as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      const item = node[key];
      const value = valueOf(item);
      if (value !== undefined) {
        // defineProperty: a key named __proto__ is an own property of a parsed object, never the setter.
        Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
        left -= 1;
      } else if (item !== null && typeof item === "object") stack.push(item);
    }
  }
  return parsed;
}
