// The invite link: add → outbox row with the link → info → accept → login works → the same
// link again 404; expired links; an existing user joining with its own password.
import { POST as addPost } from "@/app/api/invited/add/route";
import { POST as infoPost } from "@/app/api/invite/info/route";
import { POST as acceptPost } from "@/app/api/invite/accept/route";
import { GET as outboxGet } from "@/app/api/dev/outbox/route";
import { GET as meGet } from "@/app/api/me/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { getDb, type AccountingOffice, type Client } from "@/server/db/client";
import { createAccountingOperator, createClient, createClientOperator, createOffice } from "../helpers/factories";
import { call } from "../helpers/http";

type Pair = { access: string; refresh: string; isAccouting: boolean; isBussiness: boolean };
const login = (email: string, password = "demo1234") => call<Pair>(tokenPost, { body: { username: email, password } });

let office: AccountingOffice;
let company: Client;
let ownerToken: string;
let clientOwnerToken: string;

beforeAll(async () => {
  office = await createOffice({ name: "Escritório do Link" });
  const owner = await createAccountingOperator({ office, type: 0 });
  company = await createClient({ office, responsible: owner });
  ownerToken = (await login(owner.user.email)).json.data!.access;
  clientOwnerToken = (await login((await createClientOperator({ client: company, type: 0 })).user.email)).json.data!
    .access;
});

/** Invites `email` and reads the link's token from GET /api/dev/outbox, as the e2e tests do. */
async function invite(email: string, token = ownerToken, platform?: "accounting" | "bussiness"): Promise<string> {
  expect((await call(addPost, { token, body: { email, platform } })).status).toBe(200);
  const outbox = await call<{ to: string; text: string }[]>(outboxGet);
  const mail = outbox.json.data!.find((m) => m.to === email)!;
  return /\/convite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
}

describe("invite link, new user", () => {
  test("full cycle: info → accept → login works → the same link again 404", async () => {
    const token = await invite("recem@exemplo.com");
    const info = await call(infoPost, { body: { token } });
    expect(info.status).toBe(200);
    expect(info.json.data).toEqual({
      email: "recem@exemplo.com",
      kind: "accountingOperator",
      organizationName: "Escritório do Link",
      userExists: false,
    });

    const accepted = await call<Pair>(acceptPost, { body: { token, name: "Recém Chegada", password: "segredo1" } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.data).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      isAccouting: true,
      isBussiness: false,
    });
    const me = await call<{ name: string }>(meGet, { token: accepted.json.data!.access });
    expect(me.json.data!.name).toBe("Recém Chegada");
    const user = await getDb().user.findUniqueOrThrow({
      where: { email: "recem@exemplo.com" },
      include: { accountingOperator: true },
    });
    expect(user.accountingOperator).toMatchObject({ officeId: office.id, type: 2, blocked: false });
    expect(
      (await getDb().invite.findFirstOrThrow({ where: { email: "recem@exemplo.com" } })).acceptedAt,
    ).not.toBeNull();
    expect(await getDb().auditEvent.count({ where: { actorUserId: user.id, action: "invite.accept" } })).toBe(1);

    expect((await login("recem@exemplo.com", "segredo1")).status).toBe(200);
    const again = await call(acceptPost, { body: { token, name: "Outra", password: "segredo2" } });
    expect(again.status).toBe(404);
    expect(again.json.error!.message).toBe("Convite inválido ou expirado.");
    expect((await call(infoPost, { body: { token } })).status).toBe(404);
  });

  test("an expired link → 404 on info and accept; nothing created", async () => {
    const token = await invite("atrasado@exemplo.com");
    await getDb().invite.updateMany({
      where: { email: "atrasado@exemplo.com" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await call(infoPost, { body: { token } })).status).toBe(404);
    expect((await call(acceptPost, { body: { token, name: "X", password: "segredo1" } })).status).toBe(404);
    expect(await getDb().user.findUnique({ where: { email: "atrasado@exemplo.com" } })).toBeNull();
  });

  test("an unknown token → 404", async () => {
    expect((await call(infoPost, { body: { token: "nao-existe" } })).status).toBe(404);
  });

  test.each([
    [{ name: "", password: "segredo1" }, "name", "Este campo não pode ficar vazio"],
    [{ name: "Alguém", password: "123" }, "password", "A senha deve ter no mínimo 6 caracteres"],
  ])("invalid %j → 400 and the invite stays usable", async (fields, path, message) => {
    const email = `valida-${path}@exemplo.com`;
    const token = await invite(email);
    const res = await call(acceptPost, { body: { token, ...fields } });
    expect(res.status).toBe(400);
    expect(res.json.error!.fields).toContainEqual({ path, message });
    expect((await getDb().invite.findFirstOrThrow({ where: { email } })).acceptedAt).toBeNull();
    expect(await getDb().user.findUnique({ where: { email } })).toBeNull();
  });

  test("two accepts of one link at once: exactly one wins", async () => {
    const token = await invite("corrida@exemplo.com");
    const results = await Promise.all([
      call(acceptPost, { body: { token, name: "A", password: "segredo1" } }),
      call(acceptPost, { body: { token, name: "B", password: "segredo1" } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await getDb().user.count({ where: { email: "corrida@exemplo.com" } })).toBe(1);
  });
});

describe("invite link, existing user", () => {
  test("an accounting operator joins a client company with its own password: both platforms", async () => {
    const other = await createAccountingOperator({ type: 2 });
    const token = await invite(other.user.email, clientOwnerToken, "bussiness");
    const info = await call(infoPost, { body: { token } });
    expect(info.json.data).toMatchObject({ kind: "clientOperator", organizationName: company.name, userExists: true });

    const wrong = await call(acceptPost, { body: { token, password: "errada" } });
    expect(wrong.status).toBe(400);
    expect(await getDb().clientOperator.count({ where: { userId: other.userId } })).toBe(0);

    const ok = await call<Pair>(acceptPost, { body: { token, password: "demo1234" } });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ isAccouting: true, isBussiness: true });
    expect(await getDb().clientOperator.findUnique({ where: { userId: other.userId } })).toMatchObject({
      clientId: company.id,
      type: 2,
    });
    expect((await getDb().user.findUniqueOrThrow({ where: { id: other.userId } })).name).toBe(other.user.name);
  });

  test("a user who already belongs to another office → 409, invite kept", async () => {
    const email = "duas-casas@exemplo.com";
    const token = await invite(email);
    await createAccountingOperator({ type: 2, user: { email } });
    const res = await call(acceptPost, { body: { token, password: "demo1234" } });
    expect(res.status).toBe(409);
    expect((await getDb().invite.findFirstOrThrow({ where: { email, officeId: office.id } })).acceptedAt).toBeNull();
  });
});
