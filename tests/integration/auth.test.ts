// The token contract (spec §7, ARCHITECTURE §4) through the real route handlers and PostgreSQL.
process.env.LOGIN_MAX_FAILURES = "3";

import { POST as tokenPost } from "@/app/api/token/route";
import { POST as refreshPost } from "@/app/api/token/refresh/route";
import { POST as logoutPost } from "@/app/api/token/logout/route";
import { GET as meGet } from "@/app/api/me/route";
import { getDb } from "@/server/db/client";
import { hashToken, verifyRefreshToken } from "@/server/auth/tokens";
import {
  createAccountingOperator,
  createClient,
  createClientOperator,
  createOffice,
  createUser,
} from "../helpers/factories";
import { call } from "../helpers/http";

type Pair = { access: string; refresh: string; isAccouting: boolean; isBussiness: boolean };

const login = (username: string, password = "demo1234", address = "10.0.0.1") =>
  call<Pair>(tokenPost, { body: { username, password }, headers: { "x-forwarded-for": address } });
const refresh = (token: string) => call<{ access: string; refresh: string }>(refreshPost, { body: { refresh: token } });
const me = (token?: string) => call<Record<string, unknown>>(meGet, { token });

async function accountingUser(options: { blocked?: boolean; type?: number } = {}) {
  const office = await createOffice();
  return createAccountingOperator({ office, type: options.type ?? 2, blocked: options.blocked });
}

describe("POST /api/token/ — login", () => {
  test("an accounting operator gets a pair and isAccouting", async () => {
    const op = await accountingUser();
    const res = await login(op.user.email);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      isAccouting: true,
      isBussiness: false,
    });
    const stored = await getDb().refreshToken.count({ where: { userId: op.userId } });
    expect(stored).toBe(1);
    expect(await getDb().auditEvent.count({ where: { actorUserId: op.userId, action: "auth.login" } })).toBe(1);
  });

  test("a business user gets isBussiness; e-mail is trimmed and case-insensitive", async () => {
    const co = await createClientOperator();
    const res = await login(`  ${co.user.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ isAccouting: false, isBussiness: true });
  });

  test("a user of both platforms gets both flags", async () => {
    const op = await accountingUser();
    await createClientOperator({ user: op.user });
    const res = await login(op.user.email);
    expect(res.json.data).toMatchObject({ isAccouting: true, isBussiness: true });
  });

  test("wrong password and unknown e-mail answer the same 401", async () => {
    const op = await accountingUser();
    const wrong = await login(op.user.email, "outra-senha", "10.0.1.1");
    const unknown = await login("ninguem@nada.demo", "demo1234", "10.0.1.2");
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json.error).toEqual({ code: "invalid_credentials", message: "Usuário ou senha incorretos" });
    }
  });

  test("a blocked operator gets 400 'Seu acesso foi bloqueado' and no session", async () => {
    const op = await accountingUser({ blocked: true });
    const res = await login(op.user.email);
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: "blocked", message: "Seu acesso foi bloqueado" });
    expect(await getDb().refreshToken.count({ where: { userId: op.userId } })).toBe(0);
  });

  test("blocked on one platform still enters the other", async () => {
    const op = await accountingUser({ blocked: true });
    await createClientOperator({ user: op.user });
    const res = await login(op.user.email);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ isAccouting: false, isBussiness: true });
  });

  const malformed: { name: string; body?: unknown; rawBody?: string; field?: string }[] = [
    { name: "no body", rawBody: "" },
    { name: "not JSON", rawBody: "{username:" },
    { name: "an array", body: [] },
    { name: "missing password", body: { username: "a@b.demo" }, field: "password" },
    { name: "missing username", body: { password: "demo1234" }, field: "username" },
    { name: "empty username", body: { username: "   ", password: "demo1234" }, field: "username" },
    { name: "empty password", body: { username: "a@b.demo", password: "" }, field: "password" },
    { name: "number as password", body: { username: "a@b.demo", password: 123456 }, field: "password" },
  ];
  for (const { name, body, rawBody, field } of malformed) {
    test(`400 invalid_input for ${name}`, async () => {
      const res = await call(tokenPost, {
        body,
        rawBody,
        headers: { "content-type": "application/json" },
        method: "POST",
      });
      expect(res.status).toBe(400);
      expect(res.json.error?.code).toBe("invalid_input");
      expect(res.json.error?.message).toMatch(/^(Dados inválidos|O corpo da requisição)/);
      if (field) expect(res.json.error?.fields?.map((f) => f.path)).toContain(field);
    });
  }

  test("413 for a body over the cap, before parsing it", async () => {
    const res = await call(tokenPost, {
      rawBody: JSON.stringify({ username: "a@b.demo", password: "x".repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.json.error?.code).toBe("too_large");
  });

  test("after 3 failures the account is throttled with 429 and Retry-After, even with the right password", async () => {
    const op = await accountingUser();
    for (let i = 0; i < 3; i++) expect((await login(op.user.email, "errada", `10.1.0.${i}`)).status).toBe(401);
    const locked = await login(op.user.email, "demo1234", "10.1.0.9");
    expect(locked.status).toBe(429);
    expect(locked.json.error?.code).toBe("rate_limited");
    expect(locked.json.error?.message).toMatch(/Muitas tentativas/);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await accountingUser();
    expect((await login(other.user.email, "demo1234", "10.1.0.10")).status).toBe(200);
  });

  test("a success clears the account's failures", async () => {
    const op = await accountingUser();
    await login(op.user.email, "errada", "10.2.0.1");
    await login(op.user.email, "errada", "10.2.0.1");
    expect((await login(op.user.email, "demo1234", "10.2.0.1")).status).toBe(200);
    expect(await getDb().loginThrottle.findUnique({ where: { key: `email:${op.user.email}` } })).toBeNull();
  });
});

describe("POST /api/token/refresh/ — rotation", () => {
  async function session() {
    const op = await accountingUser();
    const res = await login(op.user.email, "demo1234", "10.3.0.1");
    return { op, pair: res.json.data! };
  }

  test("returns a new pair; the new access token works", async () => {
    const { pair } = await session();
    const res = await refresh(pair.refresh);
    expect(res.status).toBe(200);
    expect(res.json.data!.refresh).not.toBe(pair.refresh);
    expect((await me(res.json.data!.access)).status).toBe(200);
  });

  test("the same refresh token used again in the grace window (its first answer lost with a reloaded page): a successor of its own, the login session kept", async () => {
    const { op, pair } = await session();
    const first = await refresh(pair.refresh);
    const second = await refresh(pair.refresh);
    expect(second.status).toBe(200);
    expect(second.json.data!.refresh).not.toBe(first.json.data!.refresh);
    expect((await me(second.json.data!.access)).status).toBe(200);
    expect((await refresh(second.json.data!.refresh)).status).toBe(200);
    expect((await refresh(first.json.data!.refresh)).status).toBe(200);
    // One login session, and no reuse was reported.
    const [a, b] = await Promise.all([first, second].map((r) => verifyRefreshToken(r.json.data!.refresh)));
    expect(a!.familyId).toBe(b!.familyId);
    expect(await getDb().auditEvent.count({ where: { actorUserId: op.userId, action: "auth.refresh_reuse" } })).toBe(0);
  });

  test("reuse after the grace window revokes the whole session", async () => {
    const { op, pair } = await session();
    const first = await refresh(pair.refresh);
    const claims = await verifyRefreshToken(pair.refresh);
    await getDb().refreshToken.update({
      where: { tokenHash: hashToken(claims!.jti) },
      data: { usedAt: new Date(Date.now() - 60_000) },
    });
    expect((await refresh(pair.refresh)).status).toBe(401);
    expect((await refresh(first.json.data!.refresh)).status).toBe(401);
    expect(await getDb().auditEvent.count({ where: { actorUserId: op.userId, action: "auth.refresh_reuse" } })).toBe(1);
  });

  test("three concurrent uses of one token: each its own successor, none past the grace", async () => {
    const { pair } = await session();
    const results = await Promise.all([refresh(pair.refresh), refresh(pair.refresh), refresh(pair.refresh)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json.data!.refresh)).size).toBe(3);
    const claims = await verifyRefreshToken(pair.refresh);
    const rows = await getDb().refreshToken.findMany({ where: { familyId: claims!.familyId } });
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.usedAt !== null)).toHaveLength(1);
  });

  test("an expired refresh token is refused", async () => {
    const { pair } = await session();
    const claims = await verifyRefreshToken(pair.refresh);
    await getDb().refreshToken.update({
      where: { tokenHash: hashToken(claims!.jti) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await refresh(pair.refresh)).status).toBe(401);
  });

  test("rotation never extends past the session's absolute limit", async () => {
    const { pair } = await session();
    const claims = await verifyRefreshToken(pair.refresh);
    const limit = new Date(Date.now() + 60_000);
    await getDb().refreshToken.updateMany({ where: { familyId: claims!.familyId }, data: { familyExpiresAt: limit } });
    const next = await refresh(pair.refresh);
    const nextClaims = await verifyRefreshToken(next.json.data!.refresh);
    const row = await getDb().refreshToken.findUnique({ where: { tokenHash: hashToken(nextClaims!.jti) } });
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(limit.getTime());
  });

  test("an access token, garbage or a missing field is refused", async () => {
    const { pair } = await session();
    expect((await refresh(pair.access)).status).toBe(401);
    expect((await refresh("abc.def.ghi")).status).toBe(401);
    expect((await call(refreshPost, { body: {} })).status).toBe(400);
  });

  test("a user blocked after login can no longer refresh", async () => {
    const { op, pair } = await session();
    await getDb().accountingOperator.update({ where: { id: op.id }, data: { blocked: true } });
    expect((await refresh(pair.refresh)).status).toBe(401);
  });

  test("logout revokes the session", async () => {
    const { pair } = await session();
    const out = await call(logoutPost, { body: { refresh: pair.refresh } });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ data: {} });
    expect((await refresh(pair.refresh)).status).toBe(401);
  });
});

describe("GET /api/me/", () => {
  test("profile and both memberships of a user of both platforms", async () => {
    const office = await createOffice({ name: "Escritório Alfa" });
    const op = await createAccountingOperator({ office, type: 1, user: { name: "Ana Souza" } });
    const client = await createClient({ office, name: "Padaria Beta Ltda" });
    const co = await createClientOperator({ client, user: op.user, type: 0 });
    const { json } = await login(op.user.email, "demo1234", "10.4.0.1");
    const res = await me(json.data!.access);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      id: op.userId,
      name: "Ana Souza",
      email: op.user.email,
      code: op.user.code,
      phone: op.user.phone,
      pictureUrl: null,
      isAccouting: true,
      isBussiness: true,
      accounting: {
        operatorId: op.id,
        type: 1,
        officeId: office.id,
        officeName: "Escritório Alfa",
        hasPaymentAccess: false,
      },
      business: {
        operatorId: co.id,
        type: 0,
        clientId: client.id,
        clientName: "Padaria Beta Ltda",
        clientType: "juridicPerson",
      },
    });
  });

  test("401 without a token, with garbage, or with a refresh token", async () => {
    const op = await accountingUser();
    const { json } = await login(op.user.email, "demo1234", "10.4.0.2");
    for (const token of [undefined, "garbage", json.data!.refresh]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.json.error?.code).toBe("unauthenticated");
    }
  });

  test("blocking takes effect on the next call, not when the token expires", async () => {
    const op = await accountingUser();
    const { json } = await login(op.user.email, "demo1234", "10.4.0.3");
    await getDb().accountingOperator.update({ where: { id: op.id }, data: { blocked: true } });
    const res = await me(json.data!.access);
    expect(res.status).toBe(401);
    expect(res.json.error?.message).toBe("Seu acesso foi bloqueado");
  });

  test("'valid after' (password change) kills tokens issued before it", async () => {
    const op = await accountingUser();
    const { json } = await login(op.user.email, "demo1234", "10.4.0.4");
    // The same second as the login: the check is to the millisecond, not the JWT's whole-second iat.
    await new Promise((r) => setTimeout(r, 5));
    await getDb().user.update({ where: { id: op.userId }, data: { validAfter: new Date() } });
    expect((await me(json.data!.access)).status).toBe(401);
    expect((await refresh(json.data!.refresh)).status).toBe(401);
  });

  test("a deleted user's token is refused", async () => {
    const user = await createUser();
    await createClientOperator({ user });
    const { json } = await login(user.email, "demo1234", "10.4.0.5");
    await getDb().user.delete({ where: { id: user.id } });
    expect((await me(json.data!.access)).status).toBe(401);
  });
});

describe("throttling without a trusted proxy", () => {
  test("a caller-supplied X-Forwarded-For cannot lock out an address (only accounts are limited)", async () => {
    const op = await accountingUser();
    for (let i = 0; i < 51; i++) await login(`vitima${i}@x.demo`, "errada", "192.0.2.55");
    expect((await login(op.user.email, "demo1234", "192.0.2.55")).status).toBe(200);
  }, 120_000); // 52 password hashes one after another: about 10 s on a quiet machine, several times that on a busy one
});
