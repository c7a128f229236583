// Item 4: a 13-photo block of real-size 12 MP JPEGs sent through the bench's HTTP server (POST
// /api/block/create, the company's send) against sharp alone making the same derivatives in this
// process: processImage of server/images/pipeline.ts (the display WebP and the thumbnail, with the
// upload's sha256) on the 13 JPEG buffers, as many at a time as the ingest decodes (min(cores, 4),
// server/business/ingest.ts). Per send: the peak extra RSS of the `next start` process over its RSS just
// before (sampled every 10 ms from /proc, and the kernel's VmHWM after resetting it), and the p95 of
// other routes (GET /api/me/ and GET /api/clients, 2 loops) while the sends run against the same loops
// on the idle server. The photos are made once (noise with coloured blocks, 4000x3000, ~4-5 MB each)
// and kept in .data/bench-photos.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import sharp from "sharp";
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

export type IngestResult = {
  photos: string;
  server: Summary;
  sharpAlone: Summary;
  ratio: number;
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
  const workers = Math.max(1, Math.min(availableParallelism(), 4));

  const others = (loop: number, i: number) => ((loop + i) % 2 === 0 ? get(port, "/api/me/", options.office) : get(port, "/api/clients", options.office));
  const idle = await load({ concurrency: 2, seconds: options.idleSeconds, next: others });

  const alone: number[] = [];
  const sends: number[] = [];
  let peakExtra = 0;
  let baseline = 0;
  let kernelPeak = true;
  const duringSamples: number[] = [];
  let duringErrors = 0;
  // Each run: sharp alone, then the same photos through the server, so both see the same machine.
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
    const body = JSON.stringify(images.map((image, i) => ({ id: `bench-${run}-${i}-${randomBytes(4).toString("hex")}`, base64url: `data:image/jpeg;base64,${image.toString("base64")}` })));
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
    const othersRun = load({ concurrency: 2, stop: done, next: others, samples: duringSamples });
    const started = performance.now();
    const answer = await send({ port, path: "/api/block/create", method: "POST", token: options.sender, body, timeoutMs: 600_000 });
    sends.push(performance.now() - started);
    finished();
    clearInterval(sampler);
    duringErrors += (await othersRun).errors;
    if (answer.status !== 200) throw new Error(`ingest: ${answer.status} ${answer.text.slice(0, 300)}`);
    options.log(`ingest run ${run + 1}: answered in ${(sends[run] / 1000).toFixed(1)} s`);
    const peak = kernelPeak ? Math.max(sampled, memory(options.nextPid).hwm) : sampled;
    peakExtra = Math.max(peakExtra, peak - baseline);
  }
  const during = summarize(duringSamples, 0, duringErrors);
  const server = summarize(sends);
  const sharpAlone = summarize(alone);
  return {
    photos: `${PHOTOS} × ${WIDTH}x${HEIGHT} JPEG, ${(Math.min(...sizes) / 2 ** 20).toFixed(1)}–${(Math.max(...sizes) / 2 ** 20).toFixed(1)} MB each`,
    server,
    sharpAlone,
    ratio: Number((server.p50 / (sharpAlone.p50 || 1)).toFixed(2)),
    peakExtraMb: mb(peakExtra),
    baselineMb: mb(baseline),
    peakSource: kernelPeak ? "VmHWM reset before each send, and VmRSS sampled every 10 ms" : "VmRSS sampled every 10 ms",
    idle,
    during,
    duringRatio: Number((during.p95 / (idle.p95 || 1)).toFixed(2)),
  };
}
