import { ApiError, createApiClient, REFRESH_PATH, type FetchLike } from "@/lib/api/client";
import { GATE_WAIT_MAX_MS, GATE_WAIT_MIN_MS, retryAfterMs } from "@/lib/api/block-sender";
import { parseHeaders, uploadTransport, type UploadProgress } from "@/lib/api/upload-transport";
import { createMemoryStorage, createSessionStore, STORAGE_KEYS } from "@/lib/session";

/** Just what uploadTransport uses of an XMLHttpRequest; the test plays the network. */
class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = "";
  responseHeaders = "";
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  // the network's side
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  uploaded() {
    this.upload.onload?.();
  }
  respond(status: number, body: unknown, headers = "content-type: application/json\r\n") {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

function setup(options: { stallMs?: number; processingMs?: number } = {}) {
  const xhrs: FakeXhr[] = [];
  const progress: UploadProgress[] = [];
  const uploaded = jest.fn();
  const transport = uploadTransport({
    onProgress: (event) => progress.push(event),
    onUploaded: uploaded,
    createXhr: () => {
      const xhr = new FakeXhr();
      xhrs.push(xhr);
      return xhr as unknown as XMLHttpRequest;
    },
    ...options,
  });
  const storage = createMemoryStorage({
    [STORAGE_KEYS.access]: "old-access",
    [STORAGE_KEYS.refresh]: "old-refresh",
    [STORAGE_KEYS.platform]: "bussiness",
  });
  const session = createSessionStore(() => storage);
  const refreshes: string[] = [];
  // the refresh goes through the client's own fetch, not the upload transport
  const fetch: FetchLike = async (url, init) => {
    refreshes.push(url);
    expect(JSON.parse(String(init.body))).toEqual({ refresh: "old-refresh" });
    return new Response(JSON.stringify({ data: { access: "new-access", refresh: "new-refresh" } }), { status: 200 });
  };
  const onLogout = jest.fn();
  const client = createApiClient({ session, fetch, onLogout });
  return { xhrs, progress, uploaded, transport, client, session, refreshes, onLogout };
}

/** Lets the client's awaits run until the transport has opened its `count`-th request. */
async function opened(xhrs: FakeXhr[], count: number) {
  for (let turn = 0; turn < 50 && xhrs.length < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(xhrs).toHaveLength(count);
  return xhrs[count - 1];
}

describe("the block upload through the API client (XMLHttpRequest transport)", () => {
  test("sends the JSON body with the bearer token, reports progress, unwraps data", async () => {
    const { xhrs, progress, uploaded, transport, client } = setup();
    const body = [{ id: "abc", base64url: "data:image/jpeg;base64,AAAA" }, { id: 7 }];
    const answer = client.request<{ id: number }>("/api/block/create", body, { transport, timeoutMs: 0 });
    const xhr = await opened(xhrs, 1);
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/block/create");
    expect(xhr.headers.authorization).toBe("Bearer old-access");
    expect(xhr.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(String(xhr.body))).toEqual(body);
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.uploaded();
    xhr.respond(200, { data: { id: 31 } });
    await expect(answer).resolves.toEqual({ id: 31 });
    expect(progress).toEqual([
      { loaded: 50, total: 200 },
      { loaded: 200, total: 200 },
    ]);
    expect(uploaded).toHaveBeenCalledTimes(1);
  });

  test("a 401 refreshes once and sends the same body again with the new token", async () => {
    const { xhrs, transport, client, refreshes, session } = setup();
    const body = [{ id: "same-id", base64url: "data:image/jpeg;base64,AAAA" }];
    const answer = client.request("/api/block/create", body, { transport, timeoutMs: 0 });
    (await opened(xhrs, 1)).respond(401, { error: { code: "unauthenticated", message: "Sessão expirada" } });
    const retry = await opened(xhrs, 2);
    expect(refreshes).toEqual([REFRESH_PATH]);
    expect(retry.headers.authorization).toBe("Bearer new-access");
    expect(retry.body).toBe(xhrs[0].body);
    retry.respond(200, { data: { ok: true } });
    await expect(answer).resolves.toEqual({ ok: true });
    expect(session.getRefresh()).toBe("new-refresh");
  });

  test("the server's error envelope becomes an ApiError; its headers are readable", async () => {
    const { xhrs, transport } = setup();
    const response = transport("/api/block/create", { method: "POST", body: "[]", headers: {} });
    (await opened(xhrs, 1)).respond(
      429,
      { error: { code: "rate_limited", message: "Aguarde" } },
      "Retry-After: 3\r\ncontent-type: application/json\r\n",
    );
    const answer = await response;
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("3");
  });

  test("a network failure is the client's connection error", async () => {
    const { xhrs, transport, client } = setup();
    const answer = client.request("/api/block/create", [], { transport, timeoutMs: 0 });
    (await opened(xhrs, 1)).onerror?.();
    await expect(answer).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  test("an upload with no progress for stallMs is given up", async () => {
    const { xhrs, transport, client } = setup({ stallMs: 20 });
    const answer = client.request("/api/block/create", [], { transport, timeoutMs: 0 });
    await expect(answer).rejects.toBeInstanceOf(ApiError);
    expect(xhrs[0].aborted).toBe(true);
  });

  test("progress keeps a slow upload alive; then the server gets processingMs", async () => {
    // The transport's clock is faked (a loaded machine's real 15 ms sleeps ran past the 30 ms stall).
    jest.useFakeTimers({ doNotFake: ["setImmediate", "nextTick", "queueMicrotask"] });
    try {
      const { xhrs, transport, client } = setup({ stallMs: 30, processingMs: 200 });
      const answer = client.request<{ done: boolean }>("/api/block/create", [], { transport, timeoutMs: 0 });
      const xhr = await opened(xhrs, 1);
      for (let step = 1; step <= 4; step += 1) {
        await jest.advanceTimersByTimeAsync(15);
        xhr.progress(step, 4);
      }
      xhr.uploaded();
      await jest.advanceTimersByTimeAsync(60); // longer than stallMs: the server is working
      expect(xhr.aborted).toBe(false);
      xhr.respond(200, { data: { done: true } });
      await expect(answer).resolves.toEqual({ done: true });
      expect(xhr.aborted).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  test("the caller's abort stops the request", async () => {
    const { xhrs, transport, client } = setup();
    const controller = new AbortController();
    const answer = client.request("/api/block/create", [], { transport, timeoutMs: 0, signal: controller.signal });
    await opened(xhrs, 1);
    controller.abort();
    await expect(answer).rejects.toBeDefined();
    expect(xhrs[0].aborted).toBe(true);
  });

  test("timeoutMs 0: no overall time limit, while the client's default would have cut it", async () => {
    const slow: FetchLike = (_url, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(new Response(JSON.stringify({ data: 1 }), { status: 200 })), 40);
        init.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new DOMException("Aborted", "AbortError"));
        });
      });
    const session = createSessionStore(() =>
      createMemoryStorage({ [STORAGE_KEYS.access]: "a", [STORAGE_KEYS.refresh]: "r" }),
    );
    const client = createApiClient({ session, fetch: slow, timeoutMs: 10 });
    await expect(client.request("/x", {})).rejects.toMatchObject({ code: "timeout" });
    await expect(client.request("/x", {}, { timeoutMs: 0 })).resolves.toBe(1);
  });
});

describe("retryAfterMs (the upload gate's 429)", () => {
  test("seconds, bounded", () => {
    expect(retryAfterMs("2")).toBe(2_000);
    expect(retryAfterMs(null)).toBe(GATE_WAIT_MIN_MS);
    expect(retryAfterMs("0")).toBe(GATE_WAIT_MIN_MS);
    expect(retryAfterMs("soon")).toBe(GATE_WAIT_MIN_MS);
    expect(retryAfterMs("3600")).toBe(GATE_WAIT_MAX_MS);
  });
});

test("parseHeaders reads XMLHttpRequest's header block", () => {
  const headers = parseHeaders("content-type: application/json\r\nretry-after: 5\r\nx-a: b: c\r\n");
  expect(headers.get("Content-Type")).toBe("application/json");
  expect(headers.get("Retry-After")).toBe("5");
  expect(headers.get("x-a")).toBe("b: c");
  expect([...parseHeaders("").keys()]).toEqual([]);
});
