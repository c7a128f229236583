// The photo quality check of Criar bloco (lib/images/quality.ts, docs/decisions/0305-photo-quality-check.md),
// measured two ways:
// - detection: receipts drawn with a fixed seed (scripts/bench/quality-photos.ts), sharp and degraded
//   (gaussian blur of several σ, a moved hand, darkened, overexposed, washed out, shrunk), each drawn
//   at the analysis size with sharp and measured by the same functions the browser's worker runs: per
//   degradation, the share flagged for its reason, and the sharp photos flagged for anything (false alarms);
// - time: the real page (/createblock of the built app) in Chromium with its CPU slowed 4× (DevTools
//   protocol), photos of 2000 px chosen through the file input; each check's time inside the worker and
//   from the post to the answer, read from the page's User Timing entries (QUALITY_MEASURE).
// Run alone (detection only, no server): npx tsx --conditions=react-server scripts/bench/quality.ts
// Env: QUALITY_PHOTOS (30) photos per degradation; QUALITY_SEED (2026).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { QUALITY_MEASURE } from "../../lib/images/quality-check";
import { STORAGE_KEYS } from "../../lib/session";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "../lib/chromium.mjs";
import type { QualityReason } from "../../lib/images/quality";
import { createRandom } from "../../server/seed/random";
import { assessJpeg, receiptPhoto, type Degradation } from "./quality-photos";

/** `goal`: the degradation is one a person would call bad (≥ 90 % flagged); a mild one is only reported. */
export type DegradationCase = {
  label: string;
  degradation: Degradation;
  expected: QualityReason | null;
  goal: boolean;
};

export const CASES: DegradationCase[] = [
  { label: "sharp (focus σ 0–0.8)", degradation: { kind: "sharp" }, expected: null, goal: false },
  { label: "gaussian blur σ 1.5", degradation: { kind: "gaussian", sigma: 1.5 }, expected: "blurred", goal: false },
  { label: "gaussian blur σ 2", degradation: { kind: "gaussian", sigma: 2 }, expected: "blurred", goal: false },
  { label: "gaussian blur σ 3", degradation: { kind: "gaussian", sigma: 3 }, expected: "blurred", goal: true },
  { label: "gaussian blur σ 5", degradation: { kind: "gaussian", sigma: 5 }, expected: "blurred", goal: true },
  {
    label: "moved hand, a trail of 8 px",
    degradation: { kind: "motion", length: 8 },
    expected: "blurred",
    goal: false,
  },
  {
    label: "moved hand, a trail of 12 px",
    degradation: { kind: "motion", length: 12 },
    expected: "blurred",
    goal: true,
  },
  {
    label: "moved hand, a trail of 24 px",
    degradation: { kind: "motion", length: 24 },
    expected: "blurred",
    goal: true,
  },
  { label: "darkened (×0.30)", degradation: { kind: "dark", gain: 0.3 }, expected: "dark", goal: true },
  { label: "darkened (×0.18)", degradation: { kind: "dark", gain: 0.18 }, expected: "dark", goal: true },
  { label: "overexposed (×2 +80)", degradation: { kind: "bright", gain: 2, lift: 80 }, expected: "bright", goal: true },
  {
    label: "washed out (×0.45 +150)",
    degradation: { kind: "bright", gain: 0.45, lift: 150 },
    expected: "bright",
    goal: true,
  },
  { label: "shrunk to 900 px", degradation: { kind: "small", side: 900 }, expected: "small", goal: true },
  { label: "shrunk to 640 px", degradation: { kind: "small", side: 640 }, expected: "small", goal: true },
];

export type DetectionRow = {
  label: string;
  expected: QualityReason | null;
  goal: boolean;
  photos: number;
  /** Flagged for the expected reason (a degraded photo) or for anything (the sharp ones: false alarms). */
  flagged: number;
  rate: number;
  /** Flagged for some other reason besides, by reason. */
  others: Partial<Record<QualityReason, number>>;
  /** The sharpness measures and the darkest 1 %: p05, p50, p95 over the photos. */
  sharpness: [number, number, number];
  directions: [number, number, number];
  darkest: [number, number, number];
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
};

const spread = (values: number[]) =>
  [percentile(values, 5), percentile(values, 50), percentile(values, 95)].map(Math.round) as [number, number, number];

export async function measureDetection(
  perCase = 30,
  seed = 2026,
  keep?: string,
  dump?: unknown[],
): Promise<{ rows: DetectionRow[]; falseAlarms: DetectionRow }> {
  const rows: DetectionRow[] = [];
  for (const [index, { label, degradation, expected, goal }] of CASES.entries()) {
    // The same receipts under every degradation: photo i of each row is drawn from the same seed.
    let flagged = 0;
    const others: Partial<Record<QualityReason, number>> = {};
    const sharpness: number[] = [];
    const directions: number[] = [];
    const darkest: number[] = [];
    for (let i = 0; i < perCase; i += 1) {
      const photo = await receiptPhoto(createRandom(seed + i), degradation);
      const report = await assessJpeg(photo.bytes);
      dump?.push({ index, i, report });
      if (report.sharpness !== null) {
        sharpness.push(report.sharpness.laplacian);
        directions.push(report.sharpness.weakestDirection);
      }
      darkest.push(report.p01);
      const hit = expected === null ? report.reasons.length > 0 : report.reasons.includes(expected);
      if (hit) flagged += 1;
      for (const reason of report.reasons)
        if (reason !== expected && expected !== null) others[reason] = (others[reason] ?? 0) + 1;
      if (keep && (expected === null ? hit : !hit)) {
        mkdirSync(keep, { recursive: true });
        writeFileSync(join(keep, `${index}-${degradation.kind}-${i}.jpg`), photo.bytes);
      }
    }
    rows.push({
      label,
      expected,
      goal,
      photos: perCase,
      flagged,
      rate: flagged / perCase,
      others,
      sharpness: spread(sharpness),
      directions: spread(directions),
      darkest: spread(darkest),
    });
  }
  return { rows, falseAlarms: rows[0] };
}

export type TimingRow = {
  /** CPU slowdown (DevTools protocol Emulation.setCPUThrottlingRate). */
  rate: number;
  /**
   * "at once": all the photos chosen together (the intake prepares the next once this one's check has
   * answered); "one by one": each chosen when the one before has its verdict, as a camera takes them.
   */
  mode: "at once" | "one by one";
  photos: number;
  /** Time inside the worker (the draw at the analysis size, read back, measures), ms: p50, p95, max. */
  worker: [number, number, number];
  /** Of which the draw at the analysis size and the read back, ms: p50, p95, max. */
  draw: [number, number, number];
  /** Of which the measures (luminance, histogram, sharpness), ms: p50, p95, max. */
  measures: [number, number, number];
  /** From the post until the worker took the photo (the message, photos before it), ms: p50, p95, max. */
  queued: [number, number, number];
  /** From the post to the answer on the page's main thread, ms: p50, p95, max. */
  roundTrip: [number, number, number];
  /** The worker's time and the round trip without the first photo (whose check starts the worker). */
  warmWorker: [number, number, number];
  warmRoundTrip: [number, number, number];
};

const stats = (values: number[]) =>
  [percentile(values, 50), percentile(values, 95), Math.max(...values)].map((v) => Number(v.toFixed(1))) as [
    number,
    number,
    number,
  ];

/**
 * The check's time in Chromium on /createblock of the app at `port`, logged in as `email`: `photos`
 * sharp receipts of 2000 px chosen through the file input, once at each CPU rate of `rates` (a fresh
 * page each time: the first check includes the worker's start).
 */
export async function measureTiming(options: {
  port: number;
  email: string;
  password?: string;
  photos?: number;
  rates?: number[];
  seed?: number;
}): Promise<TimingRow[]> {
  const { port, email, password = "demo1234", photos = 12, rates = [1, 4], seed = 2026 } = options;
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "bloco-quality-"));
  const paths: string[] = [];
  for (let i = 0; i < photos; i += 1) {
    const path = join(dir, `recibo-${i + 1}.jpg`);
    writeFileSync(path, (await receiptPhoto(createRandom(seed + 100 + i), { kind: "sharp" })).bytes);
    paths.push(path);
  }
  const answer = await fetch(`${base}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password }),
  });
  const tokens = ((await answer.json()) as { data: { access: string; refresh: string } }).data;
  const browser = await chromium.launch({ executablePath: chromiumExecutablePath(), args: CHROMIUM_ARGS });
  const rows: TimingRow[] = [];
  try {
    for (const rate of rates)
      for (const mode of ["at once", "one by one"] as const) {
        const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        await page.route("/__bench/origin", (route) =>
          route.fulfill({ contentType: "text/html", body: "<!doctype html><title>-</title>" }),
        );
        await page.goto("/__bench/origin");
        await page.evaluate(
          ({ keys, access, refresh }) => {
            localStorage.setItem(keys.access, access);
            localStorage.setItem(keys.refresh, refresh);
            localStorage.setItem(keys.platform, "bussiness");
            localStorage.setItem(keys.allowChangePlatform, "false");
          },
          { keys: STORAGE_KEYS, ...tokens },
        );
        await page.goto("/createblock");
        await page.getByRole("heading", { level: 1, name: "Criar bloco" }).waitFor();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate });
        const checked = (count: number) =>
          page.waitForFunction(
            ([name, at]) => performance.getEntriesByName(name as string).length >= (at as number),
            [QUALITY_MEASURE, count],
            { timeout: 600_000, polling: mode === "at once" ? 500 : 50 },
          );
        if (mode === "at once") {
          await page.getByTestId("panel-files").setInputFiles(paths);
          await checked(photos);
        } else
          for (const [index, path] of paths.entries()) {
            await page.getByTestId("panel-files").setInputFiles([path]);
            await checked(index + 1);
          }
        const entries = await page.evaluate(
          (name) =>
            performance
              .getEntriesByName(name)
              .map((entry) => ({ duration: entry.duration, detail: (entry as PerformanceMeasure).detail })),
          QUALITY_MEASURE,
        );
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        await context.close();
        rows.push({
          rate,
          mode,
          photos: entries.length,
          worker: stats(entries.map((entry) => (entry.detail as { workerMs: number }).workerMs)),
          draw: stats(entries.map((entry) => (entry.detail as { drawMs: number }).drawMs)),
          measures: stats(
            entries.map((entry) => {
              const detail = entry.detail as { workerMs: number; drawMs: number };
              return detail.workerMs - detail.drawMs;
            }),
          ),
          queued: stats(entries.map((entry) => (entry.detail as { queuedMs: number }).queuedMs)),
          roundTrip: stats(entries.map((entry) => entry.duration)),
          warmWorker: stats(entries.slice(1).map((entry) => (entry.detail as { workerMs: number }).workerMs)),
          warmRoundTrip: stats(entries.slice(1).map((entry) => entry.duration)),
        });
      }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1]?.endsWith("bench/quality.ts")) {
  const perCase = Number(process.env.QUALITY_PHOTOS ?? 30);
  const seed = Number(process.env.QUALITY_SEED ?? 2026);
  const dump: unknown[] = [];
  void measureDetection(perCase, seed, process.env.QUALITY_KEEP, dump).then(({ rows }) => {
    if (process.env.QUALITY_DUMP) writeFileSync(process.env.QUALITY_DUMP, JSON.stringify(dump));
    console.table(
      rows.map((r) => ({
        case: r.label,
        flagged: `${r.flagged}/${r.photos}`,
        rate: `${(r.rate * 100).toFixed(1)}%`,
        others: JSON.stringify(r.others),
        sharpness: r.sharpness.join(" / "),
        direction: r.directions.join(" / "),
        p01: r.darkest.join(" / "),
      })),
    );
  });
}
