// The one load generator and summary of `npm run bench`: HTTP/1.1 requests on kept-alive sockets,
// `concurrency` loops each sending its next request as soon as the previous answer is read, every
// request timed; percentiles over all samples. Every measurement module uses these.
import { Agent, request } from "node:http";

/** `fresh`: on a new connection, not a kept-alive one (which the server may close after 5 idle seconds, mid-write). */
export type Call = {
  path: string;
  method?: "GET" | "POST";
  token?: string;
  body?: unknown;
  port: number;
  timeoutMs?: number;
  fresh?: boolean;
};
export type Answer = { status: number; text: string };
export type Summary = {
  n: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
};

const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

/**
 * One request; resolves with its status and body once the body is read. A request with no answer after
 * `timeoutMs` (60 s) fails, so a stuck call is an error in the figures and never hangs the bench.
 */
export function send(call: Call): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    // A Buffer is sent as it is (an upload encoded beforehand, so the encoding does not stall this
    // process's event loop, and the loops it runs beside, while the request is timed).
    const body =
      call.body === undefined
        ? ""
        : typeof call.body === "string" || Buffer.isBuffer(call.body)
          ? call.body
          : JSON.stringify(call.body);
    const req = request(
      {
        host: "127.0.0.1",
        port: call.port,
        path: call.path,
        method: call.method ?? (body.length ? "POST" : "GET"),
        agent: call.fresh ? false : agent,
        headers: {
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          ...(body.length ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolveAnswer({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(call.timeoutMs ?? 60_000, () =>
      req.destroy(new Error(`${call.path}: no answer in ${call.timeoutMs ?? 60_000} ms`)),
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A call whose answer must be 200: its `data`, else an Error with the status and body. */
export async function data<T>(call: Call): Promise<T> {
  const answer = await send(call);
  if (answer.status !== 200)
    throw new Error(`${call.method ?? "GET"} ${call.path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return (JSON.parse(answer.text) as { data: T }).data;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (v: number) => Number(v.toFixed(1));

/** p50/p95/p99/max of `samples` (ms), and their rate over `seconds` when given. */
export function summarize(samples: number[], seconds = 0, errors = 0): Summary {
  const sorted = samples.slice().sort((a, b) => a - b);
  return {
    n: sorted.length,
    reqPerSec: seconds > 0 ? Math.round(sorted.length / seconds) : 0,
    p50: ms(percentile(sorted, 50)),
    p95: ms(percentile(sorted, 95)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted[sorted.length - 1] ?? 0),
    errors,
  };
}

/** Times `work` (ms) into `samples`; returns what it returns. */
export async function timed<T>(samples: number[], work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    samples.push(performance.now() - started);
  }
}

export type LoadOptions = {
  concurrency: number;
  /** How long the loops run; or until `stop` resolves. */
  seconds?: number;
  stop?: Promise<unknown>;
  /** The request loop `loop` sends as its `i`-th (loops may alternate targets or ports). */
  next: (loop: number, i: number) => Call;
  /** Collects the timings here too (several runs summarised together). */
  samples?: number[];
};

/** `concurrency` loops of requests; any status ≥ 400 or a socket error counts as an error. */
export async function load(options: LoadOptions): Promise<Summary> {
  const samples: number[] = [];
  let errors = 0;
  let stopped = false;
  const started = performance.now();
  const end = options.seconds ? started + options.seconds * 1000 : Infinity;
  void options.stop?.then(() => (stopped = true));
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, loop) => {
      for (let i = 0; !stopped && performance.now() < end; i += 1) {
        const call = options.next(loop, i);
        try {
          const answer = await timed(samples, () => send(call));
          if (answer.status >= 400) errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  options.samples?.push(...samples);
  return summarize(samples, (performance.now() - started) / 1000, errors);
}
