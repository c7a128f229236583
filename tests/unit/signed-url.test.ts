import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { messages } from "@/lib/i18n/messages";
import { GET } from "@/app/api/files/[...key]/route";
import { signDocumentUrl, signedUrlKey, verifyDocumentUrl } from "@/server/documents/signed-url";
import { getBlobStore } from "@/server/storage";
import { webpImage } from "@/tests/helpers/images";

const KEY = "clients/7/documents/0c9e/display.webp";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const T0 = Date.UTC(2026, 10, 3, 12, 0, 0); // a fixed "now" in ms

function parse(url: string): { key: string; exp: string | null; sig: string | null } {
  const parsed = new URL(url, "http://bloco.test");
  const query = parsed.searchParams;
  return { key: parsed.pathname.replace(/^\/api\/files\//, ""), exp: query.get("exp"), sig: query.get("sig") };
}

// Flip one character of the signature to another valid base64url character.
function tamper(sig: string): string {
  const i = 10;
  return sig.slice(0, i) + (sig[i] === "A" ? "B" : "A") + sig.slice(i + 1);
}

describe("signDocumentUrl / verifyDocumentUrl", () => {
  test("signs /api/files/<key>?exp=<unix>&sig=<base64url> with FILE_URL_TTL by default", () => {
    const url = signDocumentUrl(KEY, { now: T0 });
    expect(url).toMatch(/^\/api\/files\/clients\/7\/documents\/0c9e\/display\.webp\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    const { key, exp, sig } = parse(url);
    expect(key).toBe(KEY);
    expect(Number(exp)).toBe(T0 / 1000 + 900);
    expect(verifyDocumentUrl(key, exp, sig, { now: T0 })).toBe(true);
    expect(signDocumentUrl(KEY, { now: T0 })).toBe(url); // deterministic for the same key and exp
  });

  test("without options: the expiry is rounded up to a whole minute, and the same key gets the same link", () => {
    const before = Math.floor(Date.now() / 1000);
    const url = signDocumentUrl(KEY);
    const { key, exp, sig } = parse(url);
    const after = Math.floor(Date.now() / 1000);
    expect(Number(exp) % 60).toBe(0);
    expect(Number(exp)).toBeGreaterThanOrEqual(before + 900);
    expect(Number(exp)).toBeLessThan(after + 900 + 60);
    expect(verifyDocumentUrl(key, exp, sig)).toBe(true);
    const again = signDocumentUrl(KEY);
    // the same minute: the same link (a minute boundary between the calls signs anew, also valid)
    if (parse(again).exp === exp) expect(again).toBe(url);
    expect(signedUrlKey(again)).toBe(KEY);
    expect(() => signDocumentUrl("../etc/passwd")).toThrow();
  });

  test("a link opens only its own key", () => {
    const { exp, sig } = parse(signDocumentUrl(KEY, { now: T0 }));
    expect(verifyDocumentUrl("clients/7/documents/0c9e/thumb.webp", exp, sig, { now: T0 })).toBe(false);
    expect(verifyDocumentUrl("clients/8/documents/0c9e/display.webp", exp, sig, { now: T0 })).toBe(false);
  });

  test("tampered, truncated, padded or missing signature and tampered exp are refused", () => {
    const { key, exp, sig } = parse(signDocumentUrl(KEY, { now: T0 }));
    expect(sig).not.toBeNull();
    const good = sig as string;
    // Same 32 bytes, other text: the last character's 2 unused bits flipped.
    const sameBytes = good.slice(0, 42) + BASE64URL[BASE64URL.indexOf(good[42]) ^ 1];
    expect(Buffer.from(sameBytes, "base64url").equals(Buffer.from(good, "base64url"))).toBe(true);
    for (const bad of [tamper(good), sameBytes, good.slice(0, 42), `${good}=`, `${good}A`, "", null]) {
      expect(verifyDocumentUrl(key, exp, bad, { now: T0 })).toBe(false);
    }
    expect(verifyDocumentUrl(key, String(Number(exp) + 3600), good, { now: T0 })).toBe(false);
    expect(verifyDocumentUrl(key, `${exp}.0`, good, { now: T0 })).toBe(false);
    expect(verifyDocumentUrl(key, null, good, { now: T0 })).toBe(false);
  });

  test("expires at exp (checked with fake timers on the real clock)", () => {
    jest.useFakeTimers({ now: T0 });
    try {
      const { key, exp, sig } = parse(signDocumentUrl(KEY, { ttlSeconds: 60 }));
      expect(Number(exp)).toBe(T0 / 1000 + 60);
      jest.setSystemTime(T0 + 59_000);
      expect(verifyDocumentUrl(key, exp, sig)).toBe(true);
      jest.setSystemTime(T0 + 60_000);
      expect(verifyDocumentUrl(key, exp, sig)).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  test("refuses to sign a key a store would refuse", () => {
    expect(() => signDocumentUrl("../secrets.json")).toThrow(messages.api.invalidInput);
  });
});

describe("signedUrlKey", () => {
  test("the key of a link this server signed, relative or absolute, expired or not", () => {
    const url = signDocumentUrl(KEY, { ttlSeconds: 60, now: T0 });
    expect(signedUrlKey(url)).toBe(KEY);
    expect(signedUrlKey(`https://bloco.example${url}`)).toBe(KEY);
    expect(signedUrlKey(signDocumentUrl(KEY, { ttlSeconds: 60, now: Date.now() - 61_000 }))).toBe(KEY);
  });

  test("null for a tampered or missing signature, another route or plain text", () => {
    const { exp, sig } = parse(signDocumentUrl(KEY));
    expect(signedUrlKey(`/api/files/${KEY}?exp=${exp}&sig=${tamper(sig as string)}`)).toBeNull();
    expect(signedUrlKey(`/api/files/${KEY}?exp=${exp}`)).toBeNull();
    expect(signedUrlKey(`/api/other/${KEY}?exp=${exp}&sig=${sig}`)).toBeNull();
    expect(signedUrlKey("https://exemplo.com/logo.png")).toBeNull();
    expect(signedUrlKey("")).toBeNull();
  });
});

describe("GET /api/files/[...key]", () => {
  let dataDir: string;
  let bytes: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "bloco-files-"));
    process.env.DATA_DIR = dataDir; // before the first getConfig() of this test file
    bytes = await webpImage(40, 30);
    await getBlobStore().put(KEY, bytes, "image/webp");
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  function call(url: string, key = parse(url).key): Promise<Response> {
    return GET(new Request(new URL(url, "http://bloco.test")), { params: Promise.resolve({ key: key.split("/") }) });
  }

  async function expectForbidden(response: Response): Promise<void> {
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { code: "forbidden", message: messages.api.file.invalidLink } });
  }

  test("200 with the bytes, their type and a private cache bounded by the link's life", async () => {
    const response = await call(signDocumentUrl(KEY, { ttlSeconds: 120 }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=(119|120)$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test("403 for a tampered signature, a missing one, or another key's link", async () => {
    const url = signDocumentUrl(KEY, { ttlSeconds: 120 });
    const { exp, sig } = parse(url);
    await expectForbidden(await call(`/api/files/${KEY}?exp=${exp}&sig=${tamper(sig as string)}`));
    await expectForbidden(await call(`/api/files/${KEY}?exp=${exp}`));
    await expectForbidden(await call(`/api/files/${KEY}`));
    await expectForbidden(await call(url, "clients/7/documents/0c9e/thumb.webp"));
  });

  test("403 for an expired link", async () => {
    const expired = signDocumentUrl(KEY, { ttlSeconds: 60, now: Date.now() - 61_000 });
    await expectForbidden(await call(expired));
  });

  test("404 for a validly signed link to a missing blob", async () => {
    const response = await call(signDocumentUrl("clients/7/documents/gone/display.webp"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: messages.api.notFound } });
  });
});
