import type { FetchLike } from "./client";

// fetch has no upload progress: a block's photos (up to 13 × a few MB) travel through XMLHttpRequest,
// handed to the one API client as this call's transport (RequestOptions.transport), so the bearer token,
// the envelope and the one refresh-and-retry on 401 stay the client's. Instead of the client's overall
// time limit (a slow phone connection may need minutes), the upload fails when it STALLS: no progress
// for `stallMs` while sending, or no answer `processingMs` after the last byte left.

export type UploadProgress = { loaded: number; total: number };

export type UploadTransportOptions = {
  onProgress: (progress: UploadProgress) => void;
  /** Called once the whole body has left (the server now decodes the images). */
  onUploaded?: () => void;
  stallMs?: number;
  processingMs?: number;
  /** Injected in tests. */
  createXhr?: () => XMLHttpRequest;
};

export const UPLOAD_STALL_MS = 30_000;
export const UPLOAD_PROCESSING_MS = 120_000;

/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

export function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function uploadTransport(options: UploadTransportOptions): FetchLike {
  const { onProgress, onUploaded, stallMs = UPLOAD_STALL_MS, processingMs = UPLOAD_PROCESSING_MS } = options;
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());

  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = createXhr();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const watch = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          xhr.abort();
          finish(() => reject(new TypeError("upload stalled")));
        }, ms);
      };
      const onAbort = () => {
        xhr.abort();
        finish(() => reject(init.signal?.reason ?? new DOMException("Aborted", "AbortError")));
      };
      let done = false;
      const finish = (settle: () => void) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        init.signal?.removeEventListener("abort", onAbort);
        settle();
      };

      xhr.open(init.method ?? "GET", url);
      for (const [name, value] of new Headers(init.headers).entries()) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        watch(stallMs);
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      };
      xhr.upload.onload = () => {
        watch(processingMs);
        onUploaded?.();
      };
      xhr.onload = () =>
        finish(() => {
          const body = NULL_BODY.has(xhr.status) ? null : xhr.responseText;
          resolve(new Response(body, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
        });
      xhr.onerror = () => finish(() => reject(new TypeError("network error")));
      xhr.onabort = () => finish(() => reject(new DOMException("Aborted", "AbortError")));

      if (init.signal?.aborted) return onAbort();
      init.signal?.addEventListener("abort", onAbort, { once: true });
      watch(stallMs);
      xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}
