// The access token's checks (server/auth/tokens.ts): a token verified once stops working at its own
// expiry, a forged spelling of a verified token is refused, and the per-call database checks (logout,
// valid_after) refuse a token already used.
import { GET as meGet } from "@/app/api/me/route";
import { POST as logoutPost } from "@/app/api/token/logout/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { signAccessToken, verifyAccessToken } from "@/server/auth/tokens";
import { getConfig } from "@/server/config";
import { createAccountingOperator, DEMO_PASSWORD } from "../helpers/factories";
import { call } from "../helpers/http";

test("a verified token stops working at its expiry", async () => {
  const token = await signAccessToken(7, "6f1c2a57-3d0e-4f5b-9a61-0c7de2b4a9f1");
  expect(await verifyAccessToken(token)).toMatchObject({ userId: 7 });
  const expiry = Date.now() + getConfig().ACCESS_TOKEN_TTL * 1000 + 1_000;
  // The clock the token's checks read (Date), moved past the expiry; timers keep running.
  jest.useFakeTimers({ now: expiry, advanceTimers: true });
  try {
    expect(await verifyAccessToken(token)).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

test("a token with a changed signature is refused after the real one was verified", async () => {
  const token = await signAccessToken(8, "6f1c2a57-3d0e-4f5b-9a61-0c7de2b4a9f1");
  expect(await verifyAccessToken(token)).not.toBeNull();
  // Every other last character: those that change the signature's bytes and those that differ only
  // in the 2 unused bits of the 43rd character (which a lenient base64url decoder would accept).
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const accepted: string[] = [];
  for (const last of alphabet.replace(token.at(-1)!, "")) {
    if (await verifyAccessToken(token.slice(0, -1) + last)) accepted.push(last);
  }
  expect(accepted).toEqual([]);
  expect(await verifyAccessToken(`${token}=`)).toBeNull();
  const [header, , signature] = token.split(".");
  const forgedPayload = Buffer.from(JSON.stringify({ sub: "9", token_type: "access" })).toString("base64url");
  expect(await verifyAccessToken(`${header}.${forgedPayload}.${signature}`)).toBeNull();
});

test("logging out ends a token already used", async () => {
  const person = (await createAccountingOperator()).user;
  const pair = await call<{ access: string; refresh: string }>(tokenPost, {
    body: { username: person.email, password: DEMO_PASSWORD },
  });
  const { access, refresh } = pair.json.data!;
  expect((await call(meGet, { token: access })).status).toBe(200);
  expect((await call(meGet, { token: access })).status).toBe(200);
  expect((await call(logoutPost, { token: access, body: { refresh } })).status).toBe(200);
  expect((await call(meGet, { token: access })).status).toBe(401);
});
