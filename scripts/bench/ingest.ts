// Item 4: a 13-photo block of real-size 12 MP JPEGs sent through the bench's HTTP server (POST
// /api/block/create, the company's send) against sharp alone making the same derivatives in this
// process: processImage of server/images/pipeline.ts (the display WebP and the thumbnail, with the
// upload's sha256) on the 13 JPEG buffers, as many at a time as the ingest decodes (DECODE_CONCURRENCY
// of server/documents/ingest.ts). Each run: sharp alone, then the same block sent on the otherwise idle
// server (the time compared with sharp alone: both sides on the same quiet machine), then sent again
// while other routes (GET /api/me/ and GET /api/clients, 2 loops) run, for their p95 against the same
// loops on the idle server before and after the runs (and that send's time, reported beside). The
// peak extra RSS of the `next start` process over its RSS just before each send (sampled every 10 ms
// from /proc, and the kernel's VmHWM after resetting it), the largest of all sends. The photos are made once (noise with coloured
// blocks, 4000x3000, ~4-5 MB each) and kept in .data/bench-photos.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import sharp from "sharp";
import { DECODE_CONCURRENCY } from "@/server/documents/ingest";
import { load, send, summarize, timed, type Summary } from "./load";
import { memory, resetPeak, root } from "./server";
import { get } from "./world";

const WIDTH = 4000;
const HEIGHT = 3000;
const PHOTOS = 13;
const photoDir = resolve(root, ".data/bench-photos");

/** 13 distinct photo-like JPEGs: one gaussian-noise frame, each photo with its own coloured blocks. */
export async function photos(): Promise<Buffer[]> {
  mkdirSync(photoDir, { recursive: true });
  const paths = Array.from({ length: PHOTOS }, (_, i) => resolve(photoDir, `photo-${i + 1}.jpg`));
  if (paths.every((path) => existsSync(path))) return paths.map((path) => readFileSync(path));
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: "#d8d2c0",
      noise: { type: "gaussian", mean: 160, sigma: 30 },
    },
  })
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
    writeFileSync(
      path,
      await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return paths.map((path) => readFileSync(path));
}

export type IngestResult = {
  photos: string;
  server: Summary;
  sharpAlone: Summary;
  ratio: number;
  /** The sends made while the other routes' loops ran. */
  serverUnderLoad: Summary;
  peakExtraMb: number;
  baselineMb: number;
  peakSource: string;
  idle: Summary;
  during: Summary;
  duringRatio: number;
};

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export async function measureIngest(options: {
  port: number;
  nextPid: number;
  sender: string;
  office: string;
  runs: number;
  idleSeconds: number;
  log: (message: string) => void;
}): Promise<IngestResult> {
  const { port } = options;
  const images = await photos();
  const sizes = images.map((image) => image.length);
  const { processImage } = await import("../../server/images/pipeline");
  const workers = DECODE_CONCURRENCY;

  const others = (loop: number, i: number) =>
    (loop + i) % 2 === 0 ? get(port, "/api/me/", options.office) : get(port, "/api/clients", options.office);
  // The idle p95 is measured before the runs and again after them, half the time each, and summarised
  // together: a machine that gets busier or quieter meanwhile (PostgreSQL still vacuuming an earlier
  // phase's writes) moves the floor as it moves the loops beside the sends.
  const idleSamples: number[] = [];
  const idleLoad = () => load({ concurrency: 2, seconds: options.idleSeconds / 2, next: others, samples: idleSamples });
  let idleErrors = (await idleLoad()).errors;

  const alone: number[] = [];
  const sends: number[] = [];
  const loadedSends: number[] = [];
  let peakExtra = 0;
  let baseline = 0;
  let kernelPeak = true;
  const duringSamples: number[] = [];
  let duringErrors = 0;

  /** One send of the 13 photos, timed into `into`, with the peak extra RSS; `meanwhile` runs beside it. */
  const sendBlock = async (tag: string, into: number[], meanwhile?: (done: Promise<void>) => Promise<unknown>) => {
    // Encoded before the clock starts, as sharp alone starts from the photos in memory.
    const body = Buffer.from(
      JSON.stringify(
        images.map((image, i) => ({
          id: `bench-${tag}-${i}-${randomBytes(4).toString("hex")}`,
          base64url: `data:image/jpeg;base64,${image.toString("base64")}`,
        })),
      ),
    );
    baseline = memory(options.nextPid).rss;
    kernelPeak = resetPeak(options.nextPid) && kernelPeak;
    let sampled = baseline;
    const sampler = setInterval(() => {
      try {
        sampled = Math.max(sampled, memory(options.nextPid).rss);
      } catch {
        // the process is gone: the send fails below
      }
    }, 10);
    let finished!: () => void;
    const done = new Promise<void>((r) => (finished = r));
    const beside = meanwhile?.(done);
    const started = performance.now();
    const answer = await send({
      port,
      path: "/api/block/create",
      method: "POST",
      token: options.sender,
      body,
      timeoutMs: 600_000,
      fresh: true,
    });
    into.push(performance.now() - started);
    finished();
    clearInterval(sampler);
    await beside;
    if (answer.status !== 200) throw new Error(`ingest: ${answer.status} ${answer.text.slice(0, 300)}`);
    const peak = kernelPeak ? Math.max(sampled, memory(options.nextPid).hwm) : sampled;
    peakExtra = Math.max(peakExtra, peak - baseline);
  };

  for (let run = 0; run < options.runs; run += 1) {
    await timed(alone, async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: workers }, async () => {
          while (next < images.length) await processImage(images[next++]);
        }),
      );
    });
    options.log(`ingest run ${run + 1}: sharp alone ${(alone[run] / 1000).toFixed(1)} s, sending`);
    await sendBlock(`${run}`, sends);
    options.log(
      `ingest run ${run + 1}: answered in ${(sends[run] / 1000).toFixed(1)} s; again with the other routes' loops`,
    );
    await sendBlock(`${run}-loaded`, loadedSends, async (done) => {
      duringErrors += (await load({ concurrency: 2, stop: done, next: others, samples: duringSamples })).errors;
    });
    options.log(`ingest run ${run + 1}: answered in ${(loadedSends[run] / 1000).toFixed(1)} s beside the loops`);
  }
  idleErrors += (await idleLoad()).errors;
  const idle = summarize(idleSamples, 0, idleErrors);
  const during = summarize(duringSamples, 0, duringErrors);
  const server = summarize(sends);
  const sharpAlone = summarize(alone);
  return {
    photos: `${PHOTOS} × ${WIDTH}x${HEIGHT} JPEG, ${(Math.min(...sizes) / 2 ** 20).toFixed(1)}–${(Math.max(...sizes) / 2 ** 20).toFixed(1)} MB each`,
    server,
    sharpAlone,
    serverUnderLoad: summarize(loadedSends),
    ratio: Number((server.p50 / (sharpAlone.p50 || 1)).toFixed(2)),
    peakExtraMb: mb(peakExtra),
    baselineMb: mb(baseline),
    peakSource: kernelPeak
      ? "VmHWM reset before each send, and VmRSS sampled every 10 ms"
      : "VmRSS sampled every 10 ms",
    idle,
    during,
    duringRatio: Number((during.p95 / (idle.p95 || 1)).toFixed(2)),
  };
}
