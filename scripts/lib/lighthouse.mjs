// Lighthouse mobile performance of the pages issue 10 names, each the median of RUNS runs (default 5):
// the landing page, /login, the logged-in /home of an office with 100 clients, and the phone's
// contabilization page opened from a fresh one-time link (each run uses its own link: a link opens once).
// Lighthouse 12 (its default mobile settings: a Moto G Power screen, simulated slow 4G and 4x CPU
// slowdown) drives the Chromium the tests use (scripts/lib/chromium.mjs) through puppeteer-core; nothing
// is downloaded. Every run starts a new browser with an empty profile, so every run is a cold load.
//
// The /home run is logged in the way the app keeps its session: the token pair and the platform in the
// origin's localStorage (lib/session.ts), written on a JSON page of the same origin before Lighthouse
// loads /home, with Lighthouse's storage reset turned off for that run (the HTTP cache stays empty: the
// profile is new).
//
// CPU slowdown: Lighthouse's 4x assumes a high-end desktop host (benchmarkIndex 1500–2000, centre 1750)
// and turns it into a mid-tier phone. Its own guide (docs/throttling.md in the lighthouse repository,
// "Calibrating the CPU slowdown") says to lower the multiplier on a slower host; by default a first,
// discarded run reads this host's benchmarkIndex and the multiplier becomes 4 × index / 1750 (between 1
// and 4), so the same phone is emulated on this 2-core machine. The index and the multiplier are
// returned with the results; pass cpuSlowdownMultiplier: 4 to get Lighthouse's plain default.

/** Lighthouse's reference host: the centre of its high-end desktop bracket. */
const REFERENCE_BENCHMARK_INDEX = 1750;
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import { throttling as presets } from "lighthouse/core/config/constants.js";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "./chromium.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");

/** The keys of lib/session.ts STORAGE_KEYS. */
const SESSION_KEYS = { access: "bloco.access", refresh: "bloco.refresh", platform: "bloco.platform", allowChangePlatform: "bloco.allowChangePlatform" };

/**
 * Creates an accounting office with `clients` client companies in the app's database
 * (scripts/lighthouse-office.ts, in a child process: the seed builders are server code).
 * @param {string} databaseUrl the PostgreSQL the app under test uses
 * @param {number} [clients]
 * @returns {Promise<{ username: string; password: string; officeId: number; clientId: number }>}
 */
export function createLighthouseOffice(databaseUrl, clients = 100) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", join(root, "scripts/lighthouse-office.ts"), String(clients)], {
      cwd: root,
      // The seed signs nothing, but the server's configuration asks for both secrets.
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString("base64url"),
        FILE_URL_SECRET: process.env.FILE_URL_SECRET ?? randomBytes(48).toString("base64url"),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", fail);
    child.on("exit", (code) => {
      if (code !== 0) return fail(new Error(`scripts/lighthouse-office.ts exited with ${code}`));
      try {
        done(JSON.parse(out.trim().split("\n").pop() ?? ""));
      } catch (error) {
        fail(error);
      }
    });
  });
}

async function call(base, path, body, token) {
  const res = await fetch(new URL(path, base), {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * One Lighthouse run in a new browser. `prepare(page)` runs first (on a blank page of that browser).
 * @returns {Promise<{ score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number; siMs: number }>}
 */
async function runOnce(url, { prepare, keepStorage = false, chromiumPath, cpuSlowdownMultiplier }) {
  const profile = mkdtempSync(join(tmpdir(), "bloco-lighthouse-"));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    userDataDir: profile,
    args: [...CHROMIUM_ARGS, "--headless=new"],
  });
  try {
    const page = await browser.newPage();
    if (prepare) await prepare(page);
    const result = await lighthouse(
      url,
      {
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        disableStorageReset: keepStorage,
        throttling: { ...presets.mobileSlow4G, cpuSlowdownMultiplier },
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    // LIGHTHOUSE_REPORTS=<folder>: every run's full report (the LCP element, its phases, the requests), to see why
    if (process.env.LIGHTHOUSE_REPORTS) {
      const name = `${new URL(url).pathname.split("/")[1] || "landing"}-${Date.now()}.json`;
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: lhr.categories.performance.score ?? 0,
      fcpMs: audit("first-contentful-paint"),
      lcpMs: audit("largest-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      siMs: audit("speed-index"),
      finalUrl: lhr.finalDisplayedUrl,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse mobile performance of the four pages, `runs` runs each; the medians per page.
 *
 * @param {string} base e.g. http://127.0.0.1:3200 (a production build: `next start`)
 * @param {{
 *   office: { username: string; password: string };  // an accounting owner whose office has the clients (createLighthouseOffice)
 *   clientId: number;                                  // one of that office's clients: the phone page's client
 *   runs?: number;                                     // per page, default 5
 *   pages?: ("landing" | "login" | "home" | "mobile")[]; // default all four
 *   chromiumPath?: string;                             // default scripts/lib/chromium.mjs
 *   cpuSlowdownMultiplier?: number;                    // default: calibrated on this host (see above)
 *   log?: (line: string) => void;                      // one line per run (default: none)
 * }} options
 * @returns {Promise<{ benchmarkIndex: number; cpuSlowdownMultiplier: number; pages: { page: string; path: string;
 *   runs: number; scores: number[]; median: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number;
 *   siMs: number }[] }>}
 *   `median` is the median performance score (0..1); the metrics are each the median of their runs;
 *   benchmarkIndex is the calibration run's (or the median of the runs' when the multiplier is given).
 */
export async function measureLighthouse(base, options) {
  const { office, clientId, runs = 5, pages = ["landing", "login", "home", "mobile"], log = () => {} } = options;
  const chromiumPath = options.chromiumPath ?? chromiumExecutablePath();

  let cpuSlowdownMultiplier = options.cpuSlowdownMultiplier;
  let benchmarkIndex = NaN;
  if (cpuSlowdownMultiplier === undefined) {
    const calibration = await runOnce(new URL("/", base).href, { chromiumPath, cpuSlowdownMultiplier: 4 });
    benchmarkIndex = calibration.benchmarkIndex;
    cpuSlowdownMultiplier = +Math.min(4, Math.max(1, (4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX)).toFixed(2);
    log(`calibration: benchmarkIndex ${Math.round(benchmarkIndex)} → CPU slowdown ${cpuSlowdownMultiplier}x`);
  }

  const login = async () => call(base, "/api/token/", { username: office.username, password: office.password });
  const targets = {
    landing: { path: "/", url: async () => new URL("/", base).href },
    login: { path: "/login", url: async () => new URL("/login", base).href },
    home: {
      path: "/home (office, logged in)",
      keepStorage: true,
      url: async () => new URL("/home", base).href,
      prepare: async (page) => {
        const tokens = await login();
        // a JSON answer of the same origin: the origin's storage, without loading any of the app's script
        await page.goto(new URL("/api/health/live", base).href);
        await page.evaluate(
          (keys, values) => {
            localStorage.setItem(keys.access, values.access);
            localStorage.setItem(keys.refresh, values.refresh);
            localStorage.setItem(keys.platform, "accounting");
            localStorage.setItem(keys.allowChangePlatform, "false");
          },
          SESSION_KEYS,
          { access: tokens.access, refresh: tokens.refresh },
        );
      },
    },
    mobile: {
      path: "/home/client/contabilization/mobile/<link>",
      url: async () => {
        const tokens = await login();
        const { link } = await call(base, "/api/operator/contabilization/link", { clientId }, tokens.access);
        return new URL(`/home/client/contabilization/mobile/${encodeURIComponent(link)}`, base).href;
      },
    },
  };

  const results = [];
  const indexes = [];
  for (const name of pages) {
    const target = targets[name];
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const url = await target.url();
      const sample = await runOnce(url, { prepare: target.prepare, keepStorage: target.keepStorage, chromiumPath, cpuSlowdownMultiplier });
      if (name === "home" && !new URL(sample.finalUrl).pathname.startsWith("/home")) throw new Error(`the /home run ended on ${sample.finalUrl}: not logged in`);
      log(`${target.path} run ${run + 1}/${runs}: ${sample.score} (FCP ${Math.round(sample.fcpMs)} ms, LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms, CLS ${sample.cls.toFixed(3)})`);
      samples.push(sample);
      indexes.push(sample.benchmarkIndex);
    }
    const of = (key) => median(samples.map((sample) => sample[key]));
    results.push({
      page: name,
      path: target.path,
      runs,
      scores: samples.map((sample) => sample.score),
      median: of("score"),
      fcpMs: Math.round(of("fcpMs")),
      lcpMs: Math.round(of("lcpMs")),
      tbtMs: Math.round(of("tbtMs")),
      cls: +of("cls").toFixed(3),
      siMs: Math.round(of("siMs")),
    });
  }
  if (Number.isNaN(benchmarkIndex)) benchmarkIndex = median(indexes);
  return { benchmarkIndex: Math.round(benchmarkIndex), cpuSlowdownMultiplier, pages: results };
}
