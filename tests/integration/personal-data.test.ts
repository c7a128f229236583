// A person's data: 'Baixar meus dados' (POST /api/user/data, the personal-data-export job, the one-time
// POST /api/user/data/download) holds the caller's data and nothing of a colleague's in the same company;
// 'Excluir minha conta' (POST /api/user/erase) and the owner's erasure of an operator who left (POST
// /api/operator/erase) leave no personal field anywhere and every posting in place, and are refused for a
// last owner or a live client's responsible operator.
import { strFromU8, unzipSync } from "fflate";
import { POST as historyPost } from "@/app/api/block/history/route";
import { POST as eraseOperatorPost } from "@/app/api/operator/erase/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { POST as dataPost } from "@/app/api/user/data/route";
import { POST as downloadPost } from "@/app/api/user/data/download/route";
import { POST as erasePost } from "@/app/api/user/erase/route";
import { getDb } from "@/server/db/client";
import { buildPersonalDataExport } from "@/server/privacy/personal-data";
import {
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createInvite,
  createOffice,
  randomCpf,
  randomPhone,
  uniqueEmail,
} from "../helpers/factories";
import { call } from "../helpers/http";

const login = async (email: string) =>
  (await call<{ access: string }>(tokenPost, { body: { username: email, password: "demo1234" } })).json.data!.access;

/** Someone with personal values no one else has, so a search of the whole database finds only theirs. */
const person = (label: string) => ({
  email: uniqueEmail(label),
  name: `${label} ${Math.random().toString(36).slice(2, 10)}`,
  code: randomCpf(),
  phone: randomPhone(),
});

/** Every row of every table of the public schema whose JSON text contains one of the values. */
async function rowsNaming(values: string[]): Promise<{ table: string; row: string }[]> {
  const tables = await getDb().$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const found: { table: string; row: string }[] = [];
  for (const { name } of tables) {
    const rows = await getDb().$queryRawUnsafe<{ row: string }[]>(
      `SELECT row_to_json(t)::text AS row FROM "${name}" t WHERE ${values.map((_, i) => `strpos(row_to_json(t)::text, $${i + 1}) > 0`).join(" OR ")}`,
      ...values,
    );
    found.push(...rows.map((row) => ({ table: name, row: row.row })));
  }
  return found;
}

describe("'Baixar meus dados'", () => {
  test("the ZIP holds the caller's profile, memberships, invites, sent blocks, events and mail, and nothing of a colleague's; the link works once", async () => {
    const db = getDb();
    const client = await createClient();
    const me = await createClientOperator({ client, type: 0, user: person("Titular") });
    const colleague = await createClientOperator({ client, type: 2, user: person("Colega") });
    const mine = [
      await createBlock({ client, sentBy: me, documents: 3 }),
      await createBlock({ client, sentBy: me, documents: 1, state: "contabilized" }),
    ];
    const theirs = await createBlock({ client, sentBy: colleague, documents: 2 });
    await createInvite({ kind: "clientOperator", client, email: me.user.email, acceptedAt: new Date() });
    await createInvite({ kind: "clientOperator", client, invitedBy: me.user, email: uniqueEmail("convidado") });
    await db.mailOutbox.create({
      data: { to: me.user.email, subject: "Pendência no bloco", text: "Olá", kind: "pendency" },
    });
    await db.mailOutbox.create({
      data: { to: colleague.user.email, subject: "Outro assunto", text: "Só do colega", kind: "pendency" },
    });
    const token = await login(me.user.email);
    await login(colleague.user.email);

    const asked = await call<{ email: string }>(dataPost, { token, body: {} });
    expect(asked.status).toBe(200);
    expect(asked.json.data).toEqual({ email: me.user.email });
    // A second request within minutes: 429, nothing new.
    const again = await call(dataPost, { token, body: {} });
    expect(again.status).toBe(429);
    expect(again.json.error?.message).toBe(
      "Você já pediu seus dados há pouco. Aguarde alguns minutos e tente de novo.",
    );
    const rows = await db.personalDataExport.findMany({ where: { userId: me.userId } });
    expect(rows).toHaveLength(1);

    // The job: the ZIP stored, the link mailed; a retry does nothing more.
    expect(await buildPersonalDataExport(rows[0]!.id)).toMatchObject({ mailed: true });
    expect(await buildPersonalDataExport(rows[0]!.id)).toEqual({ mailed: false, bytes: 0 });
    const mails = await db.mailOutbox.findMany({ where: { to: me.user.email, kind: "personal_data" } });
    expect(mails).toHaveLength(1);
    const link = /\/meus-dados\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;

    expect((await call(downloadPost, { body: { token: "x".repeat(43) } })).status).toBe(404);
    const res = await downloadPost(
      new Request("http://localhost/api/user/data/download", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: link }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "LEIA-ME.txt",
      "blocos-enviados.csv",
      "convites.json",
      "emails-recebidos.json",
      "eventos.json",
      "notificacoes.json",
      "perfil.json",
      "vinculos.json",
    ]);
    const text = (name: string) => strFromU8(files[name]!);
    expect(JSON.parse(text("perfil.json"))).toMatchObject({
      id: me.userId,
      nome: me.user.name,
      email: me.user.email,
      telefone: me.user.phone,
      cpf: me.user.code,
    });
    expect(JSON.parse(text("vinculos.json"))).toEqual([
      expect.objectContaining({ plataforma: "empresa", organizacao: client.name, papel: "proprietário" }),
    ]);
    const invites = JSON.parse(text("convites.json"));
    expect(invites.recebidos).toHaveLength(1);
    expect(invites.enviados).toEqual([expect.objectContaining({ tipo: "clientOperator" })]);
    const csv = text("blocos-enviados.csv").trim().split("\r\n");
    expect(csv).toHaveLength(3);
    expect(csv.slice(1).map((line) => line.split(";")[0])).toEqual(mine.map((b) => String(b.id)));
    expect(csv.slice(1).map((line) => line.split(";")[3])).toEqual(["3", "1"]);
    expect(JSON.parse(text("eventos.json"))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ acao: "auth.login" }),
        expect.objectContaining({ acao: "user.data_request" }),
      ]),
    );
    expect(JSON.parse(text("emails-recebidos.json"))).toEqual([
      expect.objectContaining({ assunto: "Pendência no bloco" }),
    ]);

    // Nothing of the colleague's: not their name, e-mail, phone, CPF, blocks or mail.
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    for (const value of [
      colleague.user.email,
      colleague.user.name,
      colleague.user.phone!,
      colleague.user.code!,
      "Só do colega",
    ])
      expect(everything).not.toContain(value);
    expect(csv.some((line) => line.startsWith(`${theirs.id};`))).toBe(false);

    // Once: spent, and the ZIP's file deleted.
    expect((await call(downloadPost, { body: { token: link } })).status).toBe(404);
    const spent = await db.personalDataExport.findUniqueOrThrow({ where: { id: rows[0]!.id } });
    expect(spent.usedAt).not.toBeNull();
    expect(spent.blobKey).toBeNull();
  });

  test("401 without a token; 400 for a download without a token", async () => {
    expect((await call(dataPost, { body: {} })).status).toBe(401);
    expect((await call(downloadPost, { body: {} })).status).toBe(400);
  });
});

describe("'Excluir minha conta'", () => {
  test("no personal field is left anywhere, sessions end, postings and their history stay as 'Usuário removido'", async () => {
    const db = getDb();
    const office = await createOffice();
    const responsible = await createAccountingOperator({ office, type: 0 });
    const client = await createClient({ office, responsible });
    const owner = await createClientOperator({ client, type: 0 });
    const leaving = await createClientOperator({ client, type: 2, user: person("Saindo") });
    const blocks = [
      await createBlock({ client, sentBy: leaving, state: "contabilized", documents: 2 }),
      await createBlock({ client, sentBy: leaving }),
    ];
    await db.mailOutbox.create({
      data: {
        to: leaving.user.email,
        subject: `Olá ${leaving.user.name}`,
        text: "Enviado",
        kind: "pendency",
        sentAt: new Date(),
      },
    });
    await db.mailOutbox.create({ data: { to: leaving.user.email, subject: "Na fila", text: "…", kind: "pendency" } });
    await db.mailOutbox.create({
      data: { to: owner.user.email, subject: "Aviso", text: `${leaving.user.name} enviou um bloco`, kind: "pendency" },
    });
    await createInvite({
      kind: "clientOperator",
      client: { id: (await createClient()).id },
      email: leaving.user.email,
    });
    const token = await login(leaving.user.email);
    const postingsBefore = await db.block.findMany({
      where: { id: { in: blocks.map((b) => b.id) } },
      orderBy: { id: "asc" },
    });
    const personal = [leaving.user.email, leaving.user.name, leaving.user.phone!, leaving.user.code!];
    expect((await rowsNaming(personal)).length).toBeGreaterThan(0);

    const wrong = await call(erasePost, { token, body: { password: "errada123" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error?.fields).toEqual([{ path: "password", message: "Senha incorreta." }]);
    expect((await call(erasePost, { token, body: {} })).status).toBe(400);

    const erased = await call(erasePost, { token, body: { password: "demo1234" } });
    expect(erased.status).toBe(200);

    expect(await rowsNaming(personal)).toEqual([]);
    const user = await db.user.findUniqueOrThrow({ where: { id: leaving.userId } });
    expect(user).toMatchObject({ name: "Usuário removido", code: null, phone: null, pictureKey: null });
    expect(user.erasedAt).not.toBeNull();
    // Sessions end: the token is refused, and the old password no longer logs in.
    expect((await call(dataPost, { token, body: {} })).status).toBe(401);
    expect((await call(tokenPost, { body: { username: leaving.user.email, password: "demo1234" } })).status).toBe(401);
    // The unsent mail to them is gone; the others keep their rows without the person.
    expect(await db.mailOutbox.count({ where: { subject: "Na fila" } })).toBe(0);
    expect(await db.mailOutbox.findFirst({ where: { to: owner.user.email, subject: "Aviso" } })).toMatchObject({
      text: "Usuário removido enviou um bloco",
    });
    // The books: every posting as it was, its sender now 'Usuário removido' in the history.
    expect(await db.block.findMany({ where: { id: { in: blocks.map((b) => b.id) } }, orderBy: { id: "asc" } })).toEqual(
      postingsBefore,
    );
    const history = await call<{ entries: { kind: string; by: { name: string } | null }[] }>(historyPost, {
      token: await login(responsible.user.email),
      body: { blockId: blocks[0]!.id },
    });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.json.data)).toContain("Usuário removido");
    expect(await db.auditEvent.count({ where: { action: "user.erase", targetId: String(leaving.userId) } })).toBe(1);
  });

  test("refused for the last owner of a company or an office, and for a live client's responsible operator", async () => {
    const office = await createOffice();
    const officeOwner = await createAccountingOperator({ office, type: 0 });
    const responsible = await createAccountingOperator({ office, type: 2 });
    const client = await createClient({ office, responsible });
    const companyOwner = await createClientOperator({ client, type: 0 });

    for (const [who, message] of [
      [companyOwner.user.email, "Você é o único proprietário. Transfira a propriedade antes de excluir a conta."],
      [officeOwner.user.email, "Você é o único proprietário. Transfira a propriedade antes de excluir a conta."],
      [responsible.user.email, "Transfira os clientes pelos quais você é responsável antes de excluir a conta."],
    ] as const) {
      const res = await call(erasePost, { token: await login(who), body: { password: "demo1234" } });
      expect(res.status).toBe(409);
      expect(res.json.error?.message).toBe(message);
      expect((await getDb().user.findUniqueOrThrow({ where: { email: who } })).erasedAt).toBeNull();
    }
    // A second owner of the company: the first may go.
    await createClientOperator({ client, type: 0 });
    expect(
      (await call(erasePost, { token: await login(companyOwner.user.email), body: { password: "demo1234" } })).status,
    ).toBe(200);
  });
});

describe("the owner erases an operator who left", () => {
  test("a blocked operator with no client: erased; the refusals otherwise", async () => {
    const office = await createOffice();
    const owner = await createAccountingOperator({ office, type: 0 });
    const admin = await createAccountingOperator({ office, type: 1 });
    const left = await createAccountingOperator({ office, type: 2, blocked: true, user: person("Ex") });
    const active = await createAccountingOperator({ office, type: 2 });
    const blockedResponsible = await createAccountingOperator({ office, type: 2, blocked: true });
    await createClient({ office, responsible: blockedResponsible });
    const withCompany = await createAccountingOperator({ office, type: 2, blocked: true });
    await getDb().clientOperator.create({ data: { userId: withCompany.userId, clientId: (await createClient()).id } });
    const stranger = await createAccountingOperator({ type: 2, blocked: true });
    const ownerToken = await login(owner.user.email);

    expect(
      (await call(eraseOperatorPost, { token: await login(admin.user.email), body: { id: left.id } })).status,
    ).toBe(403);
    const refusals: [number, number, string][] = [
      [stranger.id, 404, "Operador não encontrado."],
      [owner.id, 409, "Para excluir a sua própria conta, use 'Excluir minha conta' no seu perfil."],
      [active.id, 409, "Remova ou bloqueie o operador antes de apagar os dados dele."],
      [blockedResponsible.id, 409, "Transfira os clientes deste operador antes de apagar os dados dele."],
      [
        withCompany.id,
        409,
        "Esta pessoa também usa o Bloco por uma empresa cliente; só ela pode excluir a própria conta.",
      ],
    ];
    for (const [id, status, message] of refusals) {
      const res = await call(eraseOperatorPost, { token: ownerToken, body: { id } });
      expect(res.status).toBe(status);
      expect(res.json.error?.message).toBe(message);
    }
    expect((await call(eraseOperatorPost, { token: ownerToken, body: { id: "x" } })).status).toBe(400);

    const personal = [left.user.email, left.user.name, left.user.phone!, left.user.code!];
    expect((await call(eraseOperatorPost, { token: ownerToken, body: { id: left.id } })).status).toBe(200);
    expect(await rowsNaming(personal)).toEqual([]);
    const again = await call(eraseOperatorPost, { token: ownerToken, body: { id: left.id } });
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toBe("Os dados desta pessoa já foram apagados.");
  });
});
