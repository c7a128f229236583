// 200 connections posting correct passwords across many accounts get only 200, 429
// or 503 (never 500), keep at least 80 % of the login rate of 8 connections (measured before and after
// the burst), and the 200s' p99 stays
// under 5 s; an authenticated call keeps being answered meanwhile. Figures go to the log and to
// .data/resilience/burst.json (the closing note quotes them).
import { mkdirSync, writeFileSync } from "node:fs";
import { createAccountingOperator, createOffice } from "../helpers/factories";
import { apiLogin, BASE, ROUTE_FAILED, startAppWith, type RunningApp } from "./support/app";
import { closedLoop, countByStatus, percentile, type Sample } from "./support/load";

const ACCOUNTS = 60;
const BASELINE = { connections: 8, seconds: Number(process.env.BURST_BASELINE_SECONDS ?? 10) };
const BURST = { connections: 200, seconds: Number(process.env.BURST_SECONDS ?? 20) };

let app: RunningApp;
let emails: string[] = [];

beforeAll(async () => {
  ({ app, data: emails } = await startAppWith(async () => {
    const office = await createOffice();
    const operators = [];
    for (let i = 0; i < ACCOUNTS; i++) operators.push(await createAccountingOperator({ office }));
    return operators.map((o) => o.user.email);
  }));
}, 900_000);

afterAll(async () => {
  await app?.stop();
});

const loginRequest = (caller: number, round: { n: number }) => {
  round.n += 1;
  const username = emails[(caller * 7 + round.n) % emails.length]!;
  return { method: "POST" as const, path: "/api/token/", body: JSON.stringify({ username, password: "demo1234" }) };
};

function summary(samples: Sample[], seconds: number) {
  const ok = samples.filter((s) => s.status === 200).map((s) => s.ms);
  return {
    statuses: countByStatus(samples),
    loginsPerSecond: Number((ok.length / seconds).toFixed(1)),
    p50: Math.round(percentile(ok, 50)),
    p99: Math.round(percentile(ok, 99)),
    max: Math.round(Math.max(...ok)),
  };
}

test("a burst of 200 connections of correct logins: no 500, ≥ 80 % of the 8-connection rate, p99 < 5 s", async () => {
  const round = { n: 0 };
  const baseline = summary(
    await closedLoop({ base: BASE, ...BASELINE, next: (c) => loginRequest(c, round) }),
    BASELINE.seconds,
  );

  const { access } = await apiLogin(emails[0]!);
  // Four calls a second, as a person's screen polls: the probe must not be load of its own.
  const probe = closedLoop({
    base: BASE,
    connections: 1,
    seconds: BURST.seconds,
    pauseMs: 250,
    next: () => ({ method: "GET", path: "/api/me/", headers: { authorization: `Bearer ${access}` } }),
  });
  const burstSamples = await closedLoop({ base: BASE, ...BURST, next: (c) => loginRequest(c, round) });
  const burst = summary(burstSamples, BURST.seconds);
  const me = await probe;
  // The 8-connection rate again after the burst: the burst is compared with the mean of the runs before
  // and after it, so a machine that gets busier or quieter meanwhile (a previous suite's PostgreSQL
  // still writing, another process) moves both sides, as the bench does with its floor.
  const after = summary(
    await closedLoop({ base: BASE, ...BASELINE, next: (c) => loginRequest(c, round) }),
    BASELINE.seconds,
  );
  const baselineRate = (baseline.loginsPerSecond + after.loginsPerSecond) / 2;
  const meSummary = {
    statuses: countByStatus(me),
    p99: Math.round(
      percentile(
        me.map((s) => s.ms),
        99,
      ),
    ),
    max: Math.round(Math.max(...me.map((s) => s.ms))),
  };

  const figures = {
    baseline,
    burst,
    after,
    baselineRate,
    me: meSummary,
    connections: { baseline: BASELINE, burst: BURST },
  };
  console.log(`[burst] ${JSON.stringify(figures)}`);
  mkdirSync(".data/resilience-results", { recursive: true });
  writeFileSync(".data/resilience-results/burst.json", JSON.stringify(figures, null, 2));

  for (const status of Object.keys(burst.statuses).map(Number)) expect([200, 429, 503]).toContain(status);
  for (const status of [...Object.keys(baseline.statuses), ...Object.keys(after.statuses)].map(Number))
    expect([200, 429, 503]).toContain(status);
  expect(burst.loginsPerSecond).toBeGreaterThanOrEqual(0.8 * baselineRate);
  expect(burst.p99).toBeLessThan(5000);
  expect(Object.keys(meSummary.statuses)).toEqual(["200"]);
  expect(meSummary.max).toBeLessThan(5000);
  expect(app.output()).not.toMatch(ROUTE_FAILED); // no unexpected error was logged
});
