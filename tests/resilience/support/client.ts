// An HTTP client for the resilience journeys: node:http on one keep-alive agent (no connection set-up per
// call, no fetch/undici queue in the way), JSON in and out, and every answer recorded per route (status
// and latency) so a run prints a histogram and percentiles per route.
import http from "node:http";
import { BASE } from "./app";
import { percentile } from "./load";

export type Answer<T = unknown> = {
  status: number;
  json: { data?: T; error?: { code: string; message: string } } | null;
  retryAfter: string | null;
  ms: number;
};

export class Recorder {
  readonly byRoute = new Map<string, { statuses: Record<number, number>; ms: number[]; okMs: number[] }>();
  /** Network failures (no HTTP answer), by route and error code. */
  readonly failures: string[] = [];

  record(route: string, status: number, ms: number): void {
    let entry = this.byRoute.get(route);
    if (!entry) this.byRoute.set(route, (entry = { statuses: {}, ms: [], okMs: [] }));
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    entry.ms.push(ms);
    if (status >= 200 && status < 300) entry.okMs.push(ms);
  }

  /** Per route: the status histogram, calls per second and p50/p95/p99 in ms. */
  summary(seconds: number): Record<
    string,
    {
      statuses: Record<number, number>;
      perSecond: number;
      p50: number;
      p95: number;
      p99: number;
      ok: { p50: number; p99: number };
    }
  > {
    const out: ReturnType<Recorder["summary"]> = {};
    for (const [route, { statuses, ms, okMs }] of [...this.byRoute].sort(([a], [b]) => a.localeCompare(b))) {
      out[route] = {
        statuses,
        perSecond: Number((ms.length / seconds).toFixed(1)),
        p50: Math.round(percentile(ms, 50)),
        p95: Math.round(percentile(ms, 95)),
        p99: Math.round(percentile(ms, 99)),
        ok: { p50: Math.round(percentile(okMs, 50)), p99: Math.round(percentile(okMs, 99)) },
      };
    }
    return out;
  }
}

/**
 * `call` answers every request with its status (0: no HTTP answer, the error code in
 * recorder.failures). A request sent on a kept-alive socket that the server closed at the same moment
 * (its keep-alive timeout) fails before any answer; like a browser, the client sends it once more on a
 * new connection — that is the documented way (Node's `request.reusedSocket`), and no server saw it.
 */
export function apiClient(recorder: Recorder, maxSockets = 256) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  function call<T = unknown>(
    method: "GET" | "POST",
    path: string,
    options: { token?: string; body?: unknown; route?: string } = {},
    retried = false,
  ): Promise<Answer<T>> {
    return new Promise<Answer<T>>((resolve) => {
      const started = performance.now();
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers: Record<string, string> = {};
      if (payload !== undefined) headers["content-type"] = "application/json";
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let finished = false;
      const done = (status: number, text: string, retryAfter: string | null) => {
        if (finished) return;
        finished = true;
        const ms = performance.now() - started;
        recorder.record(options.route ?? path, status, ms);
        let json: Answer<T>["json"] = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        resolve({ status, json, retryAfter, ms });
      };
      // The second try goes on a new connection of its own.
      const req = http.request(new URL(path, BASE), { method, agent: retried ? false : agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          done(
            res.statusCode ?? 0,
            Buffer.concat(chunks).toString("utf8"),
            (res.headers["retry-after"] as string | undefined) ?? null,
          ),
        );
        res.on("error", (error: NodeJS.ErrnoException) => fail(error, false));
      });
      let answered = false;
      req.on("response", () => (answered = true));
      const fail = (error: NodeJS.ErrnoException, beforeAnswer: boolean) => {
        if (beforeAnswer && !answered && req.reusedSocket && error.code === "ECONNRESET" && !retried)
          return void call<T>(method, path, options, true).then(resolve);
        recorder.failures.push(
          `${options.route ?? path}: ${error.code ?? error.message}${req.reusedSocket ? " (reused socket)" : ""}`,
        );
        done(0, "", null);
      };
      req.on("error", (error: NodeJS.ErrnoException) => fail(error, true));
      req.end(payload);
    });
  }
  return { call, close: () => agent.destroy() };
}
