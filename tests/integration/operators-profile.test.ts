// GET/POST /api/operator/profile: the caller as an Operator, and the 'Perfil' save with the spec §5
// validations.
import { GET as profileGet, POST as profilePost } from "@/app/api/operator/profile/route";
import type { OperatorAnswer } from "@/lib/contract/operators";
import { getDb } from "@/server/db/client";
import { createAccountingOperator, createClientOperator, createUser, randomCpf } from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";

const VALID_CPF = "529.982.247-25";
const valid = {
  name: "  Maria Souza ",
  code: VALID_CPF,
  email: " Maria.Souza@Exemplo.com.BR ",
  phone: "(11) 9 8765-4321",
};
const userRow = (id: number) =>
  getDb().user.findUniqueOrThrow({ where: { id }, select: { name: true, code: true, email: true, phone: true } });

describe("GET /api/operator/profile", () => {
  test("accounting caller: its Operator on the accounting platform by default", async () => {
    const op = await createAccountingOperator({ type: 1, user: { name: "Paula" } });
    const res = await call<OperatorAnswer>(profileGet, {
      token: await login(op.user.email),
      path: "/api/operator/profile",
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      id: op.id,
      name: "Paula",
      email: op.user.email,
      phone: op.user.phone,
      type: 1,
      blocked: false,
      sharedTo: false,
      code: op.user.code,
      pictureUrl: null,
      hasPaymentAccess: false,
    });
  });

  test("a user of both platforms picks with ?platform=bussiness", async () => {
    const co = await createClientOperator({ type: 0, sharedGallery: true });
    await createAccountingOperator({ user: co.user });
    const res = await call<OperatorAnswer>(profileGet, {
      token: await login(co.user.email),
      path: "/api/operator/profile?platform=bussiness",
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: co.id, type: 0, sharedTo: true });
  });

  test.each([
    ["a platform the caller lacks", 403, "/api/operator/profile?platform=accounting"],
    ["an unknown platform", 400, "/api/operator/profile?platform=outra"],
  ])("%s → %i", async (_name, status, path) => {
    const co = await createClientOperator();
    expect((await call(profileGet, { token: await login(co.user.email), path })).status).toBe(status);
  });

  test("anonymous → 401", async () => {
    expect((await call(profileGet, {})).status).toBe(401);
  });
});

describe("POST /api/operator/profile", () => {
  test("saves trimmed values in stored form and answers the Operator", async () => {
    const op = await createAccountingOperator();
    const res = await call<OperatorAnswer>(profilePost, {
      body: { ...valid, currentPassword: "demo1234" },
      token: await login(op.user.email),
    });
    expect(res.status).toBe(200);
    const stored = {
      name: "Maria Souza",
      code: "52998224725",
      email: "maria.souza@exemplo.com.br",
      phone: "11987654321",
    };
    expect(res.json.data).toMatchObject({ id: op.id, ...stored });
    expect(await userRow(op.userId)).toEqual(stored);
    const audit = await getDb().auditEvent.findFirstOrThrow({
      where: { action: "operator.profile", actorUserId: op.userId },
    });
    expect(audit.data).toEqual({ changed: ["name", "code", "email", "phone"] });
  });

  test("keeping one's own e-mail is not a conflict", async () => {
    const op = await createAccountingOperator();
    const res = await call(profilePost, {
      body: { ...valid, email: op.user.email },
      token: await login(op.user.email),
    });
    expect(res.status).toBe(200);
  });

  type Case = [string, number, Record<string, unknown>, string];
  const refused: Case[] = [
    ["invalid e-mail", 400, { email: "maria@" }, "Este e-mail não é válido"],
    ["invalid CPF", 400, { code: "529.982.247-24" }, "CPF inválido"],
    ["empty name", 400, { name: "   " }, "Este campo não pode ficar vazio"],
    ["missing name", 400, { name: undefined }, "Este campo não pode ficar vazio"],
    ["invalid phone", 400, { phone: "1234" }, "Telefone inválido"],
    [
      "another user's e-mail",
      409,
      { email: "JA.EXISTE@exemplo.com", currentPassword: "demo1234" },
      "Este e-mail já está em uso.",
    ],
  ];
  beforeAll(() => createUser({ email: "ja.existe@exemplo.com", code: randomCpf() }));

  test.each(refused)("%s → %i", async (_name, status, patch, message) => {
    const op = await createAccountingOperator();
    const before = await userRow(op.userId);
    const res = await call(profilePost, { body: { ...valid, ...patch }, token: await login(op.user.email) });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.json.error?.fields?.map((f) => f.message)).toEqual([message]);
    else expect(res.json.error?.message).toBe(message);
    expect(await userRow(op.userId)).toEqual(before);
    expect(await getDb().auditEvent.count({ where: { action: "operator.profile", actorUserId: op.userId } })).toBe(0);
  });

  test("anonymous → 401", async () => {
    expect((await call(profilePost, { body: valid })).status).toBe(401);
  });
});

// A stolen access token plus 'Esqueceu a senha?' on a new e-mail was a takeover. Changing
// the login e-mail asks for the current password; a wrong one counts as a failed login of the account.
describe("POST /api/operator/profile: a new e-mail needs the current password", () => {
  const throttleRow = (email: string) => getDb().loginThrottle.findUnique({ where: { key: `email:${email}` } });

  type Refusal = [string, Record<string, unknown>, string];
  const refusals: Refusal[] = [
    ["no current password", {}, "Informe a senha atual para alterar o e-mail."],
    ["an empty current password", { currentPassword: "" }, "Este campo não pode ficar vazio"],
    ["a wrong current password", { currentPassword: "errada123" }, "Senha atual incorreta."],
  ];
  test.each(refusals)("%s → 400 on currentPassword, nothing saved", async (_name, extra, message) => {
    const op = await createAccountingOperator();
    const before = await userRow(op.userId);
    const res = await call(profilePost, {
      body: { ...valid, email: "novo.dono@exemplo.com", ...extra },
      token: await login(op.user.email),
    });
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe("invalid_input");
    expect(res.json.error?.fields).toEqual([{ path: "currentPassword", message }]);
    expect(await userRow(op.userId)).toEqual(before);
  });

  test("a wrong current password counts as a failed login; past the limit it answers 429", async () => {
    const op = await createAccountingOperator();
    const token = await login(op.user.email);
    const body = { ...valid, email: "outro.dono@exemplo.com", currentPassword: "errada123" };
    expect((await call(profilePost, { body, token })).status).toBe(400);
    expect((await throttleRow(op.user.email))?.failures).toBe(1);
    await getDb().loginThrottle.update({ where: { key: `email:${op.user.email}` }, data: { failures: 10 } });
    const locked = await call(profilePost, { body: { ...body, currentPassword: "demo1234" }, token });
    expect(locked.status).toBe(429);
    expect((await userRow(op.userId)).email).toBe(op.user.email);
  });

  test("the right current password changes the e-mail; the new one logs in, the old one no longer", async () => {
    const op = await createClientOperator({ type: 0 });
    const res = await call<OperatorAnswer>(profilePost, {
      body: { ...valid, email: "Nova.Conta@Exemplo.com", currentPassword: "demo1234", platform: "bussiness" },
      token: await login(op.user.email),
    });
    expect(res.status).toBe(200);
    expect(res.json.data?.email).toBe("nova.conta@exemplo.com");
    await expect(login("nova.conta@exemplo.com")).resolves.toEqual(expect.any(String));
    await expect(login(op.user.email)).rejects.toThrow();
  });

  test("the same e-mail (other case, spaces) needs no password: only the other fields change", async () => {
    const op = await createAccountingOperator();
    const res = await call<OperatorAnswer>(profilePost, {
      body: { ...valid, email: `  ${op.user.email.toUpperCase()} ` },
      token: await login(op.user.email),
    });
    expect(res.status).toBe(200);
    expect(await userRow(op.userId)).toMatchObject({ name: "Maria Souza", email: op.user.email });
  });

  test("a current password sent with an unchanged e-mail is ignored, even a wrong one", async () => {
    const op = await createAccountingOperator();
    const res = await call(profilePost, {
      body: { ...valid, email: op.user.email, currentPassword: "errada123" },
      token: await login(op.user.email),
    });
    expect(res.status).toBe(200);
    expect(await throttleRow(op.user.email)).toBeNull();
  });
});
