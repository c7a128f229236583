import type { APIResponse } from "@playwright/test";
import { ROUTES } from "@/lib/routes";
import { expect, test } from "./support/data";
import { apiLogin } from "./support/session";

// The security headers of the running app (next.config.ts and proxy.ts only apply
// there), on every page route of lib/routes.ts and a sample of API answers: a CSP whose script-src
// allows no inline script wholesale, nosniff, no framing, a referrer policy; no-store on authenticated
// API answers; the phone's contabilization pages (the QR link travels in their URL) no-referrer and
// no-store. tests/integration/security-headers.test.ts checks every API route's own headers.

/** Every page of the route table; a prefix route with a token after it, as its links arrive. */
const PAGES = ROUTES.map((route) => (route.prefix ? `${route.path}/token-de-teste-123` : route.path));
const MOBILE = ROUTES.filter((route) => route.path.includes("/contabilization/mobile")).map(
  (route) => `${route.path}/token-de-teste-123`,
);

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+(.*)/s) as [string, string])
      .map(([name, value]) => [name, value ?? ""]),
  );
}

/** What every answer of the app carries, page or API. */
function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  const policy = directives(headers["content-security-policy"] ?? "");
  // No framing: the CSP's frame-ancestors, and X-Frame-Options for browsers that predate it.
  expect(policy.get("frame-ancestors") === "'none'" || headers["x-frame-options"] === "DENY", what).toBe(true);
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(headers["x-powered-by"], what).toBeUndefined();
}

test("[headers] the page table is read", () => {
  expect(PAGES.length).toBe(ROUTES.length);
  expect(PAGES).toContain("/home/client/contabilization/mobile/token-de-teste-123");
});

for (const path of PAGES) {
  test(`[headers] ${path}: CSP without inline scripts, nosniff, no framing, a referrer policy`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expectCommonHeaders(response, path);
    const policy = directives(response.headers()["content-security-policy"] ?? "");
    const scripts = policy.get("script-src") ?? policy.get("default-src");
    expect(scripts, `${path} script-src`).toBeTruthy();
    expect(scripts, path).not.toMatch(/'unsafe-inline'|'unsafe-eval'|(^|\s)\*(\s|$)|data:/);
    expect(policy.get("frame-ancestors"), path).toBe("'none'");
    expect(policy.get("object-src"), path).toBe("'none'");
  });
}

test("[headers] the phone's contabilization pages: no referrer, no store", async ({ request }) => {
  // The headers come from next.config.ts whatever the page answers (its 200 is the page test's above).
  expect(MOBILE.length).toBeGreaterThan(0);
  for (const path of [...MOBILE, "/home/client/contabilization/mobile/outro-link"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["referrer-policy"], path).toBe("no-referrer");
    expect(response.headers()["cache-control"], path).toMatch(/(^|,\s*)no-store(,|$)/);
  }
});

test("[headers] pages are never kept by a shared cache (a page and its CSP for a year): private, no s-maxage", async ({
  request,
}) => {
  for (const path of ["/", "/login", "/home"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
    const cache = response.headers()["cache-control"] ?? "";
    expect(cache, path).toMatch(/(^|,\s*)private(,|$)/);
    expect(cache, path).toMatch(/(^|,\s*)(no-cache|no-store)(,|$)/);
    expect(cache, path).not.toMatch(/s-maxage|public/);
  }
});

test("[headers] API answers: JSON, nosniff, a CSP that allows nothing, no-store when authenticated", async ({
  request,
  people,
}) => {
  const viewer = await people.viewerClient();
  const { access } = await apiLogin(request, viewer.owner.email);
  const auth = { authorization: `Bearer ${access}` };

  const answers: { what: string; response: APIResponse; status: number; store: "no-store" | "any" }[] = [
    { what: "GET /api/health/live", response: await request.get("/api/health/live"), status: 200, store: "any" },
    { what: "GET /api/me (401)", response: await request.get("/api/me/"), status: 401, store: "no-store" },
    { what: "GET /api/me", response: await request.get("/api/me/", { headers: auth }), status: 200, store: "no-store" },
    {
      what: "GET /api/clients",
      response: await request.get("/api/clients", { headers: auth }),
      status: 200,
      store: "no-store",
    },
    {
      what: "POST /api/block/list",
      response: await request.post("/api/block/list", { headers: auth, data: { clientId: viewer.client.id } }),
      status: 200,
      store: "no-store",
    },
    {
      what: "POST /api/block/list (400)",
      response: await request.post("/api/block/list", { headers: auth, data: { clientId: "x" } }),
      status: 400,
      store: "no-store",
    },
    {
      what: "GET /api/operator/list/accounting",
      response: await request.get("/api/operator/list/accounting", { headers: auth }),
      status: 200,
      store: "no-store",
    },
    {
      what: "GET /api/library/all (403)",
      response: await request.get("/api/library/all", { headers: auth }),
      status: 403,
      store: "no-store",
    },
    {
      what: "DELETE /api/me (405)",
      response: await request.delete("/api/me/", { headers: auth }),
      status: 405,
      store: "no-store",
    },
    {
      what: "GET /api/nao-existe (404)",
      response: await request.get("/api/nao-existe", { headers: auth }),
      status: 404,
      store: "no-store",
    },
    // The login answer carries the tokens: never stored by anything between.
    {
      what: "POST /api/token",
      response: await request.post("/api/token/", { data: { username: viewer.owner.email, password: "demo1234" } }),
      status: 200,
      store: "no-store",
    },
  ];
  for (const { what, response, status, store } of answers) {
    expect(response.status(), what).toBe(status);
    expectCommonHeaders(response, what);
    expect(response.headers()["content-type"], what).toMatch(/^application\/json/);
    expect(response.headers()["content-security-policy"], what).toBe("default-src 'none'; frame-ancestors 'none'");
    if (store === "no-store") expect(response.headers()["cache-control"], what).toMatch(/(^|,\s*)no-store(,|$)/);
    const body = (await response.json()) as { data?: unknown; error?: { message: string } };
    expect(status < 400 ? "data" in body : typeof body.error?.message === "string", what).toBe(true);
  }

  // A document behind its signed link: private to the browser holding it, never sniffed.
  const documents = await request.post("/api/document/block", {
    headers: auth,
    data: { blockId: viewer.blocks.categorized },
  });
  expect(documents.status()).toBe(200);
  const [url] = ((await documents.json()) as { data: { documentsUrl: string[] } }).data.documentsUrl;
  const file = await request.get(url!);
  expect(file.status()).toBe(200);
  expectCommonHeaders(file, "GET /api/files");
  expect(file.headers()["content-type"]).toMatch(/^image\//);
  expect(file.headers()["cache-control"]).toMatch(/^private/);
  expect(file.headers()["cache-control"]).not.toMatch(/public/);
});
