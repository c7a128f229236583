// `npm run bench`: the API's speed on this machine as RATIOS to Next's own floor measured in the same
// run (a static-JSON route handler of the same server), so that a slower or busier machine moves both
// sides. Starts its own server (scripts/start.ts) with a fresh seeded database in .data/bench on
// BENCH_PORT (3200), logs in as demo users, and drives each target with CONNECTIONS (32) concurrent
// keep-alive loops for BENCH_SECONDS (10) after a 3 s warm-up, timing every request: throughput,
// p50 / p95 / p99. Then a second app process on BENCH_PORT + 1 shares the same PostgreSQL and blob
// folder, and the same load is spread over both (round robin) against one process alone.
// Prints one table and writes it to docs/performance.md (with the machine: cores, memory, Node) and
// .data/bench/results.json. Not part of `npm test`. The categorization figures are
// scripts/bench-categorize.ts; first-load JavaScript is scripts/measure-first-load.mjs (run here too).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, cpus, totalmem } from "node:os";
import { resolve } from "node:path";
import { currentYearMonth } from "../lib/format/dates";

const root = resolve(__dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3200);
const pgPort = process.env.BENCH_PG_PORT ?? "54396";
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const dataDir = resolve(root, ".data/bench");

async function waitFor(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

type Target = { name: string; path: string; method?: "GET" | "POST"; token?: string; body?: string };
type Row = { name: string; reqPerSec: number; p50: number; p95: number; p99: number; errors: number; ratio?: number };

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

/** One request on a kept-alive socket; resolves with its status once the body is read. */
function once(portOf: number, target: Target): Promise<number> {
  return new Promise((resolveStatus, reject) => {
    const body = target.body ?? "";
    const req = request(
      {
        host: "127.0.0.1",
        port: portOf,
        path: target.path,
        method: target.method ?? "GET",
        agent,
        headers: {
          ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolveStatus(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** CONNECTIONS loops for `seconds`, each request timed; `ports` are taken in turn (one per loop). */
async function measure(target: Target, seconds: number, ports: number[] = [port]): Promise<Row> {
  const samples: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      const portOf = ports[loop % ports.length];
      while (performance.now() < end) {
        const started = performance.now();
        try {
          const status = await once(portOf, target);
          if (status >= 400) errors += 1;
        } catch {
          errors += 1;
        }
        samples.push(performance.now() - started);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  const ms = (v: number) => Number(v.toFixed(1));
  return {
    name: target.name,
    reqPerSec: Math.round(samples.length / seconds),
    p50: ms(percentile(samples, 50)),
    p95: ms(percentile(samples, 95)),
    p99: ms(percentile(samples, 99)),
    errors,
  };
}

async function login(username: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo1234" }),
  });
  const { data } = (await res.json()) as { data: { access: string } };
  return data.access;
}

function startServer(portOf: number, extra: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", resolve(root, "scripts/start.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(portOf), DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, ...extra },
  });
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (server.exitCode !== null) return done();
    server.once("exit", () => done());
    server.kill("SIGTERM");
  });
}

function table(rows: Row[]): string {
  const head = "| target | req/s | ratio to static | p50 ms | p95 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|---:|---:|";
  return [head, ...rows.map((r) => `| ${r.name} | ${r.reqPerSec} | ${r.ratio?.toFixed(2) ?? ""} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`)].join("\n");
}

async function main(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const first = startServer(port, { BLOCO_RESET_DATA: "1" });
  let second: ChildProcess | null = null;
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 900_000);
    const office = await login("dono@escritorio.demo");
    const business = await login("cliente@empresa.demo");
    const clients = (await (await fetch(`http://127.0.0.1:${port}/api/clients`, { headers: { authorization: `Bearer ${office}` } })).json()) as {
      data: { id: number; name: string }[];
    };
    const showcase = clients.data.find((c) => c.name.startsWith("Padaria")) ?? clients.data[0];
    const { year, month } = currentYearMonth();
    const staticRoute: Target = { name: "static JSON route (Next floor)", path: "/api/health/live" };
    const targets: Target[] = [
      staticRoute,
      { name: "GET /api/me/ (JWT + actor)", path: "/api/me/", token: office },
      { name: `GET /api/clients (${clients.data.length} cards)`, path: "/api/clients", token: office },
      { name: "POST /api/block/list (a month, office)", path: "/api/block/list", method: "POST", token: office, body: JSON.stringify({ clientId: showcase.id, year, month }) },
      { name: "POST /api/block/list (a month, business home)", path: "/api/block/list", method: "POST", token: business, body: JSON.stringify({ year, month }) },
    ];
    const rows: Row[] = [];
    for (const target of targets) {
      await measure(target, 3); // warm-up, discarded
      rows.push(await measure(target, duration));
    }
    const floor = rows[0].reqPerSec || 1;
    for (const row of rows) row.ratio = row.reqPerSec / floor;

    // Two app processes sharing PostgreSQL and the blobs (the secrets come from DATA_DIR/secrets.json).
    const url = `postgresql://bloco:bloco@127.0.0.1:${pgPort}/bloco`;
    second = startServer(port + 1, { DATABASE_URL: url, SEED: "0" });
    await waitFor(`http://127.0.0.1:${port + 1}/api/health`, 300_000);
    const scaled = targets[2];
    await measure(scaled, 3, [port, port + 1]);
    const one = await measure({ ...scaled, name: `${scaled.name}, 1 process` }, duration);
    const two = await measure({ ...scaled, name: `${scaled.name}, 2 processes` }, duration, [port, port + 1]);
    one.ratio = 1;
    two.ratio = two.reqPerSec / (one.reqPerSec || 1);

    const { measureFirstLoad } = (await import("./measure-first-load.mjs")) as {
      measureFirstLoad: (base: string) => Promise<{ path: string; scripts: number; kib: number }[]>;
    };
    const firstLoad = await measureFirstLoad(`http://127.0.0.1:${port}`);

    const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const at = new Date().toISOString();
    const text = [
      `Measured ${at} on ${machine}; ${connections} concurrent connections, ${duration} s per target after a 3 s warm-up; the load generator, PostgreSQL and the app share the machine.`,
      "",
      table(rows),
      "",
      "Scaling out: the same load spread over two app processes sharing one PostgreSQL (ratio = two / one).",
      "",
      table([one, two]),
      "",
      "First-load JavaScript, compressed as served (noModule polyfills left out):",
      "",
      "| page | scripts | KiB |\n|---|---:|---:|",
      ...firstLoad.map((r) => `| ${r.path} | ${r.scripts} | ${r.kib} |`),
    ].join("\n");
    console.log(`\n${text}\n`);
    writeFileSync(resolve(dataDir, "results.json"), JSON.stringify({ at, machine, duration, connections, rows, scaling: [one, two], firstLoad }, null, 2));
    const doc = resolve(root, "docs/performance.md");
    const previous = readFileSync(doc, "utf8");
    const marker = "<!-- bench -->";
    const [intro] = previous.split(marker);
    writeFileSync(doc, `${intro}${marker}\n${text}\n`);
  } finally {
    if (second) await stop(second);
    await stop(first);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
