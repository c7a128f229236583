import { saoPauloToday } from "./support/business";
import { expect, test } from "./support/data";

// The build's scripts as the running app serves them (server/serve/static-brotli.ts): brotli to a browser
// that accepts it, the same bytes once decoded as the gzip Next sends otherwise (or as they are, under
// 1 KiB), the site's security headers and a year's immutable caching on both; a write to a static path
// is refused with 405, never a 500.

async function scriptsOf(request: import("@playwright/test").APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  return [
    ...new Set(
      [...html.matchAll(/<script[^>]*\ssrc="(\/_next\/static\/[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&")),
    ),
  ];
}

test("[static] a page's scripts arrive brotli-compressed when accepted, gzip otherwise, with the same bytes and headers", async ({
  request,
}) => {
  const scripts = await scriptsOf(request, "/login");
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) {
    const br = await request.get(src, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    const gzip = await request.get(src, { headers: { "accept-encoding": "gzip" } });
    expect(br.status(), src).toBe(200);
    expect(br.headers()["content-encoding"], src).toBe("br");
    // Next's own gzip leaves a response under 1 KiB as it is (a lazy chunk's loader is about 200 bytes).
    if (gzip.headers()["content-encoding"] !== "gzip") {
      expect(gzip.headers()["content-encoding"], src).toBeUndefined();
      expect((await gzip.body()).length, `${src}: only a script under 1 KiB goes uncompressed`).toBeLessThan(1024);
    }
    expect((await br.body()).equals(await gzip.body()), `${src}: the same script either way`).toBe(true);
    for (const answer of [br, gzip]) {
      const headers = answer.headers();
      expect(headers["content-type"], src).toMatch(/^application\/javascript/);
      expect(headers["cache-control"], src).toBe("public, max-age=31536000, immutable");
      expect(headers["vary"], src).toMatch(/Accept-Encoding/i);
      expect(headers["x-content-type-options"], src).toBe("nosniff");
      expect(headers["x-frame-options"], src).toBe("DENY");
    }
    const again = await request.get(src, {
      headers: { "accept-encoding": "br", "if-none-match": br.headers()["etag"] },
    });
    expect(again.status(), `${src}: revalidated`).toBe(304);
  }
});

test("[static] a write, an unknown file and a path that climbs out are answered without a 500", async ({ request }) => {
  const [src] = await scriptsOf(request, "/login");
  const post = await request.post(src, { data: "x", headers: { "accept-encoding": "br" } });
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toBe("GET, HEAD");
  expect(
    (await request.get("/_next/static/chunks/nao-existe.js", { headers: { "accept-encoding": "br" } })).status(),
  ).toBe(404);
  const climb = await request.get("/_next/static/..%2f..%2fpackage.json", { headers: { "accept-encoding": "br" } });
  expect(climb.status()).toBe(404);
});

// The API's JSON answers (server/serve/api-compression.ts): brotli or gzip when accepted and at least
// 1 KiB, the same JSON once decoded as the uncompressed answer; short answers and clients that accept
// neither get them as they are.
test("[static] an API answer over 1 KiB arrives compressed when accepted, the same JSON either way", async ({
  request,
  people,
}) => {
  const viewer = await people.viewerClient();
  const token = (
    await (await request.post("/api/token/", { data: { username: viewer.owner.email, password: "demo1234" } })).json()
  ).data.access;
  const { year, month: monthNumber } = saoPauloToday(); // the viewer client's blocks are of this month
  const month = { clientId: viewer.client.id, year, month: monthNumber };
  const ask = (encoding: string) =>
    request.post("/api/block/list", {
      data: month,
      headers: { authorization: `Bearer ${token}`, "accept-encoding": encoding },
    });
  const plain = await ask("identity");
  expect(plain.status()).toBe(200);
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const text = await plain.text();
  expect(text.length).toBeGreaterThan(1024);
  // the signed links carry their minute's expiry and signature: compared without them
  const unsigned = (body: string) => body.replace(/exp=\d+&sig=[\w-]+/g, "");
  for (const [accept, coding] of [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
  ]) {
    const answer = await ask(accept);
    expect(answer.status(), accept).toBe(200);
    expect(answer.headers()["content-encoding"], accept).toBe(coding);
    expect(Number(answer.headers()["content-length"]), accept).toBeLessThan(text.length / 2);
    expect(answer.headers()["vary"], accept).toMatch(/Accept-Encoding/i);
    expect(answer.headers()["cache-control"], accept).toBe("no-store");
    expect(unsigned(await answer.text()), accept).toBe(unsigned(text));
  }
  const me = await request.get("/api/me/", { headers: { authorization: `Bearer ${token}`, "accept-encoding": "br" } });
  expect(me.headers()["content-encoding"]).toBeUndefined();
  expect((await me.json()).data.email).toBe(viewer.owner.email);
});
