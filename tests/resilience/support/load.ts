// A closed-loop load generator on node:http: `connections` callers each send a request, wait for the
// answer (and `pauseMs`) and send the next, until the deadline. Records every status and every latency, so figures can
// be split by status (the p99 of the 200s, not of everything).
import http from "node:http";

export type Sample = { status: number; ms: number };
export type LoadRequest = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

export async function closedLoop(options: {
  base: string;
  connections: number;
  seconds: number;
  /** Pause between a caller's answer and its next request (0: at once). */
  pauseMs?: number;
  next: (caller: number) => LoadRequest;
}): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const samples: Sample[] = [];
  const deadline = Date.now() + options.seconds * 1000;
  const one = (request: LoadRequest) =>
    new Promise<Sample>((resolve) => {
      const started = performance.now();
      const url = new URL(request.path, options.base);
      const req = http.request(
        url,
        { method: request.method, agent, headers: { "content-type": "application/json", ...request.headers } },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        },
      );
      req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
      req.end(request.body);
    });
  await Promise.all(
    Array.from({ length: options.connections }, async (_, caller) => {
      while (Date.now() < deadline) {
        samples.push(await one(options.next(caller)));
        if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      }
    }),
  );
  agent.destroy();
  return samples;
}

export function countByStatus(samples: Sample[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of samples) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
