// Per-address login throttling exists only behind a trusted proxy (TRUST_PROXY=true); see docs/decisions/0101-login-throttling-and-trusted-proxy.md.
process.env.TRUST_PROXY = "true";
process.env.LOGIN_MAX_FAILURES = "2"; // per account 2, per address 10

import { POST as tokenPost } from "@/app/api/token/route";
import { createClientOperator } from "../helpers/factories";
import { call } from "../helpers/http";

const attempt = (username: string, password: string, forwardedFor: string) =>
  call(tokenPost, { body: { username, password }, headers: { "x-forwarded-for": forwardedFor } });

test("behind a trusted proxy, 10 failures from one address lock that address, not others", async () => {
  const co = await createClientOperator();
  for (let i = 0; i < 10; i++)
    expect((await attempt(`ninguem${i}@x.demo`, "errada", "203.0.113.7, 10.0.0.1")).status).toBe(401);
  const locked = await attempt(co.user.email, "demo1234", "203.0.113.7");
  expect(locked.status).toBe(429);
  expect((await attempt(co.user.email, "demo1234", "198.51.100.20")).status).toBe(200);
});
