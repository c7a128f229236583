// With PostgreSQL unreachable every call answers 503 with Retry-After and a pt-BR
// message (never 500), and the outage is logged once, not once per request.
import { GET as meGet } from "@/app/api/me/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { POST as refreshPost } from "@/app/api/token/refresh/route";
import { signAccessToken, signRefreshToken } from "@/server/auth/tokens";
import { call } from "../helpers/http";
import { captureLog } from "../helpers/log";

beforeAll(() => {
  // Port 9 (discard) has nothing listening here: every connection is refused, as in an outage.
  process.env.DATABASE_URL = "postgresql://bloco:bloco@127.0.0.1:9/bloco";
});

test("login, an authenticated call and a refresh all answer 503 with Retry-After; one log line", async () => {
  const log = captureLog();
  const family = "6f1c2a57-3d0e-4f5b-9a61-0c7de2b4a9f1";
  const access = await signAccessToken(1, family);
  const refresh = await signRefreshToken({ userId: 1, jti: "j", familyId: family }, new Date(Date.now() + 60_000));
  const results = [];
  for (let i = 0; i < 5; i++) {
    results.push(await call(tokenPost, { body: { username: `a${i}@b.demo`, password: "demo1234" } }));
    results.push(await call(meGet, { token: access }));
    results.push(await call(refreshPost, { body: { refresh } }));
  }
  for (const res of results) {
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.json.error).toEqual({
      code: "unavailable",
      message: "O banco de dados está indisponível no momento. Tente novamente em instantes.",
    });
  }
  log.restore();
  expect(log.lines).toHaveLength(1);
  expect(log.lines[0]).toMatchObject({ level: 50, scope: "db" });
  expect(log.lines[0]!.msg).toMatch(/^database unavailable/);
});
