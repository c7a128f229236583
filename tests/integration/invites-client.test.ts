// Client-company invites: add/list/remove with kind 'client' (any accounting operator
// invites; owners and admins see the office's, a regular its own; business users 403; another office
// 404), the e-mailed link, and the company's registration: validation, one transaction, the inviter as
// responsible (or the owner when the inviter left), parallel accepts, an active vs a removed CPF/CNPJ,
// an existing login with its password, expired and used links.
import { POST as addPost } from "@/app/api/invited/add/route";
import { POST as listPost } from "@/app/api/invited/list/route";
import { POST as removePost } from "@/app/api/invited/remove/route";
import { POST as infoPost } from "@/app/api/invite/info/route";
import { POST as acceptPost } from "@/app/api/invite/accept/route";
import { GET as outboxGet } from "@/app/api/dev/outbox/route";
import { GET as meGet } from "@/app/api/me/route";
import { getDb } from "@/server/db/client";
import {
  createAccountingOperator,
  createClient,
  createClientOperator,
  createInvite,
  randomCnpj,
  randomCpf,
  shareClient,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { buildWorld, login, type World } from "./operators-support";

type Pair = { access: string; refresh: string; isAccouting: boolean; isBussiness: boolean };

let w: World;
const t = {} as Record<keyof World, string>;
let seq = 0;
const email = (tag: string) => `cliente-${tag.toLowerCase()}-${++seq}@exemplo.com`;

beforeAll(async () => {
  w = await buildWorld();
  for (const who of Object.keys(w) as (keyof World)[]) t[who] = await login(w[who].user.email);
});

const officeOf = (who: "ownerA" | "ownerB") => w[who].officeId;

/** Invites `address` as a client company and reads the link's token from the dev outbox. */
async function invite(address: string, token = t.ownerA): Promise<string> {
  const res = await call(addPost, { token, body: { email: address, kind: "client" } });
  expect(res.status).toBe(200);
  const outbox = await call<{ to: string; text: string }[]>(outboxGet);
  const mail = outbox.json.data!.find((m) => m.to === address)!;
  return /\/convite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

const company = (overrides: Record<string, unknown> = {}) => ({
  type: "juridicPerson",
  name: "Padaria Pão Quente Ltda",
  code: formatCnpj(randomCnpj()),
  email: "financeiro@padaria.com.br",
  phone: "(11) 9 8765-4321",
  address: {
    cep: "01310-100",
    street: "Av. Paulista",
    number: "1000",
    neighboor: "Bela Vista",
    city: "São Paulo",
    state: "SP",
  },
  ...overrides,
});
const formatCnpj = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
const newUser = () => ({ name: "Joana Padeira", code: randomCpf(), phone: "(11) 9 1234-5678", password: "segredo1" });

describe("POST /api/invited/add {kind: 'client'}", () => {
  test.each(["ownerA", "adminA", "regularA"] as const)(
    "%s invites a company: invite of the office, e-mail with the link, audited",
    async (who) => {
      const address = email(who);
      const res = await call<{ id: number; email: string }>(addPost, {
        token: t[who],
        body: { email: address.toUpperCase(), kind: "client" },
      });
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({ id: expect.any(Number), email: address });
      const row = await getDb().invite.findUniqueOrThrow({ where: { id: res.json.data!.id } });
      expect(row).toMatchObject({
        kind: "client",
        officeId: officeOf("ownerA"),
        clientId: null,
        invitedById: w[who].userId,
        acceptedAt: null,
      });
      const mail = await getDb().mailOutbox.findFirstOrThrow({ where: { to: address } });
      expect(mail.text).toMatch(/\/convite\/[A-Za-z0-9_-]{20,}/);
      expect(await getDb().auditEvent.count({ where: { action: "invite.add", targetId: String(row.id) } })).toBe(1);
    },
  );

  test.each(["clientOwnerA1", "clientAdminA1", "clientRegularA1"] as const)(
    "business user %s → 403, nothing created",
    async (who) => {
      const address = email(who);
      const res = await call(addPost, { token: t[who], body: { email: address, kind: "client" } });
      expect(res.status).toBe(403);
      expect(await getDb().invite.count({ where: { email: address } })).toBe(0);
    },
  );

  test("duplicate → 409 'E-mail já convidado' (another operator of the office sent it too); another office may invite it", async () => {
    const address = email("dup");
    await invite(address, t.regularA);
    const again = await call(addPost, { token: t.regular2A, body: { email: address, kind: "client" } });
    expect(again.status).toBe(409);
    expect(again.json.error!.message).toBe("E-mail já convidado");
    expect((await call(addPost, { token: t.ownerB, body: { email: address, kind: "client" } })).status).toBe(200);
  });

  test("an e-mail whose login already has a company → 409; bad e-mail → 400; anonymous → 401", async () => {
    const res = await call(addPost, { token: t.ownerA, body: { email: w.clientRegularA1.user.email, kind: "client" } });
    expect(res.status).toBe(409);
    expect(res.json.error!.message).toBe("Este e-mail já pertence a um usuário de uma empresa cliente.");
    const bad = await call(addPost, { token: t.ownerA, body: { email: "nao-e-email", kind: "client" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error!.fields).toContainEqual({ path: "email", message: "Este e-mail não é válido" });
    expect((await call(addPost, { body: { email: email("anon"), kind: "client" } })).status).toBe(401);
  });

  test("an expired invite gives way to a new one", async () => {
    const address = email("expired");
    await invite(address, t.regularA);
    await getDb().invite.updateMany({ where: { email: address }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(addPost, { token: t.adminA, body: { email: address, kind: "client" } })).status).toBe(200);
    expect(await getDb().invite.count({ where: { email: address } })).toBe(1);
  });
});

describe("POST /api/invited/list {kind: 'client'} and /api/invited/remove", () => {
  let byRegular: number;
  let byRegular2: number;
  let byOwnerB: number;
  beforeAll(async () => {
    const mk = async (who: keyof World) =>
      (await call<{ id: number }>(addPost, { token: t[who], body: { email: email(`list-${who}`), kind: "client" } }))
        .json.data!.id;
    byRegular = await mk("regularA");
    byRegular2 = await mk("regular2A");
    byOwnerB = await mk("ownerB");
  });
  const ids = async (who: keyof World) =>
    (await call<{ id: number }[]>(listPost, { token: t[who], body: { kind: "client" } })).json.data!.map((i) => i.id);

  test("owners and admins see the office's pending client invites; a regular operator only its own; never operator invites", async () => {
    const operatorInvite = await createInvite({ office: { id: officeOf("ownerA") } });
    for (const who of ["ownerA", "adminA"] as const) {
      const seen = await ids(who);
      expect(seen).toEqual(expect.arrayContaining([byRegular, byRegular2]));
      expect(seen).not.toContain(byOwnerB);
      expect(seen).not.toContain(operatorInvite.id);
    }
    const regular = await ids("regularA");
    expect(regular).toContain(byRegular);
    expect(regular).not.toContain(byRegular2);
    expect(await ids("ownerB")).toContain(byOwnerB);
    expect(await ids("ownerB")).not.toContain(byRegular);
  });

  test("business user → 403", async () => {
    expect((await call(listPost, { token: t.clientOwnerA1, body: { kind: "client" } })).status).toBe(403);
  });

  test("remove: another office's invite → 404; a colleague's as a regular → 403; own as regular → 200; an admin removes any", async () => {
    expect((await call(removePost, { token: t.ownerB, body: { inviteId: byRegular } })).status).toBe(404);
    expect((await call(removePost, { token: t.clientOwnerA1, body: { inviteId: byRegular } })).status).toBe(404);
    expect((await call(removePost, { token: t.regularA, body: { inviteId: byRegular2 } })).status).toBe(403);
    expect(await getDb().invite.findUnique({ where: { id: byRegular2 } })).not.toBeNull();
    expect((await call(removePost, { token: t.regularA, body: { inviteId: byRegular } })).status).toBe(200);
    expect((await call(removePost, { token: t.adminA, body: { inviteId: byRegular2 } })).status).toBe(200);
    expect(await getDb().invite.count({ where: { id: { in: [byRegular, byRegular2] } } })).toBe(0);
    expect(
      await getDb().auditEvent.count({
        where: { action: "invite.remove", targetId: { in: [String(byRegular), String(byRegular2)] } },
      }),
    ).toBe(2);
  });
});

describe("the link: registration of the company", () => {
  test("info names the office; a new user registers: client, owner type 0, responsible = inviter, logged in on business", async () => {
    const address = email("novo");
    const token = await invite(address, t.regularA);
    const info = await call(infoPost, { body: { token } });
    expect(info.json.data).toEqual({
      email: address,
      kind: "client",
      organizationName: expect.any(String),
      userExists: false,
    });
    const office = await getDb().accountingOffice.findUniqueOrThrow({ where: { id: officeOf("ownerA") } });
    expect((info.json.data as { organizationName: string }).organizationName).toBe(office.name);

    const body = company();
    const user = newUser();
    const res = await call<Pair>(acceptPost, { body: { token, ...user, client: body } });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      isAccouting: false,
      isBussiness: true,
    });

    const created = await getDb().client.findFirstOrThrow({
      where: { officeId: office.id, code: body.code.replace(/\D/g, "") },
    });
    expect(created).toMatchObject({
      type: "juridicPerson",
      name: "Padaria Pão Quente Ltda",
      email: "financeiro@padaria.com.br",
      phone: "11987654321",
      cep: "01310100",
      neighboor: "Bela Vista",
      responsibleOperatorId: w.regularA.id,
      removedAt: null,
    });
    const stored = await getDb().user.findUniqueOrThrow({
      where: { email: address },
      include: { clientOperator: true },
    });
    expect(stored).toMatchObject({ name: "Joana Padeira", code: user.code, phone: "11912345678" });
    expect(stored.clientOperator).toMatchObject({ clientId: created.id, type: 0, blocked: false });
    expect((await getDb().invite.findFirstOrThrow({ where: { email: address } })).acceptedAt).not.toBeNull();
    expect(
      await getDb().auditEvent.count({
        where: { clientId: created.id, action: { in: ["client.create", "invite.accept"] } },
      }),
    ).toBe(2);

    const me = await call<{ business: { clientId: number; type: number } }>(meGet, { token: res.json.data!.access });
    expect(me.json.data!.business).toMatchObject({ clientId: created.id, type: 0 });
    // The link is spent.
    expect((await call(acceptPost, { body: { token, ...newUser(), client: company() } })).status).toBe(404);
    expect((await call(infoPost, { body: { token } })).status).toBe(404);
  });

  test("an individual: CPF as its code, e-mail and phone optional", async () => {
    const token = await invite(email("pf"));
    const cpf = randomCpf();
    const res = await call(acceptPost, {
      body: {
        token,
        ...newUser(),
        client: company({ type: "individual", name: "Carlos Autônomo", code: cpf, email: "", phone: null }),
      },
    });
    expect(res.status).toBe(200);
    expect(await getDb().client.findFirstOrThrow({ where: { code: cpf } })).toMatchObject({
      type: "individual",
      email: null,
      phone: null,
    });
  });

  test.each([
    ["client.code", { client: company({ code: "11.111.111/1111-11" }) }, "CNPJ inválido"],
    ["client.code", { client: company({ type: "individual", code: "123.456.789-09" }) }, "CPF inválido"],
    ["client.name", { client: company({ name: "  " }) }, "Este campo não pode ficar vazio"],
    ["client.email", { client: company({ email: "x@" }) }, "Este e-mail não é válido"],
    ["client.phone", { client: company({ phone: "(11) 1234-5678" }) }, "Telefone inválido"],
    [
      "client.address.cep",
      { client: company({ address: { ...company().address, cep: "0131-0100" } }) },
      "CEP inválido",
    ],
    [
      "client.address.number",
      { client: company({ address: { ...company().address, number: "" } }) },
      "Este campo não pode ficar vazio",
    ],
    [
      "client.address.city",
      { client: company({ address: { ...company().address, city: "" } }) },
      "Este campo não pode ficar vazio",
    ],
    ["code", { code: "111.111.111-11" }, "CPF inválido"],
    ["code", { code: undefined }, "Este campo não pode ficar vazio"],
    ["phone", { phone: "123" }, "Telefone inválido"],
    ["phone", { phone: undefined }, "Este campo não pode ficar vazio"],
    ["name", { name: "" }, "Este campo não pode ficar vazio"],
    ["password", { password: "12345" }, "A senha deve ter no mínimo 6 caracteres"],
    ["client", { client: undefined }, "Preencha os dados da empresa."],
  ])("%s invalid (%j) → 400 with its message; nothing created, link still usable", async (path, change, message) => {
    const address = email("invalido");
    const token = await invite(address);
    const before = await getDb().client.count();
    const res = await call(acceptPost, { body: { token, ...newUser(), client: company(), ...change } });
    expect(res.status).toBe(400);
    expect(res.json.error!.fields).toContainEqual({ path, message });
    expect(await getDb().client.count()).toBe(before);
    expect(await getDb().user.findUnique({ where: { email: address } })).toBeNull();
    expect((await getDb().invite.findFirstOrThrow({ where: { email: address } })).acceptedAt).toBeNull();
  });

  test("two parallel accepts of one link: exactly one succeeds, one client", async () => {
    const address = email("corrida");
    const token = await invite(address);
    const body = company();
    const results = await Promise.all([
      call(acceptPost, { body: { token, ...newUser(), client: body } }),
      call(acceptPost, { body: { token, ...newUser(), client: body } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await getDb().client.count({ where: { code: body.code.replace(/\D/g, "") } })).toBe(1);
    expect(await getDb().user.count({ where: { email: address } })).toBe(1);
  });

  test("a CPF/CNPJ already ACTIVE in the office → 409 with a clear message; nothing changes, link kept", async () => {
    const active = await createClient({ office: { id: officeOf("ownerA") }, responsible: w.ownerA });
    const address = email("ativo");
    const token = await invite(address, t.regularA);
    const res = await call(acceptPost, { body: { token, ...newUser(), client: company({ code: active.code }) } });
    expect(res.status).toBe(409);
    expect(res.json.error!.message).toBe("Esta empresa (CPF/CNPJ) já é cliente ativo deste escritório.");
    expect(await getDb().client.findUniqueOrThrow({ where: { id: active.id } })).toMatchObject({
      name: active.name,
      responsibleOperatorId: w.ownerA.id,
    });
    expect(await getDb().user.findUnique({ where: { email: address } })).toBeNull();
    expect((await getDb().invite.findFirstOrThrow({ where: { email: address } })).acceptedAt).toBeNull();
  });

  test("the same CPF/CNPJ in ANOTHER office is a new client there", async () => {
    const elsewhere = await createClient({ office: { id: officeOf("ownerB") }, responsible: w.ownerB });
    const token = await invite(email("outro-escritorio"), t.ownerA);
    expect(
      (await call(acceptPost, { body: { token, ...newUser(), client: company({ code: elsewhere.code }) } })).status,
    ).toBe(200);
    expect(await getDb().client.count({ where: { code: elsewhere.code } })).toBe(2);
  });

  test("a REMOVED company is restored with its books: responsible = inviter, shares cleared, old operators blocked, old owner admin", async () => {
    const removed = await createClient({ office: { id: officeOf("ownerA") }, responsible: w.ownerA });
    await getDb().client.update({ where: { id: removed.id }, data: { removedAt: new Date() } });
    await shareClient({ client: removed, operator: w.regular2A });
    const oldOwner = await createClientOperator({ client: removed, type: 0 });
    const oldRegular = await createClientOperator({ client: removed, type: 2 });
    const address = email("volta");
    const token = await invite(address, t.regularA);
    const res = await call<Pair>(acceptPost, {
      body: { token, ...newUser(), client: company({ code: removed.code, name: "Nome Novo Ltda" }) },
    });
    expect(res.status).toBe(200);
    const restored = await getDb().client.findUniqueOrThrow({ where: { id: removed.id } });
    expect(restored).toMatchObject({ removedAt: null, name: "Nome Novo Ltda", responsibleOperatorId: w.regularA.id });
    expect(await getDb().client.count({ where: { code: removed.code } })).toBe(1);
    expect(await getDb().clientShare.count({ where: { clientId: removed.id } })).toBe(0);
    expect(await getDb().clientOperator.findUniqueOrThrow({ where: { id: oldOwner.id } })).toMatchObject({
      type: 1,
      blocked: true,
    });
    expect(await getDb().clientOperator.findUniqueOrThrow({ where: { id: oldRegular.id } })).toMatchObject({
      type: 2,
      blocked: true,
    });
    const user = await getDb().user.findUniqueOrThrow({ where: { email: address }, include: { clientOperator: true } });
    expect(user.clientOperator).toMatchObject({ clientId: removed.id, type: 0, blocked: false });
    expect(await getDb().auditEvent.count({ where: { clientId: removed.id, action: "client.restore" } })).toBe(1);
  });

  test("the inviter is no longer an operator of the office → the office owner becomes responsible (recorded)", async () => {
    const leaving = await createAccountingOperator({ office: { id: officeOf("ownerA") }, type: 2 });
    const token = await invite(email("saiu"), await login(leaving.user.email));
    await getDb().accountingOperator.update({ where: { id: leaving.id }, data: { blocked: true } });
    const body = company();
    expect((await call(acceptPost, { body: { token, ...newUser(), client: body } })).status).toBe(200);
    const created = await getDb().client.findFirstOrThrow({ where: { code: body.code.replace(/\D/g, "") } });
    expect(created.responsibleOperatorId).toBe(w.ownerA.id);
    const event = await getDb().auditEvent.findFirstOrThrow({
      where: { clientId: created.id, action: "client.create" },
    });
    expect(event.data).toMatchObject({ responsibleOperatorId: w.ownerA.id, responsibleIsInviter: false });
  });

  test("an expired link → 404 on info and accept; nothing created", async () => {
    const address = email("vencido");
    const token = await invite(address);
    await getDb().invite.updateMany({ where: { email: address }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(infoPost, { body: { token } })).status).toBe(404);
    const res = await call(acceptPost, { body: { token, ...newUser(), client: company() } });
    expect(res.status).toBe(404);
    expect(res.json.error!.message).toBe("Convite inválido ou expirado.");
    expect(await getDb().user.findUnique({ where: { email: address } })).toBeNull();
  });
});

describe("the link: an e-mail that already has a login", () => {
  test("an accounting operator: wrong password → 400 and nothing; right password → the company joins its login (both platforms)", async () => {
    const other = await createAccountingOperator({ office: { id: officeOf("ownerB") }, type: 2 });
    const token = await invite(other.user.email, t.adminA);
    expect((await call(infoPost, { body: { token } })).json.data).toMatchObject({ kind: "client", userExists: true });
    const body = company();
    const wrong = await call(acceptPost, { body: { token, password: "errada", client: body } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error!.fields).toContainEqual({ path: "password", message: "Senha incorreta para este e-mail." });
    expect(await getDb().client.count({ where: { code: body.code.replace(/\D/g, "") } })).toBe(0);

    const ok = await call<Pair>(acceptPost, { body: { token, password: "demo1234", client: body } });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ isAccouting: true, isBussiness: true });
    const user = await getDb().user.findUniqueOrThrow({
      where: { id: other.userId },
      include: { clientOperator: { include: { client: true } } },
    });
    expect(user.name).toBe(other.user.name);
    expect(user.clientOperator).toMatchObject({
      type: 0,
      client: { officeId: officeOf("ownerA"), responsibleOperatorId: w.adminA.id },
    });
  });

  test("wrong passwords are throttled like logins: past the limit 429", async () => {
    const other = await createAccountingOperator({ type: 2 });
    const token = await invite(other.user.email);
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++)
      last = (await call(acceptPost, { body: { token, password: `errada${i}`, client: company() } })).status;
    expect(last).toBe(429);
  });

  test("a login that already has a company → 409 after its password; nothing created", async () => {
    const address = email("ja-tem");
    const token = await invite(address);
    const member = await createClientOperator({ user: { email: address } });
    const body = company();
    const res = await call(acceptPost, { body: { token, password: "demo1234", client: body } });
    expect(res.status).toBe(409);
    expect(res.json.error!.message).toBe("Este e-mail já pertence a um usuário de uma empresa cliente.");
    expect(await getDb().client.count({ where: { code: body.code.replace(/\D/g, "") } })).toBe(0);
    expect((await getDb().clientOperator.findUniqueOrThrow({ where: { id: member.id } })).type).toBe(member.type);
  });
});
