import { runInNewContext } from "node:vm";
import { createApiClient, type FetchLike } from "@/lib/api/client";
import {
  EARLY_EXCHANGE_PAGE,
  EARLY_EXCHANGE_PATH,
  EARLY_READ_TTL_MS,
  earlyCallsScript,
  takeEarlyCall,
} from "@/lib/early-calls";
import { createMemoryStorage, createSessionStore, STORAGE_KEYS } from "@/lib/session";
import { MOBILE_HISTORY_PATH, MOBILE_LIST_PATH, MOBILE_PATH } from "@/components/contabilization-mobile/paths";

// lib/early-calls.ts: the inline script of <head> makes a page's first calls; the API client takes
// their answers once, for the same path, token and body.

type Made = { url: string; method: string; auth: string | null; contentType: string | null; body: string | undefined };

/** Runs the inline script as a page at `path` with this storage would; returns the calls it made and its window. */
function runScript(path: string, stored: Record<string, string> = {}, failing = false) {
  const made: Made[] = [];
  const win: Record<string, unknown> = {};
  const fetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    made.push({
      url,
      method: init.method,
      auth: init.headers.Authorization ?? null,
      contentType: init.headers["Content-Type"] ?? null,
      body: init.body,
    });
    return failing
      ? Promise.reject(new TypeError("Failed to fetch"))
      : Promise.resolve(new Response(JSON.stringify({ data: { url } }), { status: 200 }));
  };
  win.window = win;
  Object.assign(win, {
    location: { pathname: path },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    fetch,
    JSON,
    Date,
  });
  runInNewContext(earlyCallsScript, win);
  return { made, win };
}

const OFFICE = { [STORAGE_KEYS.access]: "tok-1", [STORAGE_KEYS.platform]: "accounting" };

describe("earlyCallsScript", () => {
  test("/home of an office: GET /api/me/ and GET /api/clients with the stored token", () => {
    for (const path of ["/home", "/home/"]) {
      const { made } = runScript(path, OFFICE);
      expect(made).toEqual([
        { url: "/api/me/", method: "GET", auth: "Bearer tok-1", contentType: null, body: undefined },
        { url: "/api/clients", method: "GET", auth: "Bearer tok-1", contentType: null, body: undefined },
      ]);
    }
  });

  test("/home of a company: GET /api/me/ and GET /api/client (its month's reads are POSTs the app makes)", () => {
    const { made } = runScript("/home", { ...OFFICE, [STORAGE_KEYS.platform]: "bussiness" }); // spelt so (lib/platform.ts)
    expect(made.map((call) => `${call.method} ${call.url} ${call.auth}`)).toEqual([
      "GET /api/me/ Bearer tok-1",
      "GET /api/client Bearer tok-1",
    ]);
  });

  test("nothing without a token, without a chosen platform, or on another page", () => {
    expect(runScript("/home", { [STORAGE_KEYS.platform]: "accounting" }).made).toEqual([]);
    expect(runScript("/home", { [STORAGE_KEYS.access]: "tok-1", [STORAGE_KEYS.platform]: "not-choosed" }).made).toEqual(
      [],
    );
    expect(runScript("/home", { [STORAGE_KEYS.access]: "tok-1" }).made).toEqual([]);
    for (const path of ["/", "/login", "/home/client", "/createblock", "/homes"])
      expect(runScript(path, OFFICE).made).toEqual([]);
  });

  test("the QR code's page exchanges its link, decoded, with no token even when the device holds one", () => {
    const { made } = runScript(`${EARLY_EXCHANGE_PAGE}abc%2Dxyz_09`, OFFICE);
    expect(made).toEqual([
      {
        url: EARLY_EXCHANGE_PATH,
        method: "POST",
        auth: null,
        contentType: "application/json",
        body: JSON.stringify({ link: "abc-xyz_09" }),
      },
    ]);
  });

  test("the phone's other pages exchange nothing", () => {
    expect(`${MOBILE_PATH}/`).toBe(EARLY_EXCHANGE_PAGE);
    for (const path of [
      MOBILE_PATH,
      `${MOBILE_PATH}/`,
      MOBILE_LIST_PATH,
      MOBILE_HISTORY_PATH,
      `${EARLY_EXCHANGE_PAGE}abc/def`,
    ]) {
      expect(runScript(path, OFFICE).made).toEqual([]);
    }
  });

  test("a network failure leaves null for the app, never a rejection", async () => {
    const { win } = runScript("/home", OFFICE, true);
    const calls = (win.__blocoEarlyCalls as { calls: Record<string, Promise<unknown>> }).calls;
    await expect(calls["tok-1 /api/me/"]).resolves.toBeNull();
  });
});

describe("takeEarlyCall", () => {
  const real = globalThis.window;
  afterEach(() => {
    (globalThis as { window?: unknown }).window = real;
  });
  function pageRan(path: string, stored: Record<string, string>) {
    const { win } = runScript(path, stored);
    (globalThis as { window?: unknown }).window = win;
    return win;
  }

  test("once, for the same path and token; not for another token, path or body", async () => {
    pageRan("/home", OFFICE);
    expect(takeEarlyCall("/api/me/", "tok-2")).toBeUndefined();
    expect(takeEarlyCall("/api/me", "tok-1")).toBeUndefined();
    expect(takeEarlyCall("/api/me/", "tok-1", "{}")).toBeUndefined();
    const taken = takeEarlyCall("/api/me/", "tok-1");
    expect(taken).toBeDefined();
    expect((await (await taken!)!.json()).data.url).toBe("/api/me/");
    expect(takeEarlyCall("/api/me/", "tok-1")).toBeUndefined();
    expect(takeEarlyCall("/api/clients", "tok-1")).toBeDefined();
  });

  test("a read older than EARLY_READ_TTL_MS is not used; the link's exchange is, whatever its age", () => {
    const win = pageRan("/home", OFFICE);
    const at = (win.__blocoEarlyCalls as { at: number }).at;
    expect(takeEarlyCall("/api/me/", "tok-1", undefined, at + EARLY_READ_TTL_MS + 1)).toBeUndefined();
    pageRan(`${EARLY_EXCHANGE_PAGE}L1nk`, {});
    const later = Date.now() + 10 * EARLY_READ_TTL_MS;
    expect(takeEarlyCall(EARLY_EXCHANGE_PATH, null, JSON.stringify({ link: "L1nk" }), later)).toBeDefined();
  });

  test("nothing on a page the script left alone, nor on the server", () => {
    pageRan("/login", OFFICE);
    expect(takeEarlyCall("/api/me/", "tok-1")).toBeUndefined();
    (globalThis as { window?: unknown }).window = undefined;
    expect(takeEarlyCall("/api/me/", "tok-1")).toBeUndefined();
  });
});

describe("the API client with early calls", () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  function setup(early: Partial<Record<string, Promise<Response | null>>>) {
    const storage = createMemoryStorage({
      [STORAGE_KEYS.access]: "tok-1",
      [STORAGE_KEYS.refresh]: "ref-1",
      [STORAGE_KEYS.platform]: "accounting",
    });
    const session = createSessionStore(() => storage);
    const asked: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      if (init.signal?.aborted) throw new DOMException("This operation was aborted", "AbortError"); // as fetch does
      const auth = new Headers(init.headers).get("authorization");
      asked.push(`${init.method} ${url} ${auth ?? "-"}`);
      if (url === "/api/token/refresh/") return json(200, { data: { access: "tok-2", refresh: "ref-2" } });
      return json(200, { data: { from: "fetch", auth } });
    };
    const taken: string[] = [];
    const client = createApiClient({
      session,
      fetch,
      early: (path, access, body) => {
        const key = `${access ?? ""} ${path}${body === undefined ? "" : ` ${body}`}`;
        const answer = early[key];
        delete early[key];
        if (answer) taken.push(key);
        return answer;
      },
    });
    return { client, asked, taken };
  }

  test("an early answer is the call's answer: nothing is asked again", async () => {
    const { client, asked, taken } = setup({ "tok-1 /api/clients": Promise.resolve(json(200, { data: [{ id: 7 }] })) });
    await expect(client.request("/api/clients")).resolves.toEqual([{ id: 7 }]);
    expect(taken).toEqual(["tok-1 /api/clients"]);
    expect(asked).toEqual([]);
    await expect(client.request("/api/clients")).resolves.toEqual({ from: "fetch", auth: "Bearer tok-1" });
  });

  test("an early 401 goes through the refresh and the retry as any 401", async () => {
    const { client, asked } = setup({
      "tok-1 /api/me/": Promise.resolve(json(401, { error: { code: "unauthenticated", message: "Sessão expirada" } })),
    });
    await expect(client.request("/api/me/")).resolves.toEqual({ from: "fetch", auth: "Bearer tok-2" });
    expect(asked).toEqual(["POST /api/token/refresh/ -", "GET /api/me/ Bearer tok-2"]);
  });

  test("an early call that failed (null) is asked again", async () => {
    const { client, asked } = setup({ "tok-1 /api/me/": Promise.resolve(null) });
    await expect(client.request("/api/me/")).resolves.toEqual({ from: "fetch", auth: "Bearer tok-1" });
    expect(asked).toEqual(["GET /api/me/ Bearer tok-1"]);
  });

  test("the link's exchange is taken by its body, without a token", async () => {
    const body = JSON.stringify({ link: "L1nk" });
    const { client, asked } = setup({
      [` ${EARLY_EXCHANGE_PATH} ${body}`]: Promise.resolve(json(200, { data: { session: "s" } })),
    });
    await expect(client.request(EARLY_EXCHANGE_PATH, { link: "L1nk" }, { auth: false })).resolves.toEqual({
      session: "s",
    });
    expect(asked).toEqual([]);
  });

  test("the caller's abort still ends a call waiting on an early answer", async () => {
    const { client } = setup({ "tok-1 /api/me/": new Promise<Response | null>(() => undefined) });
    const controller = new AbortController();
    const pending = client.request("/api/me/", undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
