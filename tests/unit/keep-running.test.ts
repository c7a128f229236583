import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

// server/jobs/keep-running.ts: the start script's process (the jobs, PostgreSQL's supervisor) must not
// end on an unhandled rejection, which pg-boss leaves when PostgreSQL goes away mid-job. Each case runs
// in a Node process of its own, as Node's default (exit 1) would end this one.

const root = resolve(__dirname, "../..");

function run(install: boolean) {
  const script = `(async () => {
    const { keepRunningOnUnhandledRejection } = require(${JSON.stringify(resolve(root, "server/jobs/keep-running.ts"))});
    const { scopedLogger } = require(${JSON.stringify(resolve(root, "server/log.ts"))});
    if (${install}) keepRunningOnUnhandledRejection(scopedLogger("start"));
    Promise.reject(new Error("connection terminated")); // as pg-boss's unawaited fail() when PostgreSQL is gone
    await new Promise((done) => setTimeout(done, 0));
    await new Promise((done) => setImmediate(done));
    console.log("still running");
  })();`;
  const env = { ...process.env, LOG_FORMAT: "json", LOG_LEVEL: "info" };
  return spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
    cwd: root,
    env,
    encoding: "utf8",
  });
}

test("an unhandled rejection is logged at error level with its stack, and the process keeps running", () => {
  const child = run(true);
  const logged = child.stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string; stack: string } });
  expect(logged).toEqual([
    expect.objectContaining({
      level: 50,
      msg: "Unhandled rejection, kept running",
      err: expect.objectContaining({ message: "connection terminated", stack: expect.stringContaining("Error:") }),
    }),
  ]);
  expect(child.stdout).toContain("still running");
  expect(child.status).toBe(0);
});

test("without it, Node ends the process (what the start script did)", () => {
  const child = run(false);
  expect(child.stdout).not.toContain("still running");
  expect(child.status).toBe(1);
});
