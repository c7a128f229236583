// The error mapper: a pool that cannot hand out a connection in time
// answers 503 (the pool is sized and bounded by configuration), and values PostgreSQL refuses (class 22)
// answer 400 — with real PostgreSQL errors, not imitations.
process.env.DATABASE_POOL_SIZE = "1";
process.env.DATABASE_POOL_TIMEOUT_MS = "300";

import { Client } from "pg";
import { getDb } from "@/server/db/client";
import { noteDatabaseReachable, noteDatabaseUnavailable, OUTAGE_QUIET_MS, OUTAGE_TAIL_MS } from "@/server/db/errors";
import { publicRoute } from "@/server/http/route";
import { call } from "../helpers/http";
import { captureLog } from "../helpers/log";

const countUsers = publicRoute({}, async () => ({ users: await getDb().user.count() }));

test("the only connection busy past DATABASE_POOL_TIMEOUT_MS: 503 with Retry-After, then recovery", async () => {
  // Opens the pool's one connection, outside the route (so outside the outage log): connecting may
  // outlast the 300 ms allowed on a loaded machine, so it is tried until it is open.
  for (let open = false; !open;)
    open = await getDb().$queryRaw`SELECT 1`.then(
      () => true,
      () => false,
    );
  const log = captureLog();
  // Wait on state: once the callback runs, the transaction holds the pool's only connection, and it
  // keeps it until the busy call has been answered (never a sleep that a slow machine could outlast).
  let begun!: () => void;
  const holding = new Promise<void>((resolve) => (begun = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = getDb().$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT 1`;
      begun();
      await released;
    },
    { timeout: 30_000 },
  );
  await holding;
  const busy = await call(countUsers);
  release();
  expect(busy.status).toBe(503);
  expect(busy.json.error?.code).toBe("unavailable");
  expect(busy.headers.get("retry-after")).toBe("5");
  await held;
  expect((await call(countUsers)).status).toBe(200); // right after the failure: still the same outage
  expect(log.lines).toHaveLength(1);
  const later = Date.now() + OUTAGE_QUIET_MS;
  const clock = jest.spyOn(Date, "now").mockReturnValue(later);
  expect((await call(countUsers)).status).toBe(200);
  clock.mockRestore();
  log.restore();
  expect(log.lines.map(({ level, scope, msg }) => ({ level, scope, msg }))).toEqual([
    { level: 50, scope: "db", msg: expect.stringMatching(/^database unavailable/) },
    {
      level: 40,
      scope: "db",
      msg: expect.stringMatching(/^database reachable again; the outage lasted .* s and 1 requests were answered 503/),
    },
  ]);
});

test("a connection from before a crash failing after the outage's end reopens it; one past the tail starts another", () => {
  // Past the tail of any outage an earlier test ended.
  let now = Date.now() + 2 * OUTAGE_TAIL_MS;
  const clock = jest.spyOn(Date, "now").mockImplementation(() => now);
  const log = captureLog();
  const crash = new Error("Client has encountered a connection error and is not queryable");
  noteDatabaseUnavailable(crash);
  now += OUTAGE_QUIET_MS;
  noteDatabaseReachable(); // ended after 0 s, 1 refused
  now += OUTAGE_TAIL_MS - 1;
  noteDatabaseUnavailable(new Error("terminating connection due to unexpected postmaster exit"));
  now += OUTAGE_QUIET_MS;
  noteDatabaseReachable(); // the same outage, its whole length
  now += OUTAGE_TAIL_MS;
  noteDatabaseUnavailable(crash); // a new one
  now += OUTAGE_QUIET_MS;
  noteDatabaseReachable(); // closed, as the module was found
  clock.mockRestore();
  log.restore();
  expect(log.lines.map(({ level, msg }) => [level, msg])).toEqual([
    [50, expect.stringMatching(/^database unavailable/)],
    [40, "database reachable again; the outage lasted 0.0 s and 1 requests were answered 503"],
    [40, "a connection from before the outage failed: counted in it"],
    [
      40,
      `database reachable again; the outage lasted ${((OUTAGE_QUIET_MS + OUTAGE_TAIL_MS - 1) / 1000).toFixed(1)} s and 2 requests were answered 503`,
    ],
    [50, expect.stringMatching(/^database unavailable/)],
    [40, "database reachable again; the outage lasted 0.0 s and 1 requests were answered 503"],
  ]);
});

const refused: { name: string; run: () => Promise<unknown> }[] = [
  {
    name: "a NUL character in text (22021)",
    run: () => getDb().user.findUnique({ where: { email: "x\u0000@y.com" } }),
  },
  { name: "a NUL character in a raw query (22021)", run: () => getDb().$queryRaw`SELECT ${"a\u0000b"}::text` },
  { name: "an integer past 32 bits (22003)", run: () => getDb().user.findUnique({ where: { id: 2_147_483_648 } }) },
  {
    name: "a malformed uuid (22P02)",
    run: () => getDb().refreshToken.findFirst({ where: { familyId: "not-a-uuid" } }),
  },
];
for (const { name, run } of refused) {
  test(`${name} that reaches PostgreSQL answers 400, not 500`, async () => {
    const res = await call(publicRoute({}, run));
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: "invalid_input",
      message: "Os dados enviados contêm valores que não podem ser gravados.",
    });
  });
}

// A write that lost to another one committed meanwhile (found by the review of every write):
// a row it refers to removed, a deadlock chose it, or a raw statement's unique violation — 409 'reload
// and try again', never a 500.
const lost: { name: string; run: () => Promise<unknown> }[] = [
  {
    name: "a foreign key to a row that is gone (Prisma, P2003)",
    run: () => getDb().clientShare.create({ data: { clientId: 2_000_000_000, operatorId: 2_000_000_000 } }),
  },
  {
    name: "a foreign key to a row that is gone (a raw statement, 23503)",
    run: () => getDb().$executeRaw`INSERT INTO client_shares (client_id, operator_id) VALUES (2000000000, 2000000000)`,
  },
  {
    name: "a unique violation of a raw statement (23505)",
    run: async () => {
      const key = `database-errors:${Math.random()}`;
      await getDb().$executeRaw`INSERT INTO login_throttles (key) VALUES (${key})`;
      await getDb().$executeRaw`INSERT INTO login_throttles (key) VALUES (${key})`;
    },
  },
  {
    name: "a deadlock (pg's own error, 40P01)",
    run: async () => {
      // Two connections each lock one row, then ask for the other's: PostgreSQL ends one of them.
      const keys = [`deadlock:a:${Math.random()}`, `deadlock:b:${Math.random()}`];
      await getDb().loginThrottle.createMany({ data: keys.map((key) => ({ key })) });
      const [a, b] = [
        new Client({ connectionString: process.env.DATABASE_URL }),
        new Client({ connectionString: process.env.DATABASE_URL }),
      ];
      await Promise.all([a.connect(), b.connect()]);
      try {
        const lock = (c: Client, key: string) =>
          c.query("SELECT key FROM login_throttles WHERE key = $1 FOR UPDATE", [key]);
        await Promise.all([a.query("BEGIN"), b.query("BEGIN")]);
        await Promise.all([lock(a, keys[0]!), lock(b, keys[1]!)]);
        const outcomes = await Promise.allSettled([lock(a, keys[1]!), lock(b, keys[0]!)]);
        const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
        expect(failed?.reason).toMatchObject({ code: "40P01" });
        throw failed!.reason;
      } finally {
        await Promise.all([a.query("ROLLBACK").catch(() => {}), b.query("ROLLBACK").catch(() => {})]);
        await Promise.all([a.end(), b.end()]);
      }
    },
  },
];
for (const { name, run } of lost) {
  test(`${name} answers 409, not 500`, async () => {
    const res = await call(publicRoute({}, run));
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: "conflict",
      message: "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.",
    });
  });
}
