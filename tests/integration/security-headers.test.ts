// Every endpoint of the route tree, called by an actor the
// permission matrix lets through and by one it refuses, answers JSON (`application/json; charset=utf-8`)
// with `Cache-Control: no-store` — tokens, documents' signed links and people's data must never sit in a
// shared cache — and the file route answers bytes that are private and never sniffed. The headers the
// framework adds on top (nosniff, framing, referrer, the API's CSP) are declared in next.config.ts: checked
// here as configuration, and against the running app in tests/e2e/security-headers.spec.ts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "bloco-headers-"));

import nextConfig from "@/next.config";
import { POST as dataDownloadPost } from "@/app/api/user/data/download/route";
import { call } from "../helpers/http";
import { ACTORS, DOWNLOADS, table, type ActorName } from "./permission-matrix.table";
import { buildMatrixWorld, runCell, type Answer, type Matrix } from "./permission-matrix.world";

let m: Matrix;
beforeAll(async () => {
  m = await buildMatrixWorld();
}, 120_000);

// The file route answers bytes (its own test below). changePassword is left to the matrix: its 200 ends
// the caller's phone sessions, which later rows here need.
const FILES = "GET /api/files/[...key]";
const json = (answer: Answer) => answer.headers.get("content-type");

describe("every endpoint: JSON and no-store, whether it serves or refuses", () => {
  for (const key of Object.keys(table).filter(
    (k) => k !== FILES && !DOWNLOADS.has(k) && !k.includes("changePassword"),
  )) {
    test(
      key,
      async () => {
        const row = table[key]!;
        const served = (
          ["responsible", "ownerA", "ownerAlpha", "regularAlpha", "link", "anonymous"] as ActorName[]
        ).find((who) => row[who] === 200);
        const refused = ACTORS.find((who) => row[who] >= 400);
        const found: string[] = [];
        for (const who of [served, refused].filter((w): w is ActorName => w !== undefined)) {
          const answer = await runCell(m, key, who);
          if (json(answer) !== "application/json; charset=utf-8")
            found.push(`${who} ${answer.status}: content-type ${json(answer)}`);
          if (answer.headers.get("cache-control") !== "no-store")
            found.push(`${who} ${answer.status}: cache-control ${answer.headers.get("cache-control")}`);
          if (!("data" in answer.json) && !("error" in answer.json)) found.push(`${who} ${answer.status}: no envelope`);
        }
        expect(found).toEqual([]);
      },
      60_000,
    );
  }
});

describe("the downloads: an attachment, never cached, never sniffed; their refusals JSON and no-store", () => {
  for (const key of DOWNLOADS) {
    test(key, async () => {
      const answer = await runCell(m, key, "ownerA");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      // A public download (a person's ZIP, its link the key) is refused for a link that is no longer one.
      const refused =
        table[key]!.ownerAlpha === 200
          ? await runCell(m, key, "ownerAlpha").then(() => call(dataDownloadPost, { body: { token: "x".repeat(43) } }))
          : await runCell(m, key, "ownerAlpha");
      expect(refused.status).toBe(table[key]!.ownerAlpha === 200 ? 404 : 403);
      expect(json(refused)).toBe("application/json; charset=utf-8");
      expect(refused.headers.get("cache-control")).toBe("no-store");
    });
  }
});

test("the file route: the picture's own type, private, bounded by the link, never sniffed; its refusals JSON and no-store", async () => {
  const answer = await runCell(m, FILES, "anonymous");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^image\/(webp|jpeg|png|avif)$/);
  expect(answer.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
  // bounded by the link: FILE_URL_TTL (15 min), the expiry rounded up to the next minute (signed-url.ts)
  expect(Number(/max-age=(\d+)/.exec(answer.headers.get("cache-control")!)![1])).toBeLessThanOrEqual(16 * 60);
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  expect(answer.headers.get("content-disposition")).toBe("inline");

  const { GET } = await import("@/app/api/files/[...key]/route");
  const tampered = await GET(
    new Request(`http://localhost/api/files/${m.w.document.key}?exp=9999999999&sig=${"A".repeat(43)}`),
    {
      params: Promise.resolve({ key: m.w.document.key.split("/") }),
    },
  );
  expect(tampered.status).toBe(403);
  expect(tampered.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(tampered.headers.get("cache-control")).toBe("no-store");
});

describe("next.config.ts: the headers the framework adds to every answer", () => {
  type Rule = { source: string; headers: { key: string; value: string }[] };
  let rules: Rule[];
  beforeAll(async () => {
    rules = (await nextConfig.headers!()) as Rule[];
  });
  const headersOf = (source: string) =>
    Object.fromEntries(
      rules.filter((r) => r.source === source).flatMap((r) => r.headers.map((h) => [h.key.toLowerCase(), h.value])),
    );

  test("every path: nosniff, no framing, a referrer policy, no X-Powered-By", () => {
    expect(headersOf("/:path*")).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "same-origin",
    });
    expect(nextConfig.poweredByHeader).toBe(false);
  });

  test("the API: a policy under which a JSON answer opened as a document can do nothing", () => {
    expect(headersOf("/api/:path*")["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("the app's service worker: revalidated on every update check, scope '/', a policy of its own", () => {
    expect(headersOf("/serwist/:path*")).toEqual({
      "cache-control": "no-cache",
      "service-worker-allowed": "/",
      "content-security-policy": "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'",
    });
  });

  test("the phone's contabilization pages (the link is in their URL): no referrer, no store", () => {
    expect(headersOf("/home/client/contabilization/mobile/:path*")).toMatchObject({
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    });
    // declared after the catch-all, so its Referrer-Policy wins (Next: the last matching rule's value)
    const order = rules.map((r) => r.source);
    expect(order.indexOf("/home/client/contabilization/mobile/:path*")).toBeGreaterThan(order.indexOf("/:path*"));
  });
});
