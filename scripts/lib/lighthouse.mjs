// Lighthouse mobile performance of the budgeted pages, each the median of RUNS runs (default 5):
// the landing page, /login, the logged-in /home of an office with 100 clients, and the phone's
// contabilization page opened from a fresh one-time link (each run uses its own link: a link opens once).
// Lighthouse 12 (its default mobile settings: a Moto G Power screen, simulated slow 4G and 4x CPU
// slowdown) drives the Chromium the tests use (scripts/lib/chromium.mjs) through puppeteer-core; nothing
// is downloaded. Every run starts a new browser with an empty profile, so every run is a cold load.
//
// The /home run is a Lighthouse user flow that logs in: in the run's own browser the office's owner opens
// /login, types the e-mail and the password and presses 'Entrar', and the app takes them to /home and
// keeps its session on the device (lib/session.ts). The browser's HTTP cache is then emptied (the
// login's scripts would otherwise make the measured load a warm one) and the flow's navigation step
// loads /home with Lighthouse's storage reset turned off, so the session stays and the load is cold.
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
import lighthouse, { startFlow } from "lighthouse";
import { throttling as presets } from "lighthouse/core/config/constants.js";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, fullChromiumPath } from "./chromium.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");

/**
 * Creates an accounting office with `clients` client companies in the app's database
 * (scripts/lighthouse-office.ts, in a child process: the seed builders are server code).
 * @param {string} databaseUrl the PostgreSQL the app under test uses
 * @param {number} [clients]
 * @returns {Promise<{ username: string; password: string; officeId: number; clientId: number }>}
 */
export function createLighthouseOffice(databaseUrl, clients = 100) {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", join(root, "scripts/lighthouse-office.ts"), String(clients)],
      {
        cwd: root,
        // The seed signs nothing, but the server's configuration asks for both secrets.
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString("base64url"),
          FILE_URL_SECRET: process.env.FILE_URL_SECRET ?? randomBytes(48).toString("base64url"),
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
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
 * The login of a user flow: /login in `page`, the form filled and sent as a person does, until the app
 * has taken the user to /home; then the page is left and the HTTP cache emptied (the session stays).
 */
async function logInThroughTheForm(page, base, { username, password }) {
  await page.goto(new URL("/login", base).href, { waitUntil: "load" });
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page
    .waitForFunction(() => location.pathname === "/home", { timeout: 30_000 })
    .catch((error) => {
      throw new Error(`the login of the /home run did not reach /home (it is on ${page.url()}): ${error.message}`);
    });
  await page.goto("about:blank");
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
}

/**
 * One Lighthouse run in a new browser: a navigation of `url`, or with `logIn` a user flow that logs in
 * through the form first (logInThroughTheForm) and then measures the navigation of `url`.
 * @returns {Promise<{ score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number; siMs: number }>}
 */
async function runOnce(url, { logIn, chromiumPath, cpuSlowdownMultiplier }) {
  const profile = mkdtempSync(join(tmpdir(), "bloco-lighthouse-"));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    userDataDir: profile,
    args: [...CHROMIUM_ARGS, "--headless=new"],
  });
  try {
    const page = await browser.newPage();
    const flags = {
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      throttling: { ...presets.mobileSlow4G, cpuSlowdownMultiplier },
    };
    let lhr;
    if (logIn) {
      const flow = await startFlow(page, { flags });
      await logInThroughTheForm(page, new URL(url).origin, logIn);
      await flow.navigate(url, { disableStorageReset: true });
      lhr = (await flow.createFlowResult()).steps.at(-1)?.lhr;
    } else {
      lhr = (await lighthouse(url, flags, undefined, page))?.lhr;
    }
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
  const chromiumPath = options.chromiumPath ?? fullChromiumPath();

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
      url: async () => new URL("/home", base).href,
      logIn: { username: office.username, password: office.password },
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
      const sample = await runOnce(url, { logIn: target.logIn, chromiumPath, cpuSlowdownMultiplier });
      if (name === "home" && !new URL(sample.finalUrl).pathname.startsWith("/home"))
        throw new Error(`the /home run ended on ${sample.finalUrl}: not logged in`);
      log(
        `${target.path} run ${run + 1}/${runs}: ${sample.score} (FCP ${Math.round(sample.fcpMs)} ms, LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms, CLS ${sample.cls.toFixed(3)})`,
      );
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
