// Password reset: forgot → outbox → reset → old password fails, new works, old sessions dead;
// no account enumeration; at most RESET_MAX_PER_HOUR e-mails per account per hour; one-time links.
import { POST as forgotPost } from "@/app/api/password/forgot/route";
import { POST as resetPost } from "@/app/api/password/reset/route";
import { POST as checkPost } from "@/app/api/password/reset/check/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { POST as refreshPost } from "@/app/api/token/refresh/route";
import { GET as meGet } from "@/app/api/me/route";
import { getDb } from "@/server/db/client";
import { RESET_MAX_PER_HOUR } from "@/server/passwords/reset";
import { createAccountingOperator } from "../helpers/factories";
import { call } from "../helpers/http";

type Pair = { access: string; refresh: string };
const login = (email: string, password = "demo1234") => call<Pair>(tokenPost, { body: { username: email, password } });
const forgot = (email: string) => call(forgotPost, { body: { email } });

async function lastLink(email: string): Promise<string> {
  const mail = await getDb().mailOutbox.findFirstOrThrow({ where: { to: email }, orderBy: { id: "desc" } });
  expect(mail).toMatchObject({ subject: "Redefinição de senha", kind: "password_reset" });
  return /\/redefinir-senha\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
}

test("full cycle: old password fails, new works, old sessions dead, link used once; audited", async () => {
  const op = await createAccountingOperator();
  const old = (await login(op.user.email)).json.data!;

  const res = await forgot(` ${op.user.email.toUpperCase()} `);
  expect(res.status).toBe(200);
  expect(res.json.data).toEqual({});
  const token = await lastLink(op.user.email);
  const stored = await getDb().passwordResetToken.findFirstOrThrow({ where: { userId: op.userId } });
  const minutes = (stored.expiresAt.getTime() - Date.now()) / 60_000;
  expect(minutes).toBeGreaterThan(59);
  expect(minutes).toBeLessThanOrEqual(60);

  const reset = await call(resetPost, { body: { token, password: "nova-senha" } });
  expect(reset.status).toBe(200);
  expect(reset.json.data).toEqual({});
  expect((await login(op.user.email)).status).toBe(401);
  expect((await login(op.user.email, "nova-senha")).status).toBe(200);
  expect((await call(meGet, { token: old.access })).status).toBe(401);
  expect((await call(refreshPost, { body: { refresh: old.refresh } })).status).toBe(401);

  const again = await call(resetPost, { body: { token, password: "terceira" } });
  expect(again.status).toBe(404);
  expect(again.json.error!.message).toBe("Link inválido ou expirado.");
  expect(
    await getDb().auditEvent.count({
      where: { actorUserId: op.userId, action: { in: ["password.forgot", "password.reset"] } },
    }),
  ).toBe(2);
});

test("an unknown e-mail answers the same {} and queues nothing", async () => {
  const before = await getDb().mailOutbox.count();
  const res = await forgot("ninguem@lugar-nenhum.demo");
  expect(res.status).toBe(200);
  expect(res.json.data).toEqual({});
  expect(await getDb().mailOutbox.count()).toBe(before);
});

test(`at most ${RESET_MAX_PER_HOUR} reset e-mails per account per hour, answer unchanged`, async () => {
  const op = await createAccountingOperator();
  for (let i = 0; i < RESET_MAX_PER_HOUR + 2; i += 1) expect((await forgot(op.user.email)).json.data).toEqual({});
  expect(await getDb().mailOutbox.count({ where: { to: op.user.email } })).toBe(RESET_MAX_PER_HOUR);
});

test("an expired link → 404, password unchanged", async () => {
  const op = await createAccountingOperator();
  await forgot(op.user.email);
  const token = await lastLink(op.user.email);
  await getDb().passwordResetToken.updateMany({
    where: { userId: op.userId },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  expect((await call(resetPost, { body: { token, password: "nova-senha" } })).status).toBe(404);
  expect((await login(op.user.email)).status).toBe(200);
});

test("validation: short password and invalid e-mail → 400", async () => {
  const short = await call(resetPost, { body: { token: "x", password: "123" } });
  expect(short.status).toBe(400);
  expect(short.json.error!.fields).toContainEqual({
    path: "password",
    message: "A senha deve ter no mínimo 6 caracteres",
  });
  const email = await forgot("sem-arroba");
  expect(email.status).toBe(400);
  expect(email.json.error!.fields).toContainEqual({ path: "email", message: "Este e-mail não é válido" });
});

test("the reset page's check: a usable link answers {} and stays usable; a used, unknown or malformed one is refused", async () => {
  const op = await createAccountingOperator();
  await forgot(op.user.email);
  const token = await lastLink(op.user.email);
  const check = (body: unknown) => call(checkPost, { body });

  const usable = await check({ token });
  expect(usable.status).toBe(200);
  expect(usable.json.data).toEqual({});
  expect((await getDb().passwordResetToken.findFirstOrThrow({ where: { userId: op.userId } })).usedAt).toBeNull();
  expect((await call(resetPost, { body: { token, password: "nova-senha" } })).status).toBe(200);

  for (const [body, status] of [
    [{ token }, 404],
    [{ token: "A".repeat(43) }, 404],
    [{ token: "" }, 400],
    [{}, 400],
  ] as const) {
    const res = await check(body);
    expect(res.status).toBe(status);
    if (status === 404) expect(res.json.error!.message).toBe("Link inválido ou expirado.");
  }
});
