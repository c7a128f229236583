import { ApiError, createApiClient, REFRESH_PATH, type FetchLike } from "@/lib/api/client";
import { loginErrorMessage } from "@/lib/api/login-error";
import { createMemoryStorage, createSessionStore, STORAGE_KEYS } from "@/lib/session";

type Call = { url: string; method: string; auth: string | null; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const unauthorized = () => json(401, { error: { code: "unauthenticated", message: "Sessão expirada" } });

/** A fake fetch that records every call and answers with `handler`. */
function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers = new Headers(init.headers);
    const call: Call = {
      url,
      method: init.method ?? "GET",
      auth: headers.get("authorization"),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch, calls };
}

function setup(handler: Handler) {
  const storage = createMemoryStorage({
    [STORAGE_KEYS.access]: "old-access",
    [STORAGE_KEYS.refresh]: "old-refresh",
    [STORAGE_KEYS.platform]: "accounting",
  });
  const session = createSessionStore(() => storage);
  const { fetch, calls } = fakeFetch(handler);
  const onLogout = jest.fn();
  const client = createApiClient({ session, fetch, onLogout });
  return { client, session, calls, onLogout };
}

/** A server whose access tokens are valid only when they equal `valid`; refresh rotates to `new-*`. */
const rotatingServer =
  (options: { refreshStatus?: number; delayMs?: number } = {}): Handler =>
  async (call) => {
    if (call.url === REFRESH_PATH) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.refreshStatus)
        return json(options.refreshStatus, { error: { code: "unauthenticated", message: "x" } });
      return json(200, { data: { access: "new-access", refresh: "new-refresh" } });
    }
    if (call.auth !== "Bearer new-access") return unauthorized();
    return json(200, { data: { url: call.url, body: call.body ?? null } });
  };

describe("api client: requests", () => {
  test("GET without payload, POST with a JSON payload, bearer token, reads data", async () => {
    const { client, calls } = setup(() => json(200, { data: { ok: true } }));
    await expect(client.request("/api/me/")).resolves.toEqual({ ok: true });
    await expect(client.request("/api/block/list", { clientId: 1 })).resolves.toEqual({ ok: true });
    expect(calls).toEqual([
      { url: "/api/me/", method: "GET", auth: "Bearer old-access", body: undefined },
      { url: "/api/block/list", method: "POST", auth: "Bearer old-access", body: { clientId: 1 } },
    ]);
  });

  test("auth: false sends no bearer and never refreshes", async () => {
    const { client, calls, session } = setup(() => unauthorized());
    await expect(
      client.request("/api/token/", { username: "a", password: "b" }, { auth: false }),
    ).rejects.toMatchObject({
      status: 401,
      code: "unauthenticated",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].auth).toBeNull();
    expect(session.getSnapshot().loggedIn).toBe(true);
  });
});

describe("api client: 401, refresh and retry", () => {
  test("a 401 refreshes once, stores the NEW pair and retries once", async () => {
    const { client, calls, session } = setup(rotatingServer());
    await expect(client.request("/api/me/")).resolves.toEqual({ url: "/api/me/", body: null });
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ["/api/me/", "Bearer old-access"],
      [REFRESH_PATH, null],
      ["/api/me/", "Bearer new-access"],
    ]);
    expect(calls[1].body).toEqual({ refresh: "old-refresh" });
    expect(session.getAccess()).toBe("new-access");
    expect(session.getRefresh()).toBe("new-refresh");
  });

  test("parallel 401s share exactly one refresh", async () => {
    const { client, calls } = setup(rotatingServer({ delayMs: 20 }));
    const results = await Promise.all([
      client.request("/api/a"),
      client.request("/api/b", { x: 1 }),
      client.request("/api/c"),
    ]);
    expect(results.map((r) => (r as { url: string }).url)).toEqual(["/api/a", "/api/b", "/api/c"]);
    expect(calls.filter((c) => c.url === REFRESH_PATH)).toHaveLength(1);
    expect(calls.filter((c) => c.auth === "Bearer new-access")).toHaveLength(3);
  });

  test("a 401 that arrives after another request refreshed reuses the new token", async () => {
    const { client, calls } = setup(rotatingServer());
    await client.request("/api/a");
    // simulate a request that left with the old token and comes back 401 now
    const stale = createApiClient({
      session: {
        getAccess: () => "new-access",
        getRefresh: () => "new-refresh",
        setTokens: jest.fn(),
        clear: jest.fn(),
      },
      fetch: async (url, init) =>
        new Headers(init.headers).get("authorization") === "Bearer new-access"
          ? json(200, { data: url })
          : unauthorized(),
    });
    await expect(stale.request("/api/b")).resolves.toBe("/api/b");
    expect(calls.filter((c) => c.url === REFRESH_PATH)).toHaveLength(1);
  });

  test("a refused refresh clears the session and logs out; the 401 surfaces", async () => {
    const { client, calls, session, onLogout } = setup(rotatingServer({ refreshStatus: 401 }));
    await expect(Promise.all([client.request("/api/a"), client.request("/api/b")])).rejects.toMatchObject({
      status: 401,
    });
    expect(calls.filter((c) => c.url === REFRESH_PATH)).toHaveLength(1);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot()).toMatchObject({
      access: null,
      refresh: null,
      platform: "not-choosed",
      loggedIn: false,
    });
  });

  test("two tabs without a cross-tab lock refresh at once: the one refused adopts the pair the other stored, nobody is logged out", async () => {
    const storage = createMemoryStorage({
      [STORAGE_KEYS.access]: "old-access",
      [STORAGE_KEYS.refresh]: "old-refresh",
      [STORAGE_KEYS.platform]: "accounting",
    });
    const session = createSessionStore(() => storage);
    // A server that rotates "old-refresh" once and refuses its second use: the client must not depend on
    // the server's grace window.
    let rotated = false;
    let releaseFirst!: () => void;
    const firstDone = new Promise<void>((resolve) => (releaseFirst = resolve));
    const server = async (call: Call) => {
      if (call.url === REFRESH_PATH) {
        if (rotated) {
          await firstDone; // the other tab's answer (and its storing) came first
          return unauthorized();
        }
        rotated = true;
        return json(200, { data: { access: "new-access", refresh: "new-refresh" } });
      }
      return call.auth === "Bearer new-access" ? json(200, { data: call.url }) : unauthorized();
    };
    const tabs = [1, 2].map(() => {
      const onLogout = jest.fn();
      return { onLogout, client: createApiClient({ session, fetch: fakeFetch(server).fetch, onLogout }) };
    });
    const first = tabs[0]!.client.request("/api/a");
    const second = tabs[1]!.client.request("/api/b");
    await first;
    releaseFirst();
    await expect(second).resolves.toBe("/api/b");
    await expect(first).resolves.toBe("/api/a");
    expect(tabs.map((tab) => tab.onLogout.mock.calls.length)).toEqual([0, 0]);
    expect(session.getSnapshot()).toMatchObject({ access: "new-access", refresh: "new-refresh", loggedIn: true });
  });

  test("no refresh token: logs out without calling refresh", async () => {
    const { client, calls, session, onLogout } = setup(() => unauthorized());
    session.clear();
    await expect(client.request("/api/a")).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.url)).toEqual(["/api/a"]);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  test("the retry is made once: a second 401 logs out instead of looping", async () => {
    const { client, calls, onLogout, session } = setup((call) =>
      call.url === REFRESH_PATH
        ? json(200, { data: { access: "new-access", refresh: "new-refresh" } })
        : unauthorized(),
    );
    await expect(client.request("/api/a")).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(["/api/a", REFRESH_PATH, "/api/a"]);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().loggedIn).toBe(false);
  });

  test("a refresh that fails with 5xx keeps the session (the server, not the token, failed)", async () => {
    const { client, session, onLogout } = setup(rotatingServer({ refreshStatus: 503 }));
    await expect(client.request("/api/a")).rejects.toMatchObject({ status: 503 });
    expect(onLogout).not.toHaveBeenCalled();
    expect(session.getRefresh()).toBe("old-refresh");
  });

  test("the refresh runs inside the injected cross-tab lock", async () => {
    const storage = createMemoryStorage({ [STORAGE_KEYS.access]: "old-access", [STORAGE_KEYS.refresh]: "old-refresh" });
    const session = createSessionStore(() => storage);
    const { fetch, calls } = fakeFetch(rotatingServer());
    // While we waited for the lock, another tab refreshed: no second refresh call.
    const lock = async <T>(task: () => Promise<T>) => {
      session.setTokens({ access: "new-access", refresh: "new-refresh" });
      return task();
    };
    const client = createApiClient({ session, fetch, lock });
    await expect(client.request("/api/a")).resolves.toMatchObject({ url: "/api/a" });
    expect(calls.filter((c) => c.url === REFRESH_PATH)).toHaveLength(0);
  });
});

describe("api client: errors", () => {
  test("the envelope's code and message surface in an ApiError", async () => {
    const { client } = setup(() => json(409, { error: { code: "conflict", message: "Este registro foi alterado" } }));
    const error = await client.request("/api/block/save", { block: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "conflict", message: "Este registro foi alterado", fields: [] });
  });

  test("a 400's refused fields surface too, so a form can mark each field (malformed entries dropped)", async () => {
    const fields = [{ path: "currentPassword", message: "Senha atual incorreta." }, { path: 1 }, "x"];
    const { client } = setup(() =>
      json(400, { error: { code: "invalid_input", message: "Senha atual incorreta.", fields } }),
    );
    await expect(client.request("/api/operator/profile", {})).rejects.toMatchObject({
      status: 400,
      fields: [{ path: "currentPassword", message: "Senha atual incorreta." }],
    });
  });

  test.each([400, 404, 500, 502])("'ajax error %i' when the answer has no message", async (status) => {
    const { client } = setup(() => new Response("<html>bad gateway</html>", { status }));
    await expect(client.request("/api/x")).rejects.toMatchObject({
      status,
      code: `http_${status}`,
      message: `ajax error ${status}`,
    });
  });

  test("'ajax timeout' when the server does not answer in time", async () => {
    const client = createApiClient({
      session: createSessionStore(() => createMemoryStorage()),
      timeoutMs: 30,
      // never answers; only the client's AbortController ends it
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    });
    await expect(client.request("/api/x")).rejects.toMatchObject({
      status: 0,
      code: "timeout",
      message: "ajax timeout",
    });
  });

  test("a network failure reads 'Erro de conexão'", async () => {
    const { client } = setup(() => Promise.reject(new TypeError("fetch failed")));
    await expect(client.request("/api/x")).rejects.toMatchObject({
      status: 0,
      code: "network_error",
      message: "Erro de conexão",
    });
  });

  test("a caller's cancel is passed through untouched (not shown as an error)", async () => {
    const controller = new AbortController();
    const client = createApiClient({
      session: createSessionStore(() => createMemoryStorage()),
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    });
    const pending = client.request("/api/x", undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("loginErrorMessage (spec §8)", () => {
  test.each<[unknown, string]>([
    [new ApiError(400, "blocked", "Seu acesso foi bloqueado"), "Seu acesso foi bloqueado"],
    [new ApiError(400, "http_400", "ajax error 400"), "Seu acesso foi bloqueado"],
    [new ApiError(400, "invalid_input", "Dados inválidos."), "Usuário ou senha incorretos"],
    [new ApiError(401, "invalid_credentials", "x"), "Usuário ou senha incorretos"],
    [new ApiError(429, "rate_limited", "Muitas tentativas de login."), "Muitas tentativas de login."],
    [new ApiError(500, "internal", "Erro interno."), "Erro de conexão"],
    [new ApiError(0, "timeout", "ajax timeout"), "Erro de conexão"],
    [new TypeError("boom"), "Erro de conexão"],
  ])("%p → %p", (error, message) => expect(loginErrorMessage(error)).toBe(message));
});
