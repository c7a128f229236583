import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/server/config";
import { assertValidBlobKey, isValidBlobKey } from "@/server/storage/blob-key";
import { PAGE_IN_PREPARATION_PATH } from "@/lib/fiscal/page-in-preparation";

// Documents are private (ARCHITECTURE §5): a document's address is /api/files/<key>?exp=&sig=, where
// sig = HMAC-SHA256(FILE_URL_SECRET, key + "\n" + exp) in base64url. The newline cannot occur in a key
// or in exp, so no other (key, exp) pair signs the same text. Whoever holds the link until exp can
// read the document: links are short-lived (FILE_URL_TTL) and handed only to callers allowed to see it.
export const FILE_ROUTE_PREFIX = "/api/files/";
const EXP_PATTERN = /^\d{1,12}$/;
const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 bytes in unpadded base64url

type Clock = { now?: number }; // milliseconds since the epoch; Date.now() when absent

/**
 * The links of the lists: every call without options signs with an expiry rounded UP to the next
 * whole minute (valid FILE_URL_TTL to FILE_URL_TTL + 59 s), so within that minute a key always gets
 * the same link. It is kept (EXP_BUCKET_SECONDS' minute, at most SIGNED_CACHE_LIMIT keys) and not
 * signed again: a list of a hundred blocks costs no HMAC on its second read, and the browser's image
 * cache keeps a thumbnail across refreshes instead of fetching it under a new address.
 */
const EXP_BUCKET_SECONDS = 60;
const SIGNED_CACHE_LIMIT = 50_000;
let signedCache: { exp: string; urls: Map<string, string> } = { exp: "", urls: new Map() };

export function signDocumentUrl(key: string, options: { ttlSeconds?: number } & Clock = {}): string {
  if (options.ttlSeconds === undefined && options.now === undefined) return signedForLists(key);
  assertValidBlobKey(key);
  const ttl = options.ttlSeconds ?? getConfig().FILE_URL_TTL;
  const exp = String(Math.floor((options.now ?? Date.now()) / 1000) + ttl);
  return `${FILE_ROUTE_PREFIX}${key}?exp=${exp}&sig=${sign(key, exp)}`;
}

/**
 * A document's picture or thumbnail: its signed link, or, while the page of a document that came as a
 * file (an imported XML) is not drawn yet, PAGE_IN_PREPARATION_PATH: a static picture saying so.
 */
export function documentImageUrl(key: string | null): string {
  return key === null ? PAGE_IN_PREPARATION_PATH : signDocumentUrl(key);
}

/** The `exp` the lists' links get now: every link signed for a list within this minute carries it. */
export function listLinkExpiry(): string {
  const earliest = Math.floor(Date.now() / 1000) + getConfig().FILE_URL_TTL;
  return String(Math.ceil(earliest / EXP_BUCKET_SECONDS) * EXP_BUCKET_SECONDS);
}

function signedForLists(key: string): string {
  const exp = listLinkExpiry();
  if (signedCache.exp !== exp || signedCache.urls.size >= SIGNED_CACHE_LIMIT) signedCache = { exp, urls: new Map() };
  let url = signedCache.urls.get(key);
  if (url === undefined) {
    assertValidBlobKey(key);
    url = `${FILE_ROUTE_PREFIX}${key}?exp=${exp}&sig=${sign(key, exp)}`;
    signedCache.urls.set(key, url);
  }
  return url;
}

// True only for a well-formed, unexpired link whose signature matches this key.
export function verifyDocumentUrl(key: string, exp: string | null, sig: string | null, clock: Clock = {}): boolean {
  return isGenuine(key, exp, sig) && secondsLeft(exp as string, clock) > 0;
}

/**
 * The key of a link this server signed, expired or not; null for any other text. For a save that sends
 * back the picture it was shown (spec §3 office payload), possibly after the link expired: it names a
 * picture, it does not read one.
 */
export function signedUrlKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://bloco.invalid");
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(FILE_ROUTE_PREFIX)) return null;
  const key = parsed.pathname.slice(FILE_ROUTE_PREFIX.length);
  return isGenuine(key, parsed.searchParams.get("exp"), parsed.searchParams.get("sig")) ? key : null;
}

function isGenuine(key: string, exp: string | null, sig: string | null): boolean {
  if (!exp || !sig || !EXP_PATTERN.test(exp) || !SIG_PATTERN.test(sig) || !isValidBlobKey(key)) return false;
  // Compare the text, not the decoded bytes: the last base64url character carries 2 unused bits, so
  // several strings decode to the same bytes; only the canonical one is accepted.
  const expected = Buffer.from(sign(key, exp), "latin1");
  const given = Buffer.from(sig, "latin1");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Seconds until a link with this exp expires (<= 0 when expired).
export function secondsLeft(exp: string, clock: Clock = {}): number {
  return Number(exp) - Math.floor((clock.now ?? Date.now()) / 1000);
}

function sign(key: string, exp: string): string {
  return createHmac("sha256", getConfig().FILE_URL_SECRET).update(`${key}\n${exp}`).digest("base64url");
}
