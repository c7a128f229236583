// Issue 6 defect 5: PostgreSQL dies under load. Every call answers 200 or 503 with Retry-After (never
// 500, never a dropped connection), the outage is logged once, the start script restarts the embedded
// PostgreSQL by itself, and the app serves again without a restart of its own.
import { createAccountingOperator } from "../helpers/factories";
import { apiLogin, BASE, startAppWith, type RunningApp } from "./support/app";
import { closedLoop, countByStatus, type Sample } from "./support/load";

let app: RunningApp;
let email: string;
let access: string;

beforeAll(async () => {
  ({ app, data: email } = await startAppWith(async () => (await createAccountingOperator()).user.email));
  access = (await apiLogin(email)).access;
}, 900_000);

afterAll(async () => {
  await app?.stop();
});

async function untilHealthy(ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const me = await fetch(`${BASE}/api/me/`, { headers: { authorization: `Bearer ${access}` } }).catch(() => null);
    if (me?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the app did not serve again after PostgreSQL came back");
}

test("PostgreSQL killed mid-load: 200 or 503 only, one log line, restarted, serving again", async () => {
  const samples: Sample[] = [];
  const seen503: { retryAfter: string | null; body: unknown }[] = [];
  const load = closedLoop({
    base: BASE,
    connections: 12,
    seconds: 12,
    next: (caller) =>
      caller % 3 === 0
        ? { method: "POST", path: "/api/token/", body: JSON.stringify({ username: email, password: "demo1234" }) }
        : { method: "GET", path: "/api/me/", headers: { authorization: `Bearer ${access}` } },
  }).then((s) => samples.push(...s));

  // Kill it once the load runs: the state to wait on is a first answered call.
  while ((await fetch(`${BASE}/api/health`)).status !== 200);
  process.kill(app.postgresPid(), "SIGKILL");
  for (let i = 0; i < 50 && seen503.length === 0; i++) {
    const res = await fetch(`${BASE}/api/me/`, { headers: { authorization: `Bearer ${access}` } });
    if (res.status === 503) seen503.push({ retryAfter: res.headers.get("retry-after"), body: await res.json() });
  }
  await load;
  await untilHealthy(60_000);

  const counts = countByStatus(samples);
  console.log(`[outage] ${JSON.stringify({ statuses: counts })}`);
  expect(Object.keys(counts).every((status) => ["200", "503"].includes(status))).toBe(true);
  expect(counts[503]).toBeGreaterThan(0);
  expect(seen503[0]).toEqual({
    retryAfter: "5",
    body: { error: { code: "unavailable", message: "O banco de dados está indisponível no momento. Tente novamente em instantes." } },
  });
  const log = app.output();
  expect(log).toMatch(/PostgreSQL stopped unexpectedly/);
  expect(log).toMatch(/PostgreSQL is back/);
  expect(log.match(/\[db\] database unavailable/g)?.length).toBe(1);
  expect(log).toMatch(/\[db\] database reachable again; the outage lasted/);
  expect(log).not.toMatch(/\[api\] .* failed:/);
  // and a login works again after the restart
  const again = await fetch(`${BASE}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password: "demo1234" }),
  });
  expect(again.status).toBe(200);
});
