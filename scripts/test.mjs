// `npm test`: every suite, then one line `N passed, N failed` totalled over all of them.
//   1. typecheck (tsc), lint (eslint) and Prettier's check of the layout, at once: each is one thread
//   2. jest: unit + integration (real PostgreSQL: embedded, or TEST_DATABASE_ADMIN_URL)
//   3. next build (without its own TypeScript pass: step 1 ran it), then Playwright e2e in Chromium against
//      the built app (scripts/start.ts)
// SKIP_E2E=1 skips 3 (for a quick local loop; CI never sets it). BLOCO_RESILIENCE=1 adds 4 (CI sets it).
// The summary gives each suite's duration; docs/testing.md has the layout and the timings.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const results = [];
const bin = (name) => `node_modules/.bin/${name}`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();

// Each step runs in a process group of its own, so a step that outlives its time limit is ended whole
// (with whatever it started), and Ctrl-C or a stop of this script reaches every step still running.
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const pid of running) killGroup(pid, signal);
    process.exit(130);
  });

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group has ended
  }
}

/**
 * Runs one command. `quiet` keeps its output until it ends (for the steps that run side by side, whose
 * lines would otherwise interleave); the rest stream theirs. A step still running after `limitMinutes`
 * is stopped and fails: the summary line is always printed.
 */
function step(title, cmd, args, { env = {}, quiet = false, limitMinutes = 30 } = {}) {
  if (!quiet) console.log(`\n=== ${title} ===`);
  const begun = Date.now();
  const child = spawn(cmd, args, {
    stdio: ["ignore", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
    env: { ...process.env, ...env },
    detached: true,
  });
  running.add(child.pid);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    console.log(`=== ${title}: still running after ${limitMinutes} min: stopped ===`);
    killGroup(child.pid, "SIGTERM");
    setTimeout(() => killGroup(child.pid, "SIGKILL"), 10_000).unref();
  }, limitMinutes * 60_000);
  return new Promise((resolve) => {
    const done = (status) => {
      clearTimeout(limit);
      running.delete(child.pid);
      const ms = Date.now() - begun;
      if (quiet) process.stdout.write(`\n=== ${title} ===\n${output}`);
      console.log(`=== ${title}: exit ${status} in ${seconds(ms)} ===`);
      resolve({ ok: status === 0 && !timedOut, ms });
    };
    child.on("error", (error) => {
      output += `${error.message}\n`;
      done(null);
    });
    child.on("close", (code) => done(code));
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

mkdirSync("test-results", { recursive: true });

// 1. Three single-threaded checks on a machine of two cores or more: side by side, not one after another.
const [typecheck, eslint, prettier] = await Promise.all([
  step("typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"], { quiet: true }),
  step("lint", bin("eslint"), [".", "--max-warnings=0"], { quiet: true }),
  step("format", bin("prettier"), ["--check", "."], { quiet: true }),
]);
results.push({ suite: "typecheck", passed: typecheck.ok ? 1 : 0, failed: typecheck.ok ? 0 : 1, ms: typecheck.ms });
const lintOk = eslint.ok && prettier.ok;
results.push({ suite: "lint", passed: lintOk ? 1 : 0, failed: lintOk ? 0 : 1, ms: Math.max(eslint.ms, prettier.ms) });

// 2.
rmSync("test-results/jest.json", { force: true });
const jestRun = await step(
  "jest (unit + integration)",
  bin("jest"),
  ["--ci", "--json", "--outputFile=test-results/jest.json"],
  { limitMinutes: 25 },
);
const jest = readJson("test-results/jest.json");
results.push({
  suite: "jest",
  passed: jest?.numPassedTests ?? 0,
  failed: (jest?.numFailedTests ?? 0) + (jest?.numRuntimeErrorTestSuites ?? 0) + (jest ? 0 : 1),
  ms: jestRun.ms,
});
if (!jestRun.ok && jest && jest.numFailedTests === 0 && jest.numRuntimeErrorTestSuites === 0)
  results.at(-1).failed += 1;

// 3. The build skips Next's TypeScript pass only when step 1's typecheck passed (a failing one is already
//    counted, and then the build reports the errors in its own words too).
if (process.env.SKIP_E2E !== "1") {
  const build = await step("next build", process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    env: { NEXT_TELEMETRY_DISABLED: "1", ...(typecheck.ok ? { BLOCO_SKIP_BUILD_TYPECHECK: "1" } : {}) },
  });
  if (!build.ok) results.push({ suite: "build", passed: 0, failed: 1, ms: build.ms });
  else {
    rmSync("test-results/e2e.json", { force: true });
    const e2eRun = await step("e2e (Playwright, Chromium)", bin("playwright"), ["test"], { limitMinutes: 45 });
    const e2e = existsSync("test-results/e2e.json") ? readJson("test-results/e2e.json") : null;
    const stats = e2e?.stats ?? {};
    const failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
    results.push({
      suite: "e2e",
      passed: stats.expected ?? 0,
      failed: failed + (!e2eRun.ok && failed === 0 ? 1 : 0),
      ms: build.ms + e2eRun.ms,
      detail: `next build ${seconds(build.ms)}, Playwright ${seconds(e2eRun.ms)}`,
    });
  }
}

// 4. resilience (login burst, upload memory, faults, 200-user load against the built app):
//    `npm run test:resilience`, and here when BLOCO_RESILIENCE=1 (CI sets it; it needs the build of
//    step 3).
if (process.env.BLOCO_RESILIENCE === "1") {
  rmSync("test-results/resilience.json", { force: true });
  const run = await step(
    "resilience (burst, uploads, faults, load)",
    bin("jest"),
    [
      "-c",
      "jest.resilience.config.mjs",
      "--runInBand",
      "--ci",
      "--json",
      "--outputFile=test-results/resilience.json",
      // A handle a test left open must not hold the run once every test has ended.
      "--forceExit",
    ],
    { limitMinutes: 25 },
  );
  const report = readJson("test-results/resilience.json");
  const failed = (report?.numFailedTests ?? 0) + (report?.numRuntimeErrorTestSuites ?? 0);
  results.push({
    suite: "resilience",
    passed: report?.numPassedTests ?? 0,
    failed: failed + (!run.ok && failed === 0 ? 1 : 0),
    ms: run.ms,
  });
}

console.log("\n=== summary ===");
for (const r of results) {
  const counts = `${r.suite.padEnd(10)} ${r.passed} passed, ${r.failed} failed`;
  console.log(`${counts.padEnd(40)} ${seconds(r.ms).padStart(8)}${r.detail ? ` (${r.detail})` : ""}`);
}
console.log(`${"all suites".padEnd(40)} ${seconds(Date.now() - started).padStart(8)}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
