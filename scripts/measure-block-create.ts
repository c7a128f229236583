// `npx tsx --conditions=react-server scripts/measure-block-create.ts`: what a send of 13 real-size phone
// photos costs the server (issue 8: server time and peak extra memory of POST /api/block/create).
// Starts its own PostgreSQL (.data/measure-pg, port MEASURE_PG_PORT or 54437) and blob folder
// (.data/measure), makes a company and a user, generates 13 photo-like 4000x3000 JPEGs once (noise with
// coloured blocks, ~4-5 MB each; cached in .data/measure/photos), then sends them RUNS times (default 3)
// through the real route handler, the body streamed in 64 KiB chunks as a socket delivers it. Per run:
// wall time of the handler, and the process's RSS growth over the baseline taken just before the
// request (the request body the "client" holds is already part of the baseline), sampled every 5 ms;
// the kernel's peak of the process (resourceUsage().maxRSS) is printed beside it. Run with
// `node --expose-gc` semantics for a steadier baseline: `npx tsx --expose-gc --conditions=react-server …`.
// Not part of `npm test`.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import sharp from "sharp";
import { ensureDatabase, startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";

const root = resolve(__dirname, "..");
const dataDir = resolve(root, ".data/measure");
const photoDir = resolve(dataDir, "photos");
const runs = Number(process.env.RUNS ?? 3);
const WIDTH = 4000;
const HEIGHT = 3000;
const PHOTOS = 13;

/** 13 distinct photo-like JPEGs: one gaussian-noise frame, each photo with its own coloured blocks. */
async function photos(): Promise<Buffer[]> {
  mkdirSync(photoDir, { recursive: true });
  const paths = Array.from({ length: PHOTOS }, (_, i) => resolve(photoDir, `photo-${i + 1}.jpg`));
  if (paths.every((path) => existsSync(path))) return paths.map((path) => readFileSync(path));
  const noise = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#d8d2c0", noise: { type: "gaussian", mean: 160, sigma: 30 } } })
    .raw()
    .toBuffer();
  for (const [k, path] of paths.entries()) {
    const pixels = Buffer.from(noise);
    for (let i = 0; i < 30; i += 1) {
      const x0 = (i * 397 * (k + 1)) % (WIDTH - 500);
      const y0 = (i * 211 * (k + 1)) % (HEIGHT - 400);
      const colour = [(i * 53 * (k + 1)) % 255, (i * 97) % 255, (i * 31 * (k + 2)) % 255];
      for (let y = y0; y < y0 + 60 + ((i * 37) % 300); y += 1) {
        for (let x = x0, at = (y * WIDTH + x0) * 3; x < x0 + 150 + ((i * 53) % 400); x += 1, at += 3) {
          for (let c = 0; c < 3; c += 1) pixels[at + c] = (colour[c] + pixels[at + c]) >> 1;
        }
      }
    }
    writeFileSync(path, await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 85 }).toBuffer());
  }
  return paths.map((path) => readFileSync(path));
}

const mb = (bytes: number, digits = 0) => `${(bytes / 1024 / 1024).toFixed(digits)} MB`;

async function main(): Promise<void> {
  if (process.env.GENERATE_ONLY) return void (await photos());
  // Generated in a child process, so making them does not count in this process's peak memory.
  spawnSync(process.execPath, process.execArgv.concat(process.argv.slice(1)), { env: { ...process.env, GENERATE_ONLY: "1" }, stdio: "inherit" });
  const images = await photos();
  rmSync(resolve(dataDir, "blobs"), { recursive: true, force: true });
  const pg = await startEmbeddedPostgres({ dataDir: resolve(root, ".data/measure-pg"), port: Number(process.env.MEASURE_PG_PORT ?? 54437) });
  try {
    await ensureDatabase(pg.url("postgres"), "bloco_measure", { recreate: true });
    const databaseUrl = pg.url("bloco_measure");
    const applied = spawnSync(process.execPath, [resolve(root, "scripts/lib/schema-engine.mjs"), "apply"], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" });
    if (applied.status !== 0) throw new Error(`migrations failed: ${applied.stderr}`);
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      FILE_URL_SECRET: randomBytes(32).toString("hex"),
    });
    const { createClientOperator } = await import("../server/seed/builders/clients");
    const { POST: tokenPost } = await import("../app/api/token/route");
    const { POST: createPost } = await import("../app/api/block/create/route");
    const { disconnectDb } = await import("../server/db/client");
    const operator = await createClientOperator({ type: 0 });
    const login = await tokenPost(
      new Request("http://localhost/api/token/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: operator.user.email, password: "demo1234" }) }),
    );
    const { data } = (await login.json()) as { data: { access: string } };

    const sizes = images.map((image) => image.length);
    console.log(`${PHOTOS} photos ${WIDTH}x${HEIGHT}, ${mb(Math.min(...sizes), 1)}–${mb(Math.max(...sizes), 1)} each, ${mb(sizes.reduce((a, b) => a + b))} in all; ${availableParallelism()} CPUs`);
    for (let run = 1; run <= runs; run += 1) {
      const body = Buffer.from(JSON.stringify(images.map((image, i) => ({ id: `m${run}-${i}-${randomBytes(4).toString("hex")}`, base64url: `data:image/jpeg;base64,${image.toString("base64")}` }))));
      (globalThis as { gc?: () => void }).gc?.();
      const baseline = process.memoryUsage().rss;
      let sampled = baseline;
      const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage().rss)), 5);
      let offset = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= body.length) return controller.close();
          controller.enqueue(body.subarray(offset, (offset += 65_536)));
        },
      });
      const started = performance.now();
      const res = await createPost(
        new Request("http://localhost/api/block/create", {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": String(body.length), authorization: `Bearer ${data.access}` },
          body: stream,
          duplex: "half",
        } as RequestInit),
      );
      const answer = (await res.json()) as { data?: { documentsUrl: string[] }; error?: unknown };
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      const kernelPeak = process.resourceUsage().maxRSS * 1024;
      if (res.status !== 200) throw new Error(`send failed: ${res.status} ${JSON.stringify(answer.error)}`);
      console.log(
        `run ${run}: ${res.status}, ${answer.data!.documentsUrl.length} documents, body ${mb(body.length)}, server time ${(elapsed / 1000).toFixed(2)} s, ` +
          `peak extra RSS ${mb(sampled - baseline)} over a baseline of ${mb(baseline)} (the process's peak so far, kernel: ${mb(kernelPeak)})`,
      );
    }
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
