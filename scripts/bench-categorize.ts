// `npx tsx --conditions=react-server scripts/bench-categorize.ts`: what save-and-next costs the server
// (issue 9) with OPERATORS (32) accounting operators categorising at once, each on its own client.
// Starts its own PostgreSQL (.data/bench-categorize-pg, port BENCH_PG_PORT or 54438) and blob folder,
// makes one office with OPERATORS operators, each responsible for a client with BLOCKS (25) uncategorised
// blocks, logs them in, and runs the loop every operator's screen runs, all operators concurrently, through
// the real route handlers in this process: POST /api/block/tocategorize, then per block POST
// /api/block/save followed by POST /api/block/tocategorize (the refill of the prefetch) — "save-and-next"
// is the time of that pair. In the same run, with the same concurrency, the static-JSON route
// (GET /api/health/live) is timed first as the floor. Prints p50 / p95 / p99 / max of each. No HTTP and no
// Next: this is the handlers' and the database's share. Not part of `npm test`.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";
import { currentYearMonth } from "../lib/format/dates";

const root = resolve(__dirname, "..");
const OPERATORS = Number(process.env.OPERATORS ?? 32);
const BLOCKS = Number(process.env.BLOCKS ?? 25);

type Handler = (req: Request) => Promise<Response> | Response;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summary(name: string, samples: number[]) {
  const sorted = samples.slice().sort((a, b) => a - b);
  const ms = (v: number) => Number(v.toFixed(1));
  return { name, n: sorted.length, p50: ms(percentile(sorted, 50)), p95: ms(percentile(sorted, 95)), p99: ms(percentile(sorted, 99)), max: ms(sorted[sorted.length - 1]) };
}

async function main(): Promise<void> {
  const pg = await startEmbeddedPostgres({ dataDir: resolve(root, ".data/bench-categorize-pg"), port: Number(process.env.BENCH_PG_PORT ?? 54438) });
  try {
    await ensureDatabase(pg.url("postgres"), "bloco_bench_categorize", { recreate: true });
    const databaseUrl = pg.url("bloco_bench_categorize");
    const applied = spawnSync(process.execPath, [resolve(root, "scripts/lib/schema-engine.mjs"), "apply"], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" });
    if (applied.status !== 0) throw new Error(`migrations failed: ${applied.stderr}`);
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: resolve(root, ".data/bench-categorize"),
      JWT_SECRET: randomBytes(32).toString("hex"),
      FILE_URL_SECRET: randomBytes(32).toString("hex"),
    });
    const { createOffice, createAccountingOperator } = await import("../server/seed/builders/offices");
    const { createClient, createClientOperator } = await import("../server/seed/builders/clients");
    const { insertBlock } = await import("../server/seed/blocks");
    const { getSampleDocumentImage } = await import("../server/seed/receipt-image");
    const { getBlobStore } = await import("../server/storage");
    const { getDb, disconnectDb } = await import("../server/db/client");
    const { POST: tokenPost } = await import("../app/api/token/route");
    const { POST: toCategorizePost } = await import("../app/api/block/tocategorize/route");
    const { POST: savePost } = await import("../app/api/block/save/route");
    const { GET: liveGet } = await import("../app/api/health/live/route");

    const { year, month } = currentYearMonth();
    const date = `${year}-${String(month).padStart(2, "0")}-01`;
    const office = await createOffice();
    const account = await getDb().account.create({ data: { officeId: office.id, code: "4.1.01.001", description: "Despesas", yearOfExercise: year } });
    const image = await getSampleDocumentImage();
    const store = getBlobStore();
    const operators: { token: string; clientId: number }[] = [];
    for (let i = 0; i < OPERATORS; i += 1) {
      const operator = await createAccountingOperator({ office, type: 2 });
      const client = await createClient({ office, responsible: operator });
      const sender = await createClientOperator({ client, type: 0 });
      for (let b = 0; b < BLOCKS; b += 1) {
        await insertBlock({ db: getDb(), store, client, state: "uncategorized", images: [image], sentBy: sender, sentAt: new Date(Date.now() - (BLOCKS - b) * 60_000) });
      }
      const login = await tokenPost(
        new Request("http://localhost/api/token/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: operator.user.email, password: "demo1234" }) }),
      );
      const { data } = (await login.json()) as { data: { access: string } };
      operators.push({ token: data.access, clientId: client.id });
    }

    const post = async (handler: Handler, token: string, body: unknown) => {
      const res = await handler(new Request("http://localhost/api/x", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) }));
      const json = (await res.json()) as { data?: unknown; error?: unknown };
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(json.error)}`);
      return json.data;
    };
    type Answer = { block: { id: number; version: number } | null; next: unknown };

    const saveAndNext: number[] = [];
    const saveOnly: number[] = [];
    const nextOnly: number[] = [];
    const staticRoute: number[] = [];
    // The floor first, in the same process and run, with the same concurrency: OPERATORS callers each
    // calling the static route as often as an operator saves (a busy-spinning floor beside the loop
    // would steal the event loop from the handlers it is compared with).
    await Promise.all(
      Array.from({ length: OPERATORS }, async () => {
        for (let i = 0; i < BLOCKS * 4; i += 1) {
          const started = performance.now();
          const res = await liveGet();
          await res.json();
          staticRoute.push(performance.now() - started);
        }
      }),
    );
    const loopStarted = performance.now();
    const loops = operators.map(async ({ token, clientId }) => {
      let answer = (await post(toCategorizePost, token, { clientId })) as Answer;
      while (answer.block) {
        const started = performance.now();
        await post(savePost, token, { block: { id: answer.block.id, date, value: "123.45", accountId: account.id }, version: answer.block.version });
        const saved = performance.now();
        answer = (await post(toCategorizePost, token, { clientId })) as Answer;
        const done = performance.now();
        saveAndNext.push(done - started);
        saveOnly.push(saved - started);
        nextOnly.push(done - saved);
      }
    });
    await Promise.all(loops);
    const loopSeconds = (performance.now() - loopStarted) / 1000;

    console.log(`${OPERATORS} operators on ${OPERATORS} clients, ${BLOCKS} blocks each; ${availableParallelism()} CPUs; times in ms (in-process handlers + PostgreSQL)`);
    console.log(`${saveAndNext.length} save-and-next in ${loopSeconds.toFixed(1)} s: ${(saveAndNext.length / loopSeconds).toFixed(1)} per second`);
    console.table([
      summary("save + tocategorize (save-and-next)", saveAndNext),
      summary("  POST /api/block/save", saveOnly),
      summary("  POST /api/block/tocategorize", nextOnly),
      summary("GET /api/health/live (static JSON), same run", staticRoute),
    ]);
    await disconnectDb();
  } finally {
    await pg.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
