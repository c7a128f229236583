// Operator invites: list/add/remove by owners and admins of each platform, the e-mail queued
// in the same transaction, and the permission matrix (type 2 → 403, another office → 404).
import { GET as listGet, POST as listPost } from "@/app/api/invited/list/route";
import { POST as addPost } from "@/app/api/invited/add/route";
import { POST as removePost } from "@/app/api/invited/remove/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { hashToken } from "@/server/auth/tokens";
import { INVITES_PER_RECIPIENT } from "@/server/invites/manage";
import { getDb, type AccountingOffice, type Client } from "@/server/db/client";
import {
  createAccountingOperator,
  createClient,
  createClientOperator,
  createInvite,
  createOffice,
} from "../helpers/factories";
import { call } from "../helpers/http";

const login = async (email: string) =>
  (await call<{ access: string }>(tokenPost, { body: { username: email, password: "demo1234" } })).json.data!.access;

let officeA: AccountingOffice;
let company: Client;
const t = {} as Record<"ownerA" | "adminA" | "regularA" | "ownerB" | "clientOwner" | "clientRegular", string>;
const ids = {} as Record<"adminA" | "clientOwner", number>;

beforeAll(async () => {
  officeA = await createOffice({ name: "Escritório Convites" });
  const ownerA = await createAccountingOperator({ office: officeA, type: 0 });
  const adminA = await createAccountingOperator({ office: officeA, type: 1 });
  ids.adminA = adminA.userId;
  company = await createClient({ office: officeA, responsible: ownerA, name: "Empresa Convites Ltda" });
  const clientOwner = await createClientOperator({ client: company, type: 0 });
  ids.clientOwner = clientOwner.userId;
  t.ownerA = await login(ownerA.user.email);
  t.adminA = await login(adminA.user.email);
  t.regularA = await login((await createAccountingOperator({ office: officeA, type: 2 })).user.email);
  t.ownerB = await login((await createAccountingOperator({ type: 0 })).user.email);
  t.clientOwner = await login(clientOwner.user.email);
  t.clientRegular = await login((await createClientOperator({ client: company, type: 2 })).user.email);
});

const invitesOf = (where: { officeId?: number; clientId?: number }) =>
  getDb().invite.findMany({ where, orderBy: { id: "asc" } });

describe("POST /api/invited/add", () => {
  test("an admin invites: e-mail normalised, token stored hashed for 7 days, mail queued, audited", async () => {
    const res = await call<{ id: number; email: string }>(addPost, {
      token: t.adminA,
      body: { email: "  Novo.Operador@Exemplo.COM " },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ id: expect.any(Number), email: "novo.operador@exemplo.com" });
    const invite = await getDb().invite.findUniqueOrThrow({ where: { id: res.json.data!.id } });
    expect(invite).toMatchObject({
      kind: "accountingOperator",
      officeId: officeA.id,
      clientId: null,
      invitedById: ids.adminA,
      acceptedAt: null,
    });
    const days = (invite.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await getDb().mailOutbox.findFirstOrThrow({ where: { to: "novo.operador@exemplo.com" } });
    expect(mail).toMatchObject({ subject: "Convite para o Bloco", kind: "invite", sentAt: null });
    expect(mail.text).toContain("Escritório Convites");
    const token = /\/convite\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    expect(hashToken(token)).toBe(invite.tokenHash);
    expect(mail.html).toContain(`/convite/${token}`);
    expect(await getDb().auditEvent.count({ where: { action: "invite.add", targetId: String(invite.id) } })).toBe(1);
  });

  test("a client owner invites to its company (platform bussiness)", async () => {
    const res = await call<{ id: number }>(addPost, {
      token: t.clientOwner,
      body: { email: "colega@empresa.demo", kind: "operator" },
    });
    expect(res.status).toBe(200);
    const invite = await getDb().invite.findUniqueOrThrow({ where: { id: res.json.data!.id } });
    expect(invite).toMatchObject({ kind: "clientOperator", clientId: company.id, officeId: null });
    const mail = await getDb().mailOutbox.findFirstOrThrow({ where: { to: "colega@empresa.demo" } });
    expect(mail.text).toContain("Empresa Convites Ltda");
  });

  test("a duplicate pending invite → 409 'E-mail já convidado', nothing queued", async () => {
    await call(addPost, { token: t.ownerA, body: { email: "dup@exemplo.com" } });
    const before = await getDb().mailOutbox.count();
    const res = await call(addPost, { token: t.adminA, body: { email: "DUP@exemplo.com" } });
    expect(res.status).toBe(409);
    expect(res.json.error!.message).toBe("E-mail já convidado");
    expect(await getDb().mailOutbox.count()).toBe(before);
    expect(await getDb().invite.count({ where: { email: "dup@exemplo.com" } })).toBe(1);
  });

  test("an expired invite gives way to a new one", async () => {
    const old = await createInvite({ office: officeA, email: "expirado@exemplo.com" });
    await getDb().invite.update({ where: { id: old.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await call<{ id: number }>(addPost, { token: t.ownerA, body: { email: "expirado@exemplo.com" } });
    expect(res.status).toBe(200);
    expect(await getDb().invite.findUnique({ where: { id: old.id } })).toBeNull();
  });

  test("invite, withdraw, invite again: at most 5 mails to one address a day (429 past it, nothing queued); others still invited", async () => {
    const email = "caixa-cheia@exemplo.com";
    for (let i = 0; i < INVITES_PER_RECIPIENT; i++) {
      const added = await call<{ id: number }>(addPost, { token: t.ownerA, body: { email } });
      expect(added.status).toBe(200);
      expect((await call(removePost, { token: t.ownerA, body: { inviteId: added.json.data!.id } })).status).toBe(200);
    }
    const refused = await call(addPost, { token: t.adminA, body: { email } });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toBe("Muitos convites enviados em pouco tempo. Tente novamente mais tarde.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // another office cannot send it either: the limit is the inbox's
    expect((await call(addPost, { token: t.ownerB, body: { email } })).status).toBe(429);
    expect(await getDb().mailOutbox.count({ where: { to: email } })).toBe(INVITES_PER_RECIPIENT);
    expect(await getDb().invite.count({ where: { email } })).toBe(0);
    expect((await call(addPost, { token: t.ownerA, body: { email: "outra-caixa@exemplo.com" } })).status).toBe(200);
  });

  test("an e-mail that already belongs to an operator → 409", async () => {
    const member = await createAccountingOperator({ type: 2 });
    const res = await call(addPost, { token: t.ownerA, body: { email: member.user.email } });
    expect(res.status).toBe(409);
    expect(res.json.error!.message).toBe("Este e-mail já pertence a um operador.");
  });

  test.each([
    ["sem-arroba", "Este e-mail não é válido"],
    ["", "Este campo não pode ficar vazio"],
  ])("invalid e-mail %j → 400", async (email, message) => {
    const res = await call(addPost, { token: t.ownerA, body: { email } });
    expect(res.status).toBe(400);
    expect(res.json.error!.fields).toContainEqual({ path: "email", message });
  });

  test.each(["regularA", "clientRegular"] as const)("%s (type 2) → 403, nothing created", async (who) => {
    const before = await getDb().invite.count();
    const res = await call(addPost, { token: t[who], body: { email: `negado-${who}@exemplo.com` } });
    expect(res.status).toBe(403);
    expect(await getDb().invite.count()).toBe(before);
  });

  test("anonymous → 401", async () => {
    expect((await call(addPost, { body: { email: "a@b.com" } })).status).toBe(401);
  });
});

describe("/api/invited/list", () => {
  test("GET: pending operator invites of the caller's office only, accepted ones left out", async () => {
    await createInvite({ office: officeA, email: "aceito@exemplo.com", acceptedAt: new Date() });
    const res = await call<{ id: number; email: string }[]>(listGet, { token: t.ownerA });
    expect(res.status).toBe(200);
    const expected = (await invitesOf({ officeId: officeA.id })).filter(
      (i) => !i.acceptedAt && i.kind === "accountingOperator",
    );
    expect(res.json.data).toEqual(expected.map((i) => ({ id: i.id, email: i.email })));
    expect(res.json.data!.map((i) => i.email)).not.toContain("aceito@exemplo.com");
    expect(res.json.data!.map((i) => i.email)).not.toContain("colega@empresa.demo");
  });

  test("POST {kind: operator}: the client owner sees its company's invites", async () => {
    const res = await call<{ email: string }[]>(listPost, {
      token: t.clientOwner,
      body: { kind: "operator", platform: "bussiness" },
    });
    expect(res.json.data).toEqual([{ id: expect.any(Number), email: "colega@empresa.demo" }]);
  });

  test("office B sees none of office A's invites", async () => {
    const res = await call<unknown[]>(listGet, { token: t.ownerB });
    expect(res.json.data).toEqual([]);
  });

  test("type 2 → 403; a platform the caller lacks → 403; anonymous → 401", async () => {
    expect((await call(listGet, { token: t.regularA })).status).toBe(403);
    expect((await call(listPost, { token: t.ownerA, body: { kind: "operator", platform: "bussiness" } })).status).toBe(
      403,
    );
    expect((await call(listGet)).status).toBe(401);
  });
});

describe("POST /api/invited/remove", () => {
  test("an admin removes a pending invite of its office; audited", async () => {
    const invite = await createInvite({ office: officeA, email: "remover@exemplo.com" });
    const res = await call(removePost, { token: t.adminA, body: { inviteId: invite.id } });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({});
    expect(await getDb().invite.findUnique({ where: { id: invite.id } })).toBeNull();
    expect(await getDb().auditEvent.count({ where: { action: "invite.remove", targetId: String(invite.id) } })).toBe(1);
  });

  test.each([
    ["ownerB", 404],
    ["clientOwner", 404],
    ["regularA", 403],
  ] as const)("%s → %i, invite kept", async (who, status) => {
    const invite = await createInvite({ office: officeA });
    expect((await call(removePost, { token: t[who], body: { inviteId: invite.id } })).status).toBe(status);
    expect(await getDb().invite.findUnique({ where: { id: invite.id } })).not.toBeNull();
  });

  test("an accepted invite → 404; anonymous → 401", async () => {
    const invite = await createInvite({ office: officeA, acceptedAt: new Date() });
    expect((await call(removePost, { token: t.ownerA, body: { inviteId: invite.id } })).status).toBe(404);
    expect((await call(removePost, { body: { inviteId: invite.id } })).status).toBe(401);
  });
});
