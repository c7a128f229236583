import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

// scripts/lib/keep-running.mjs: the start script's process (the jobs, PostgreSQL's supervisor) must not
// end on an unhandled rejection, which pg-boss leaves when PostgreSQL goes away mid-job. Each case runs
// in a Node process of its own, as Node's default (exit 1) would end this one.

const keepRunning = resolve(__dirname, "../../scripts/lib/keep-running.mjs");

function run(install: boolean) {
  const script = `
    const { keepRunningOnUnhandledRejection } = await import(${JSON.stringify(keepRunning)});
    if (${install}) keepRunningOnUnhandledRejection((message) => console.log("logged: " + message.split("\\n")[0]));
    Promise.reject(new Error("connection terminated")); // as pg-boss's unawaited fail() when PostgreSQL is gone
    await new Promise((done) => setTimeout(done, 0));
    await new Promise((done) => setImmediate(done));
    console.log("still running");`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
}

test("an unhandled rejection is logged, and the process keeps running", () => {
  const child = run(true);
  expect(child.stdout).toContain("logged: Unhandled rejection, kept running: Error: connection terminated");
  expect(child.stdout).toContain("still running");
  expect(child.status).toBe(0);
});

test("without it, Node ends the process (what the start script did)", () => {
  const child = run(false);
  expect(child.stdout).not.toContain("still running");
  expect(child.status).toBe(1);
});
