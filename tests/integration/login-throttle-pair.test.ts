// Wrong passwords lock the address they come from out of that account, never the owner at another
// address: the account's own limit only slows every attempt down (server/auth/throttle.ts). The address
// is the connection's, as the app server passes it (PEER_ADDRESS_HEADER), without any proxy trusted.
process.env.LOGIN_MAX_FAILURES = "3";

import { POST as tokenPost } from "@/app/api/token/route";
import { reserveAttempt } from "@/server/auth/throttle";
import { getDb } from "@/server/db/client";
import { PEER_ADDRESS_HEADER } from "@/server/http/route";
import { createAccountingOperator } from "../helpers/factories";
import { call } from "../helpers/http";

const login = (username: string, password: string, peer: string, headers: Record<string, string> = {}) =>
  call(tokenPost, { body: { username, password }, headers: { [PEER_ADDRESS_HEADER]: peer, ...headers } });

test("a stranger's wrong passwords lock the stranger's address out of the account, not the owner at another address", async () => {
  const owner = await createAccountingOperator();
  const email = owner.user.email;
  for (let i = 0; i < 3; i++) expect((await login(email, "errada", "203.0.113.5")).status).toBe(401);
  // the stranger: refused, even with the right password
  const locked = await login(email, "demo1234", "203.0.113.5");
  expect(locked.status).toBe(429);
  expect(locked.json.error?.message).toBe("Muitas tentativas de login. Aguarde alguns minutos e tente novamente.");
  expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  // a forged X-Forwarded-For changes nothing (no proxy is trusted)
  expect((await login(email, "demo1234", "203.0.113.5", { "x-forwarded-for": "198.51.100.7" })).status).toBe(429);
  // the owner, from an address that has not failed: in
  const mine = await login(email, "demo1234", "198.51.100.7");
  expect(mine.status).toBe(200);
  // and the stranger is still locked out after the owner's success
  expect((await login(email, "demo1234", "203.0.113.5")).status).toBe(429);
});

test("past the account's limit, wrong passwords spread over many addresses slow the account down; the right password still gets in", async () => {
  const owner = await createAccountingOperator();
  const email = owner.user.email;
  for (let i = 0; i < 5; i++) expect((await login(email, "errada", `192.0.2.${10 + i}`)).status).toBe(401);
  // the account is past its limit: a new attempt is slowed, not refused
  const reservation = await reserveAttempt({ email, address: null, seen: "192.0.2.99" });
  expect(reservation.slowed).toBe(true);
  await getDb().loginThrottle.updateMany({ where: { key: `pair:192.0.2.99|${email}` }, data: { failures: 0 } });
  expect((await login(email, "demo1234", "192.0.2.200")).status).toBe(200);
  // a success clears the account's count: the next attempt is not slowed
  expect((await reserveAttempt({ email, address: null, seen: "192.0.2.201" })).slowed).toBe(false);
});

test("a caller whose address is unknown counts as one address per account (the lock of before)", async () => {
  const owner = await createAccountingOperator();
  const email = owner.user.email;
  const anonymous = (password: string) => call(tokenPost, { body: { username: email, password } });
  for (let i = 0; i < 3; i++) expect((await anonymous("errada")).status).toBe(401);
  expect((await anonymous("demo1234")).status).toBe(429);
});
