// A burst of logins never answers 500 and never holds a database connection
// while a password hashes; parallel guesses cannot get past the throttle; invite acceptance likewise.
// A tiny pool and one hashing slot make the pressure of 200 connections with a handful of requests.
process.env.DATABASE_POOL_SIZE = "2";
process.env.DATABASE_POOL_TIMEOUT_MS = "3000";
process.env.PASSWORD_HASH_CONCURRENCY = "1";
process.env.PASSWORD_HASH_MAX_WAIT_MS = "20000";
process.env.LOGIN_MAX_FAILURES = "5";

import { POST as tokenPost } from "@/app/api/token/route";
import { GET as meGet } from "@/app/api/me/route";
import { POST as acceptPost } from "@/app/api/invite/accept/route";
import { hashToken } from "@/server/auth/tokens";
import { getDb } from "@/server/db/client";
import { createAccountingOperator, createInvite, createOffice, createUser } from "../helpers/factories";
import { call } from "../helpers/http";

type Pair = { access: string; refresh: string };
const login = (username: string, password = "demo1234") => call<Pair>(tokenPost, { body: { username, password } });
const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe("a burst of correct logins", () => {
  test("24 parallel logins on a 2-connection pool all succeed: no connection waits on hashing", async () => {
    const office = await createOffice();
    const operators = await Promise.all(Array.from({ length: 8 }, () => createAccountingOperator({ office })));
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => login(operators[i % 8]!.user.email)));
    expect(statuses(results)).toEqual({ 200: 24 });
  });

  test("an authenticated call is answered while logins queue for the hasher", async () => {
    const office = await createOffice();
    const operators = await Promise.all(Array.from({ length: 4 }, () => createAccountingOperator({ office })));
    const { access } = (await login(operators[0]!.user.email)).json.data!;
    let loginsDone = 0;
    const logins = Array.from({ length: 12 }, (_, i) =>
      login(operators[i % 4]!.user.email).then((r) => ((loginsDone += 1), r)),
    );
    const me = await call(meGet, { token: access });
    expect(me.status).toBe(200);
    expect(loginsDone).toBeLessThan(12); // /api/me/ did not wait for the queue of hashes
    expect(statuses(await Promise.all(logins))).toEqual({ 200: 12 });
  });
});

describe("throttling holds under parallel guesses", () => {
  test("40 parallel wrong passwords: at most LOGIN_MAX_FAILURES are checked, the rest 429", async () => {
    const operator = await createAccountingOperator();
    const results = await Promise.all(Array.from({ length: 40 }, () => login(operator.user.email, "errada")));
    const counts = statuses(results);
    // At most LOGIN_MAX_FAILURES passwords are checked; every other guess is refused unchecked: 429, or
    // 503 where the 2-connection pool could not take it within its 3 s on a loaded machine.
    expect(counts[401]).toBeLessThanOrEqual(5);
    expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(40);
    expect(counts[429]).toBeGreaterThanOrEqual(1);
    const row = await getDb().loginThrottle.findUnique({ where: { key: `email:${operator.user.email}` } });
    expect(row?.failures).toBeGreaterThanOrEqual(5);
    // and the right password is refused too while the window lasts
    expect((await login(operator.user.email)).status).toBe(429);
  });

  test("a success clears the account's failures", async () => {
    const operator = await createAccountingOperator();
    for (let i = 0; i < 4; i++) expect((await login(operator.user.email, "errada")).status).toBe(401);
    expect((await login(operator.user.email)).status).toBe(200);
    expect(await getDb().loginThrottle.findUnique({ where: { key: `email:${operator.user.email}` } })).toBeNull();
    for (let i = 0; i < 4; i++) expect((await login(operator.user.email, "errada")).status).toBe(401);
  });

  test("invite acceptance: 30 parallel wrong passwords of an existing account check at most 5", async () => {
    const office = await createOffice();
    const user = await createUser();
    const invite = await createInvite({ office, email: user.email, kind: "accountingOperator" });
    const token = `convite-${invite.id}-${Date.now()}`;
    await getDb().invite.update({
      where: { id: invite.id },
      data: { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => call(acceptPost, { body: { token, password: "errada" } })),
    );
    const counts = statuses(results);
    expect(counts[400]).toBe(5);
    expect(counts[429]).toBe(25);
    const right = await call<Pair>(acceptPost, { body: { token, password: "demo1234" } });
    expect(right.status).toBe(429); // the account is locked for the window, through the invite too
  });
});
