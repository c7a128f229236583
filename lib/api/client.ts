import type { RefreshAnswer } from "@/lib/contract/auth";
import { ajaxMessages } from "@/lib/i18n/sections/ajax";
import { validationMessages } from "@/lib/i18n/sections/validation";
import type { SessionStore } from "@/lib/session";

// The ONE API client (spec §7, ARCHITECTURE §7): bearer token, POST with a JSON body when there is a
// payload and GET otherwise, reads `data` of the envelope. A 401 triggers ONE shared refresh (parallel
// 401s await the same promise) and one retry; a refused refresh logs the user out. Errors surface as
// ApiError(status, code, message). Everything it touches (fetch, storage, locks) is injected.

/** A field the server refused (`error.fields` of a 400): `path` is the body's field, dotted. */
export type ApiFieldError = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The refused fields of a 400, so a form can show each message beside its field. */
  readonly fields: ApiFieldError[];
  /** `error.details` of the envelope (additive: a 409's fresh block, the busy holder), {} when absent. */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: ApiFieldError[] = [],
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
/** Runs `task` while holding a cross-tab lock (navigator.locks in the browser). */
export type LockLike = <T>(task: () => Promise<T>) => Promise<T>;

export type ApiClientOptions = {
  session: Pick<SessionStore, "getAccess" | "getRefresh" | "setTokens" | "clear">;
  fetch?: FetchLike;
  baseUrl?: string;
  timeoutMs?: number;
  lock?: LockLike;
  /** Called after a refused refresh cleared the session (the route guard then sends the user to /login), with
   * the refusal's `error.details.reason` when it gave one (the office removed the user's company). */
  onLogout?: (reason?: string) => void;
  /**
   * The answer of a call already made with this path, token and JSON body (undefined for a GET), if any
   * (lib/early-calls.ts: the page's first calls, made from <head>); null or undefined: ask.
   */
  early?: (path: string, access: string | null, body?: string) => Promise<Response | null> | undefined;
};

export type RequestOptions = {
  signal?: AbortSignal;
  /** false: no bearer token and no refresh on 401 (login, refresh, logout calls). */
  auth?: boolean;
  /** This call's own transport instead of fetch (the block upload's XMLHttpRequest reports upload progress). */
  transport?: FetchLike;
  /**
   * This call's time limit in ms instead of the client's; 0 = none (an upload's transport watches its own
   * progress).
   */
  timeoutMs?: number;
};

type SendOptions = Pick<RequestOptions, "signal" | "transport" | "timeoutMs"> & {
  /** A download: a successful answer sent as an attachment is read as a file, not as JSON. */
  file?: boolean;
};

/** A file the API handed out (an export), with the name its Content-Disposition gives. */
export type DownloadedFile = { blob: Blob; filename: string };

export type ApiClient = {
  request<T>(path: string, payload?: unknown, options?: RequestOptions): Promise<T>;
  /** A call whose success is a file (Content-Disposition: attachment); its refusals throw as request's. */
  download(path: string, payload: unknown, options?: RequestOptions): Promise<DownloadedFile>;
  /** The shared refresh: resolves to the new access token, or null when the session was logged out. */
  refresh(): Promise<string | null>;
};

export const REFRESH_PATH = "/api/token/refresh/";
export const DEFAULT_TIMEOUT_MS = 30_000;

type Outcome = { status: number; body: unknown; file?: DownloadedFile };

/** The file name of a Content-Disposition: `filename*` (RFC 5987) when given, else `filename`. */
export function attachmentName(disposition: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // a malformed escape: the plain name below
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? "arquivo";
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function errorFromResponse(status: number, body: unknown): ApiError {
  const envelope = isRecord(body) && isRecord(body.error) ? body.error : {};
  const code = typeof envelope.code === "string" ? envelope.code : `http_${status}`;
  const message =
    typeof envelope.message === "string" && envelope.message ? envelope.message : ajaxMessages.error(status);
  const fields = Array.isArray(envelope.fields) ? envelope.fields.filter(isFieldError) : [];
  const details = isRecord(envelope.details) ? envelope.details : {};
  // export_blocked lists what stops the export beside the message (`error.errors`).
  return new ApiError(
    status,
    code,
    message,
    fields,
    Array.isArray(envelope.errors) ? { ...details, errors: envelope.errors } : details,
  );
}

const isFieldError = (value: unknown): value is ApiFieldError =>
  isRecord(value) && typeof value.path === "string" && typeof value.message === "string";

const isTokenPair = (value: unknown): value is RefreshAnswer =>
  isRecord(value) && typeof value.access === "string" && typeof value.refresh === "string";

/** Resolves to null when `signal` aborts (the time limit, or the caller). */
const abandoned = (signal: AbortSignal) =>
  new Promise<null>((resolve) => {
    if (signal.aborted) resolve(null);
    else signal.addEventListener("abort", () => resolve(null), { once: true });
  });

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session, baseUrl = "", timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const lock: LockLike = options.lock ?? ((task) => task());
  let refreshing: Promise<string | null> | null = null;

  async function send(path: string, payload: unknown, access: string | null, call: SendOptions = {}): Promise<Outcome> {
    const { signal, transport = fetchImpl, timeoutMs: limit = timeoutMs } = call;
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      limit > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, limit)
        : undefined;
    const cancel = () => controller.abort(signal?.reason);
    if (signal?.aborted) cancel();
    signal?.addEventListener("abort", cancel, { once: true });

    const headers: Record<string, string> = { Accept: "application/json" };
    if (access) headers.Authorization = `Bearer ${access}`;
    const init: RequestInit = {
      method: payload === undefined ? "GET" : "POST",
      headers,
      signal: controller.signal,
      cache: "no-store",
    };
    if (payload !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(payload);
    }
    // A call the page already made (same path, token and body) is taken as it is; abort and the time
    // limit still hold.
    const early = call.transport ? undefined : options.early?.(path, access, init.body as string | undefined);
    try {
      const asked = early ? await Promise.race([early, abandoned(controller.signal)]) : null;
      const response = asked ?? (await transport(baseUrl + path, init));
      const disposition = call.file && response.ok ? (response.headers.get("content-disposition") ?? "") : "";
      if (disposition.startsWith("attachment")) {
        return {
          status: response.status,
          body: null,
          file: { blob: await response.blob(), filename: attachmentName(disposition) },
        };
      }
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null; // not our envelope (a proxy's HTML page): the status speaks
      }
      return { status: response.status, body };
    } catch (error) {
      if (timedOut) throw new ApiError(0, "timeout", ajaxMessages.timeout);
      if (signal?.aborted) throw error; // the caller cancelled (react-query): not an error to show
      throw new ApiError(0, "network_error", validationMessages.connection);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", cancel);
    }
  }

  function logout(refusal?: { status: number; body: unknown }) {
    session.clear();
    const reason = refusal ? errorFromResponse(refusal.status, refusal.body).details.reason : undefined;
    options.onLogout?.(typeof reason === "string" ? reason : undefined);
  }

  async function exchange(staleAccess: string | null): Promise<string | null> {
    // Another tab (or a request that finished first) may have refreshed while we waited for the lock.
    const current = session.getAccess();
    if (current && current !== staleAccess) return current;
    const refresh = session.getRefresh();
    if (!refresh) {
      logout();
      return null;
    }
    const outcome = await send(REFRESH_PATH, { refresh }, null);
    if (outcome.status >= 500) throw errorFromResponse(outcome.status, outcome.body); // the session may still be good
    const data = isRecord(outcome.body) ? outcome.body.data : undefined;
    if (outcome.status !== 200 || !isTokenPair(data)) {
      // Refused because another tab rotated the same token first (no cross-tab lock: navigator.locks
      // is missing on an insecure origin and in older browsers): its new pair is in the shared storage.
      const access = session.getAccess();
      if (session.getRefresh() !== refresh && access) return access;
      logout(outcome);
      return null;
    }
    session.setTokens({ access: data.access, refresh: data.refresh }); // rotation: ALWAYS the new refresh
    return data.access;
  }

  function refresh(staleAccess: string | null = session.getAccess()): Promise<string | null> {
    refreshing ??= lock(() => exchange(staleAccess)).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function freshAccess(usedAccess: string | null): Promise<string | null> {
    if (refreshing) return refreshing;
    const current = session.getAccess();
    if (current && current !== usedAccess) return current; // refreshed since this request left
    return refresh(usedAccess);
  }

  function unwrap<T>(outcome: Outcome): T {
    if (outcome.status >= 200 && outcome.status < 300) {
      return (isRecord(outcome.body) ? outcome.body.data : undefined) as T;
    }
    throw errorFromResponse(outcome.status, outcome.body);
  }

  async function request<T>(path: string, payload?: unknown, requestOptions: RequestOptions = {}): Promise<T> {
    const { auth = true, ...call } = requestOptions;
    const access = auth ? session.getAccess() : null;
    const first = await send(path, payload, access, call);
    if (first.status !== 401 || !auth) return unwrap<T>(first);

    const fresh = await freshAccess(access);
    if (fresh === null) throw errorFromResponse(first.status, first.body);
    const retry = await send(path, payload, fresh, call);
    // A token minted a moment ago refused too: the session is no longer usable (user blocked or removed).
    if (retry.status === 401) logout(retry);
    return unwrap<T>(retry);
  }

  async function download(
    path: string,
    payload: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<DownloadedFile> {
    const call = { ...requestOptions, file: true };
    const access = session.getAccess();
    let outcome = await send(path, payload, access, call);
    if (outcome.status === 401) {
      const fresh = await freshAccess(access);
      if (fresh === null) throw errorFromResponse(outcome.status, outcome.body);
      outcome = await send(path, payload, fresh, call);
      if (outcome.status === 401) logout(outcome);
    }
    if (outcome.file) return outcome.file;
    throw errorFromResponse(outcome.status, outcome.body);
  }

  return { request, download, refresh: () => refresh() };
}
