import "fake-indexeddb/auto";
import { ApiError, createApiClient } from "@/lib/api/client";
import {
  afterFailure,
  blockId,
  failureKind,
  inQueueOrder,
  isNetworkFailure,
  itemKey,
  queuedBlock,
  retried,
  toSend,
  userOfToken,
  type QueuedBlock,
} from "@/lib/send-queue/rules";
import { drainQueue, lockName, type NamedLock } from "@/lib/send-queue/sender";
import { syncQueue } from "@/lib/send-queue/background";
import {
  closeQueueStore,
  forgetQueueSession,
  keepQueueSession,
  queueStore,
  subscribeQueue,
} from "@/lib/send-queue/store";
import { createSessionStore, type KeyValueStorage } from "@/lib/session";

// The send queue of Criar bloco: which failures keep a block waiting and which refuse it, whose items a
// session sees, the queue's order, the IndexedDB store (fake-indexeddb) and the one sender.

const photo = (id: string) => ({ id, base64url: "data:image/jpeg;base64,AAAA" });
const block = (userId: string, id: string, queuedAt: number, state: QueuedBlock["state"] = "waiting") => ({
  ...queuedBlock(userId, [photo(id)], ["data:image/jpeg;base64,BBBB"], queuedAt),
  state,
});

/** A JWT-shaped token with this payload (the signature is not read). */
const token = (payload: object) =>
  ["e30", Buffer.from(JSON.stringify(payload)).toString("base64url"), "c2ln"].join(".");

describe("what a failure means", () => {
  test.each([
    ["the transport's TypeError", new TypeError("Failed to fetch")],
    ["the client's network_error", new ApiError(0, "network_error", "Erro de conexão")],
    ["the client's time limit", new ApiError(0, "timeout", "Tempo esgotado")],
    ["408", new ApiError(408, "http_408", "Tempo esgotado")],
    ["429", new ApiError(429, "rate_limited", "Muitas tentativas")],
    ["500", new ApiError(500, "internal", "Erro")],
    ["503", new ApiError(503, "unavailable", "Indisponível")],
    ["an abort", new DOMException("Aborted", "AbortError")],
  ])("%s: retried", (_name, error) => {
    expect(failureKind(error)).toBe("retry");
  });

  test.each([
    ["400", 400],
    ["401 (the session ended)", 401],
    ["403", 403],
    ["404 (the company removed)", 404],
    ["409", 409],
    ["413", 413],
  ])("%s: refused for good", (_name, status) => {
    expect(failureKind(new ApiError(status, `http_${status}`, "Recusado"))).toBe("refused");
  });

  test("only a missing answer is a network failure, never an HTTP answer", () => {
    expect(isNetworkFailure(new TypeError("network error"))).toBe(true);
    expect(isNetworkFailure(new ApiError(0, "network_error", "Erro de conexão"))).toBe(true);
    expect(isNetworkFailure(new ApiError(503, "unavailable", "Indisponível"))).toBe(false);
    expect(isNetworkFailure(new ApiError(401, "unauthorized", "Sessão expirada"))).toBe(false);
    expect(isNetworkFailure(new DOMException("Aborted", "AbortError"))).toBe(false);
  });

  test("a refusal keeps the server's message; a retryable failure only counts the attempt", () => {
    const item = block("7", "a1", 1);
    expect(afterFailure(item, new ApiError(404, "not_found", "Empresa não encontrada."), "x")).toMatchObject({
      state: "refused",
      reason: "Empresa não encontrada.",
      attempts: 1,
    });
    expect(afterFailure(item, new ApiError(503, "unavailable", "Indisponível"), "x")).toMatchObject({
      state: "waiting",
      reason: null,
      attempts: 1,
    });
    expect(afterFailure(item, { status: 400 }, "Recusado pelo servidor.")).toMatchObject({
      state: "refused",
      reason: "Recusado pelo servidor.",
    });
    expect(retried({ ...item, state: "refused", reason: "Não" })).toMatchObject({ state: "waiting", reason: null });
  });
});

describe("whose items", () => {
  test("the key starts with the user's id; another user's range never holds them", () => {
    const item = queuedBlock("12", [photo("ab12"), { id: 5 }], ["t", ""], 10);
    expect(item.key).toBe(itemKey("12", "ab12"));
    expect(item.key.startsWith("12:")).toBe(true);
    expect(item.key.startsWith("1:")).toBe(false);
  });

  test("a block's id is its first entry's: a photo's client id, or g and the gallery document's id", () => {
    expect(blockId([photo("ff00"), { id: 3 }])).toBe("ff00");
    expect(blockId([{ id: 42 }])).toBe("g42");
    expect(() => blockId([])).toThrow();
  });

  test("the user is the token's subject; anything else is nobody", () => {
    expect(userOfToken(token({ sub: "31", type: "refresh" }))).toBe("31");
    expect(userOfToken(token({ type: "refresh" }))).toBeNull();
    expect(userOfToken("not-a-jwt")).toBeNull();
    expect(userOfToken("a.%%%.c")).toBeNull();
    expect(userOfToken(null)).toBeNull();
  });
});

describe("order", () => {
  test("oldest first, the same instant by id; a refused block is not sent until retried", () => {
    const items = [block("1", "c", 20), block("1", "b", 10), block("1", "a", 20), block("1", "z", 5, "refused")];
    expect(inQueueOrder(items).map((item) => item.id)).toEqual(["z", "b", "a", "c"]);
    expect(toSend(items).map((item) => item.id)).toEqual(["b", "a", "c"]);
  });
});

describe("the store and the sender", () => {
  const locks: string[] = [];
  const lock: NamedLock = (name, task) => {
    locks.push(name);
    return task();
  };

  afterAll(closeQueueStore);

  afterEach(async () => {
    for (const userId of ["1", "2", "10"]) {
      for (const item of await queueStore.list(userId)) await queueStore.remove(item.key);
    }
    locks.length = 0;
  });

  test("keeps each user's blocks apart (user 1 never lists user 10's)", async () => {
    await queueStore.put(block("1", "a", 1));
    await queueStore.put(block("10", "b", 2));
    await queueStore.put(block("2", "c", 3));
    expect((await queueStore.list("1")).map((item) => item.id)).toEqual(["a"]);
    expect((await queueStore.list("10")).map((item) => item.id)).toEqual(["b"]);
    expect((await queueStore.get(itemKey("2", "c")))?.body).toEqual([photo("c")]);
  });

  test("a change is told to this context's listeners", async () => {
    const heard = jest.fn();
    const unsubscribe = subscribeQueue(heard);
    await queueStore.put(block("1", "a", 1));
    unsubscribe();
    await queueStore.remove(itemKey("1", "a"));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  test("sends the user's waiting blocks oldest first, one at a time, under the user's lock; each leaves once sent", async () => {
    await queueStore.put(block("1", "second", 20));
    await queueStore.put(block("1", "first", 10));
    await queueStore.put(block("2", "other", 1));
    const sent: string[] = [];
    let inFlight = 0;
    const send = async (body: QueuedBlock["body"]) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await Promise.resolve();
      sent.push(String(body[0].id));
      inFlight -= 1;
    };
    const result = await drainQueue({ store: queueStore, userId: "1", send, lock, fallbackReason: "x" });
    expect(result).toEqual({ sent: 2, refused: 0, waiting: 0 });
    expect(sent).toEqual(["first", "second"]);
    expect(locks).toEqual([lockName("1")]);
    expect(await queueStore.list("1")).toEqual([]);
    expect(await queueStore.list("2")).toHaveLength(1);
  });

  test("a refusal stays with its reason and the drain goes on; a network failure stops it with the rest waiting", async () => {
    await queueStore.put(block("1", "refused", 1));
    await queueStore.put(block("1", "offline", 2));
    await queueStore.put(block("1", "later", 3));
    const send = (body: QueuedBlock["body"]) => {
      const id = String(body[0].id);
      if (id === "refused") return Promise.reject(new ApiError(404, "not_found", "Empresa removida pelo escritório."));
      return Promise.reject(new ApiError(0, "network_error", "Erro de conexão"));
    };
    const result = await drainQueue({ store: queueStore, userId: "1", send, lock, fallbackReason: "x" });
    expect(result).toEqual({ sent: 0, refused: 1, waiting: 2 });
    const stored = inQueueOrder(await queueStore.list("1"));
    expect(stored.map((item) => [item.id, item.state, item.reason, item.attempts])).toEqual([
      ["refused", "refused", "Empresa removida pelo escritório.", 1],
      ["offline", "waiting", null, 1],
      ["later", "waiting", null, 0],
    ]);
  });

  test("a block another context sent (or refused) meanwhile is not sent again", async () => {
    await queueStore.put(block("1", "a", 1));
    await queueStore.put(block("1", "b", 2));
    const sent: string[] = [];
    const send = async (body: QueuedBlock["body"]) => {
      sent.push(String(body[0].id));
      // while 'a' goes, another tab sends 'b'
      await queueStore.remove(itemKey("1", "b"));
    };
    await drainQueue({ store: queueStore, userId: "1", send, lock, fallbackReason: "x" });
    expect(sent).toEqual(["a"]);
  });
});

describe("the API client without a network", () => {
  test("a network failure is its own error: no token refresh, no logout", async () => {
    const memory = new Map<string, string>();
    const storage: KeyValueStorage = {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    };
    const session = createSessionStore(() => storage);
    session.setTokens({ access: "access-1", refresh: "refresh-1" });
    const urls: string[] = [];
    const onLogout = jest.fn();
    const client = createApiClient({
      session,
      onLogout,
      fetch: (url) => {
        urls.push(url);
        return Promise.reject(new TypeError("Failed to fetch"));
      },
    });
    const error: unknown = await client.request("/api/block/create", [photo("a")]).catch((caught) => caught);
    expect(error).toMatchObject({ status: 0, code: "network_error" });
    expect(isNetworkFailure(error)).toBe(true);
    expect(failureKind(error)).toBe("retry");
    expect(urls).toEqual(["/api/block/create"]);
    expect(onLogout).not.toHaveBeenCalled();
    expect(session.getRefresh()).toBe("refresh-1");
  });
});

describe("the service worker's sync", () => {
  const alive = token({ sub: "1", exp: Math.floor(Date.now() / 1000) + 300 });
  const expired = token({ sub: "1", exp: Math.floor(Date.now() / 1000) - 1 });
  const answer = (status: number, body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

  afterAll(closeQueueStore);

  afterEach(async () => {
    for (const item of await queueStore.list("1")) await queueStore.remove(item.key);
    await forgetQueueSession();
  });

  test("does nothing while a window of the app is open, or without a kept session or a live token", async () => {
    await queueStore.put(block("1", "a", 1));
    const fetchImpl = jest.fn(() => answer(200, { data: {} }));
    expect(await syncQueue(async () => 1, Date.now(), fetchImpl)).toBe("window-open");
    expect(await syncQueue(async () => 0, Date.now(), fetchImpl)).toBe("no-session");
    await keepQueueSession({ userId: "1", access: expired });
    expect(await syncQueue(async () => 0, Date.now(), fetchImpl)).toBe("token-expired");
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(await queueStore.list("1")).toHaveLength(1);
  });

  test("with no window open, sends the kept user's queue once with the kept token", async () => {
    await queueStore.put(block("1", "a", 1));
    await keepQueueSession({ userId: "1", access: alive });
    const calls: Array<{ url: string; authorization: string | null }> = [];
    const fetchImpl = jest.fn((url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), authorization: new Headers(init?.headers).get("authorization") });
      return answer(200, { data: { id: 9 } });
    });
    expect(await syncQueue(async () => 0, Date.now(), fetchImpl as typeof fetch)).toEqual({
      sent: 1,
      refused: 0,
      waiting: 0,
    });
    expect(calls).toEqual([{ url: "/api/block/create", authorization: `Bearer ${alive}` }]);
    expect(await queueStore.list("1")).toEqual([]);
    // nothing left: a second sync sends nothing
    await syncQueue(async () => 0, Date.now(), fetchImpl as typeof fetch);
    expect(calls).toHaveLength(1);
  });

  test("a 401 keeps the block waiting without a refresh (the sync fails, to run again); a network failure too", async () => {
    await queueStore.put(block("1", "a", 1));
    await keepQueueSession({ userId: "1", access: alive });
    const urls: string[] = [];
    const refused = jest.fn((url: string | URL | Request) => {
      urls.push(String(url));
      return answer(401, { error: { code: "unauthorized", message: "Sessão expirada" } });
    });
    await expect(syncQueue(async () => 0, Date.now(), refused as typeof fetch)).rejects.toThrow("still waiting");
    expect(urls).toEqual(["/api/block/create"]);
    const offline = jest.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(syncQueue(async () => 0, Date.now(), offline)).rejects.toThrow("still waiting");
    expect((await queueStore.list("1")).map((item) => [item.state, item.attempts])).toEqual([["waiting", 2]]);
  });
});
