// `npm run bench`: throughput of the API on this machine, against Next's own floor measured in the
// same run (a static-JSON route handler). Starts its own server (scripts/start.ts) with a fresh seeded
// database in .data/bench on port 3200, logs in as a demo user, then runs autocannon on each target.
// Results are printed (with each target's ratio to the static route) and written to
// .data/bench/results.json. Not part of `npm test`. BENCH_PORT / BENCH_PG_PORT / NEXT_DIST_DIR let a
// second copy run beside another server.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { currentYearMonth } from "../lib/format/dates";

const root = resolve(__dirname, "..");
const port = process.env.BENCH_PORT ?? "3200";
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

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

type Target = { name: string; path: string; method?: "GET" | "POST"; token?: boolean; body?: string };

async function measure(target: Target, token: string, seconds = duration) {
  const result = await autocannon({
    url: base + target.path,
    method: target.method ?? "GET",
    connections,
    duration: seconds,
    headers: { ...(target.token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
    body: target.body,
  });
  const non2xx = result.non2xx + result.errors;
  return { name: target.name, reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx };
}

async function main(): Promise<void> {
  const dataDir = resolve(root, ".data/bench");
  mkdirSync(dataDir, { recursive: true });
  const server = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", resolve(root, "scripts/start.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: port, DATA_DIR: dataDir, EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? "54396", BLOCO_RESET_DATA: "1" },
  });
  try {
    await waitFor(`${base}/api/health`, 600_000);
    const login = await fetch(`${base}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "dono@escritorio.demo", password: "demo1234" }),
    });
    const { data } = (await login.json()) as { data: { access: string } };
    // The showcase client (the busiest of the demo) and its current month, as the client detail asks.
    const clients = (await (await fetch(`${base}/api/clients`, { headers: { authorization: `Bearer ${data.access}` } })).json()) as {
      data: { id: number; name: string }[];
    };
    const showcase = clients.data.find((c) => c.name.startsWith("Padaria")) ?? clients.data[0];
    const { year, month } = currentYearMonth();
    const targets: Target[] = [
      { name: "static JSON route (Next floor)", path: "/api/health/live" },
      { name: "GET /api/health (1 query)", path: "/api/health" },
      { name: "GET /api/me/ (JWT + actor + profile)", path: "/api/me/", token: true },
      { name: `GET /api/clients (${clients.data.length} cards)`, path: "/api/clients", token: true },
      {
        name: "POST /api/block/list (one month)",
        path: "/api/block/list",
        method: "POST",
        token: true,
        body: JSON.stringify({ clientId: showcase.id, year, month }),
      },
    ];
    const measured = [];
    for (const target of targets) {
      await measure(target, data.access, 3); // warm-up pass, discarded
      measured.push(await measure(target, data.access));
    }
    const floor = measured[0].reqPerSec || 1;
    const results = measured.map((r) => ({ ...r, vsStatic: Number((r.reqPerSec / floor).toFixed(2)) }));
    console.table(results);
    writeFileSync(resolve(dataDir, "results.json"), JSON.stringify({ at: new Date().toISOString(), duration, connections, results }, null, 2));
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
