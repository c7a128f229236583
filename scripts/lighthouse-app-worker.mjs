// The app worker's effect on the business home (/home of a company user), measured with Lighthouse 12
// (mobile: Moto G Power screen, simulated slow 4G, CPU slowdown calibrated to the host as in
// scripts/lib/lighthouse.mjs) in the Chromium the tests use. Each run is a user flow in a new browser:
// the company user logs in through /login (the app takes them to /home), the page leaves for
// about:blank, and the measured step navigates /home with Lighthouse's storage reset turned off.
// Variants (--runs each, default 3):
//   first, no worker     the HTTP cache emptied, the worker never registered (its register() made inert)
//   first, worker        the HTTP cache emptied, no worker yet: it registers and precaches during the load
//   repeat, no worker    the login's downloads in the HTTP cache, no worker
//   repeat, worker       the login's downloads in the HTTP cache and in the active worker's caches
//   repeat, worker, HTTP cache emptied   only the worker's caches (a browser that evicted its HTTP cache)
// Simulated throttling estimates the load from the observed requests; the observed (unthrottled) times
// and the bytes that came over the network are reported beside it.
//
//   node scripts/lighthouse-app-worker.mjs http://127.0.0.1:3410 [--runs 3] [--cpu <multiplier>]
//   (the company user: LIGHTHOUSE_USER / LIGHTHOUSE_PASSWORD, default the demo's cliente@empresa.demo)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { startFlow } from "lighthouse";
import { throttling as presets } from "lighthouse/core/config/constants.js";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, fullChromiumPath } from "./lib/chromium.mjs";

const args = process.argv.slice(2);
const base = args.find((arg) => /^https?:\/\//.test(arg)) ?? "http://127.0.0.1:3000";
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const runs = option("--runs", 3);
const user = {
  username: process.env.LIGHTHOUSE_USER ?? "cliente@empresa.demo",
  password: process.env.LIGHTHOUSE_PASSWORD ?? "demo1234",
};
const home = new URL("/home", base).href;

const VARIANTS = [
  { name: "first visit, no worker", worker: false, keepHttpCache: false },
  { name: "first visit, worker registers", worker: true, keepHttpCache: false, forgetWorker: true },
  { name: "repeat visit, no worker", worker: false, keepHttpCache: true },
  { name: "repeat visit, worker", worker: true, keepHttpCache: true },
  { name: "repeat visit, worker, HTTP cache emptied", worker: true, keepHttpCache: false },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function logIn(page) {
  await page.goto(new URL("/login", base).href, { waitUntil: "load" });
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForFunction(() => location.pathname === "/home", { timeout: 30_000 });
}

/** Chromium on a fresh profile of its own (deleted by the caller with the browser's close). */
async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "bloco-lighthouse-sw-"));
  const browser = await puppeteer.launch({
    executablePath: fullChromiumPath(),
    headless: true,
    userDataDir: profile,
    args: [...CHROMIUM_ARGS, "--headless=new"],
  });
  return { profile, browser };
}

async function runOnce(variant, cpuSlowdownMultiplier) {
  const { profile, browser } = await launchBrowser();
  try {
    const page = await browser.newPage();
    // Without the worker: the app's register() call never registers anything, from the first page on.
    if (!variant.worker)
      await page.evaluateOnNewDocument(() => {
        if (navigator.serviceWorker) navigator.serviceWorker.register = () => new Promise(() => {});
      });
    const flags = {
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      throttling: { ...presets.mobileSlow4G, cpuSlowdownMultiplier },
    };
    const flow = await startFlow(page, { flags });
    await logIn(page);
    if (variant.worker) {
      // The worker installed (its precache filled) and active before the page leaves.
      await page.waitForFunction(
        () => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === "activated"),
        { timeout: 60_000, polling: 200 },
      );
      // Controlling the page: the login's /home was loaded before the worker existed.
      await page.reload({ waitUntil: "load" });
    }
    if (variant.forgetWorker)
      await page.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
        for (const name of await caches.keys()) await caches.delete(name);
      });
    await page.goto("about:blank");
    if (!variant.keepHttpCache) {
      const cdp = await page.createCDPSession();
      await cdp.send("Network.clearBrowserCache");
      await cdp.detach();
    }
    await flow.navigate(home, { disableStorageReset: true });
    const lhr = (await flow.createFlowResult()).steps.at(-1)?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse on /home: ${lhr?.runtimeError?.message ?? "no result"}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== "/home") throw new Error(`not logged in: ${lhr.finalDisplayedUrl}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
    const requests = lhr.audits["network-requests"]?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === "Script");
    return {
      score: lhr.categories.performance.score ?? 0,
      fcpMs: audit("first-contentful-paint"),
      lcpMs: audit("largest-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      observedFcpMs: observed.observedFirstContentfulPaint ?? NaN,
      observedLcpMs: observed.observedLargestContentfulPaint ?? NaN,
      observedLoadMs: observed.observedLoad ?? NaN,
      scripts: scripts.length,
      scriptsOverNetworkKiB: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Lighthouse's CPU slowdown for this host (scripts/lib/lighthouse.mjs): 4 × benchmarkIndex / 1750, within 1..4. */
async function calibrate() {
  const { profile, browser } = await launchBrowser();
  try {
    const flags = { output: "json", logLevel: "error", onlyCategories: ["performance"] };
    const lhr = (await lighthouse(new URL("/", base).href, flags, undefined, await browser.newPage()))?.lhr;
    const index = lhr?.environment.benchmarkIndex ?? 1750;
    console.error(`calibration: benchmarkIndex ${Math.round(index)}`);
    return +Math.min(4, Math.max(1, (4 * index) / 1750)).toFixed(2);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const cpu = option("--cpu", undefined) ?? (await calibrate());

const table = [];
for (const variant of VARIANTS) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await runOnce(variant, cpu);
    console.error(`${variant.name} #${run + 1}: ${JSON.stringify(result)}`);
    results.push(result);
  }
  const m = (key) => Math.round(median(results.map((r) => r[key])));
  table.push({
    variant: variant.name,
    score: median(results.map((r) => r.score)),
    fcpMs: m("fcpMs"),
    lcpMs: m("lcpMs"),
    tbtMs: m("tbtMs"),
    observedFcpMs: m("observedFcpMs"),
    observedLcpMs: m("observedLcpMs"),
    observedLoadMs: m("observedLoadMs"),
    scripts: m("scripts"),
    scriptsOverNetworkKiB: m("scriptsOverNetworkKiB"),
  });
}
console.log(`CPU slowdown ${cpu}x, ${runs} runs per variant (medians)`);
console.table(table);
console.log(JSON.stringify(table));
