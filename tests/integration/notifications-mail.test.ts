// The notification e-mails end to end, against a real SMTP server (the npm package smtp-server) on a
// random port, delivered by the mail-send job as in the app: the pendency and returned mails to the
// company's users, the daily digest to the responsible operators, the opt-out, and the unsubscribe
// link working without a login and only for its own user and kind.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { POST as devolvePost } from "@/app/api/block/devolve/route";
import { POST as preferencesPost } from "@/app/api/operator/notifications/route";
import { POST as oneClickPost } from "@/app/api/notifications/unsubscribe/one-click/route";
import { POST as unsubscribePost } from "@/app/api/notifications/unsubscribe/route";
import { POST as pendencyCreatePost } from "@/app/api/pendency/create/route";
import { formatDate } from "@/lib/format/dates";
import { returnedDocumentDeadline } from "@/lib/format/deadline";
import { getDb, type Client } from "@/server/db/client";
import { dispatchPendingMail } from "@/server/mail/deliver";
import { digestWindow, writeDailyDigests } from "@/server/notifications/daily-digest";
import { unsubscribeToken } from "@/server/notifications/unsubscribe-token";
import { QUEUES } from "@/server/queue/queues";
import {
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createOffice,
  type ClientOperatorWithUser,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { cleanUpRunnersAfterEachTest, startRunner, waitFor } from "./jobs-support";
import { login } from "./operators-support";

type Received = { to: string[]; raw: string };
const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["AUTH", "STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});

let office: { id: number; name: string };
let responsible: OperatorWithUser;
let client: Client;
let owner: ClientOperatorWithUser;
let colleague: ClientOperatorWithUser;
let blocked: ClientOperatorWithUser;
let officeToken: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  office = await createOffice({ name: "Contábil Horizonte" });
  responsible = await createAccountingOperator({ office, type: 2, user: { name: "Rita Responsável" } });
  client = await createClient({ office, responsible, name: "Padaria Pão Quente" });
  owner = await createClientOperator({ client, type: 0, user: { name: "Otávio Dono" } });
  colleague = await createClientOperator({ client, type: 2, user: { name: "Carla Colega" } });
  blocked = await createClientOperator({ client, type: 2, blocked: true });
  officeToken = await login(responsible.user.email);
});

beforeEach(() =>
  startRunner({
    work: [QUEUES.mailSend],
    settings: { [QUEUES.mailSend]: { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 } },
  }),
);

cleanUpRunnersAfterEachTest();

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  delete process.env.SMTP_URL;
});

/** The message as text: header lines unfolded, encoded words and quoted-printable decoded. */
function decode(raw: string): string {
  const escapes = (text: string) =>
    text.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  const headers = unfolded.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s?/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : escapes(text.replace(/_/g, " ")),
  );
  return escapes(headers.replace(/=\r?\n/g, ""));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The messages the SMTP server got for `email` whose subject matches. */
const messagesTo = (email: string, subject: RegExp) =>
  received.filter((m) => m.to.includes(email)).filter((m) => subject.test(decode(m.raw)));

async function delivered(kind: string, to: string): Promise<string> {
  const row = await waitFor(
    () => getDb().mailOutbox.findFirst({ where: { kind, to, sentAt: { not: null } }, orderBy: { id: "desc" } }),
    `the ${kind} mail to ${to}`,
  );
  const message = await waitFor(
    () => received.find((m) => m.to.includes(to) && decode(m.raw).includes(row.subject)),
    `the SMTP server to get ${row.subject}`,
  );
  return decode(message.raw);
}

/** The parts and headers every notification carries. */
function expectNotificationShape(text: string, kind: string, userId: number) {
  expect(text).toMatch(/^Content-Type: multipart\/alternative;/m);
  expect(text).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
  expect(text).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
  const token = unsubscribeToken(userId, kind as "pendency");
  expect(text).toContain(
    `List-Unsubscribe: <http://localhost:3000/api/notifications/unsubscribe/one-click?token=${token}>`,
  );
  expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(text).toContain(`http://localhost:3000/descadastrar/${token}`);
  expect(text).toContain(`href="http://localhost:3000/descadastrar/${token}"`);
}

async function raisePendency(observations = "Falta a nota da segunda compra") {
  const block = await createBlock({ client, sentAt: new Date("2026-11-20T15:00:00.000Z") });
  const res = await call<{ id: number }>(pendencyCreatePost, {
    token: officeToken,
    body: { blockId: block.id, issue: 2, observations },
  });
  expect(res.status).toBe(200);
  return { block, pendencyId: res.json.data!.id };
}

test("a raised pendency mails each unblocked user of the company, in pt-BR, text and HTML, with the one-click unsubscribe", async () => {
  const { pendencyId } = await raisePendency();
  const rows = await getDb().mailOutbox.findMany({
    where: { kind: "pendency", text: { contains: `pendencia=${pendencyId}` } },
  });
  expect(rows.map((row) => row.to).sort()).toEqual([owner.user.email, colleague.user.email].sort());

  const text = await delivered("pendency", owner.user.email);
  expect(text).toMatch(/^Subject: Pendência em um bloco de Padaria Pão Quente$/m);
  expect(text).toMatch(new RegExp(`^To: ${escape(owner.user.email)}$`, "m"));
  expect(text).toContain("Olá, Otávio Dono!");
  expect(text).toContain(
    "Contábil Horizonte registrou uma pendência em um bloco de Padaria Pão Quente enviado em 20/11/2026.",
  );
  expect(text).toContain("O que aconteceu: Bloco incompleto");
  expect(text).toContain("Observação: Falta a nota da segunda compra");
  const link = `http://localhost:3000/pendencyblock?pendencia=${pendencyId}`;
  expect(text).toContain(link);
  expect(text).toContain(`href="${link}"`);
  expectNotificationShape(text, "pendency", owner.user.id);
  expect(received.filter((m) => m.to.includes(blocked.user.email))).toHaveLength(0);
  expect(received.filter((m) => m.to.includes(responsible.user.email))).toHaveLength(0);
});

test("a returned block mails the company with the reason and the documents' 7-day deadline", async () => {
  const block = await createBlock({ client, sentAt: new Date("2026-11-21T15:00:00.000Z") });
  const res = await call<{ devolvedDatetime: string }>(devolvePost, {
    token: officeToken,
    body: { blockId: block.id, reason: "Documento de outra empresa" },
  });
  expect(res.status).toBe(200);
  const deadline = formatDate(returnedDocumentDeadline(res.json.data!.devolvedDatetime));

  const text = await delivered("returned", colleague.user.email);
  expect(text).toMatch(/^Subject: Bloco devolvido pelo escritório: Padaria Pão Quente$/m);
  expect(text).toContain("Contábil Horizonte devolveu um bloco de Padaria Pão Quente enviado em 21/11/2026.");
  expect(text).toContain("Motivo: Documento de outra empresa");
  expect(text).toContain(`são excluídos à 0h de ${deadline} (horário de Brasília)`);
  expect(text).toContain('href="http://localhost:3000/devolveds"');
  expectNotificationShape(text, "returned", colleague.user.id);
  expect(
    await getDb().mailOutbox.count({ where: { kind: "returned", text: { contains: "Documento de outra empresa" } } }),
  ).toBe(2);
});

test("a person who turned a kind off in the profile gets none of it; the other kind still comes", async () => {
  const person = await createClientOperator({ client, type: 2 });
  const token = await login(person.user.email);
  const off = await call(preferencesPost, { token, body: { kind: "pendency", enabled: false } });
  expect(off.status).toBe(200);
  const { pendencyId } = await raisePendency("Foto tremida");
  const rows = await getDb().mailOutbox.findMany({ where: { text: { contains: `pendencia=${pendencyId}` } } });
  expect(rows.map((row) => row.to)).not.toContain(person.user.email);
  expect(rows.map((row) => row.to)).toContain(owner.user.email);

  const block = await createBlock({ client });
  expect((await call(devolvePost, { token: officeToken, body: { blockId: block.id } })).status).toBe(200);
  const text = await delivered("returned", person.user.email);
  expect(text).not.toContain("Motivo:");
});

test("the unsubscribe link works without a login, for its own user and kind only", async () => {
  const person = await createClientOperator({ client, type: 2 });
  await raisePendency("Antes do descadastro");
  const text = await delivered("pendency", person.user.email);
  const token = /\/descadastrar\/([0-9]+\.pendency\.[A-Za-z0-9_-]{43})/.exec(text)![1]!;
  const prefs = () => getDb().notificationPreference.findMany({ where: { userId: person.user.id } });

  // another kind's token made from this one, a tampered mac, another user's id: 400, nothing changed
  const [id, , mac] = token.split(".");
  const flipped = mac!.slice(0, 10) + (mac![10] === "A" ? "B" : "A") + mac!.slice(11);
  for (const bad of [
    `${id}.returned.${mac}`,
    `${id}.pendency.${flipped}`,
    `${owner.user.id}.pendency.${mac}`,
    "x",
    "",
  ]) {
    const res = await call(unsubscribePost, { body: { token: bad } });
    expect({ bad, status: res.status, code: res.json.error?.code }).toEqual({
      bad,
      status: 400,
      code: "invalid_input",
    });
  }
  expect(await prefs()).toEqual([]);
  // a well-signed token of a user who no longer exists: 404
  const gone = await call(unsubscribePost, { body: { token: unsubscribeToken(2_000_000_000, "pendency") } });
  expect(gone.status).toBe(404);

  // no Authorization header at all
  const res = await call(unsubscribePost, { body: { token } });
  expect(res.status).toBe(200);
  expect(res.json.data).toEqual({ kind: "pendency", enabled: false });
  expect((await prefs()).map(({ kind, enabled }) => ({ kind, enabled }))).toEqual([
    { kind: "pendency", enabled: false },
  ]);
  expect((await call(unsubscribePost, { body: { token } })).status).toBe(200); // again: the same answer

  const { pendencyId } = await raisePendency("Depois do descadastro");
  const rows = await getDb().mailOutbox.findMany({ where: { text: { contains: `pendencia=${pendencyId}` } } });
  expect(rows.map((row) => row.to)).not.toContain(person.user.email);
  expect(rows).toHaveLength(2);
  // the returned mails still come
  const block = await createBlock({ client });
  expect((await call(devolvePost, { token: officeToken, body: { blockId: block.id } })).status).toBe(200);
  await delivered("returned", person.user.email);
});

test("the List-Unsubscribe one-click POST (RFC 8058) turns the kind off without a login", async () => {
  const person = await createClientOperator({ client, type: 2 });
  const block = await createBlock({ client });
  expect((await call(devolvePost, { token: officeToken, body: { blockId: block.id } })).status).toBe(200);
  const text = await delivered("returned", person.user.email);
  const url = /^List-Unsubscribe: <([^>]+)>$/m.exec(text)![1]!;
  const res = await call(oneClickPost, {
    path: new URL(url).pathname + new URL(url).search,
    rawBody: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(200);
  expect(res.json.data).toEqual({ kind: "returned", enabled: false });
  const rows = await getDb().notificationPreference.findMany({ where: { userId: person.user.id } });
  expect(rows.map(({ kind, enabled }) => ({ kind, enabled }))).toEqual([{ kind: "returned", enabled: false }]);
  // no token, a bad one: 400
  expect((await call(oneClickPost, { rawBody: "List-Unsubscribe=One-Click" })).status).toBe(400);
  expect((await call(oneClickPost, { path: "/api/x?token=1.returned.abc", rawBody: "" })).status).toBe(400);
});

describe("the daily digest", () => {
  test("lists each responsible operator's clients with new blocks of the day before, once, and nothing when nothing is new", async () => {
    const now = new Date("2026-12-02T10:00:00.000Z"); // 07:00 in São Paulo
    const { from, to } = digestWindow(now);
    expect(from.toISOString()).toBe("2026-12-01T03:00:00.000Z");
    expect(to.toISOString()).toBe("2026-12-02T03:00:00.000Z");
    const officeB = await createOffice();
    const rita = await createAccountingOperator({ office: officeB, type: 2, user: { name: "Rita Resumo" } });
    const idle = await createAccountingOperator({ office: officeB, type: 2 });
    const quiet = await createAccountingOperator({ office: officeB, type: 2 });
    const off = await createAccountingOperator({ office: officeB, type: 2 });
    const gone = await createAccountingOperator({ office: officeB, type: 2, blocked: true });
    const bakery = await createClient({ office: officeB, responsible: rita, name: "Alfa Padaria" });
    const garage = await createClient({ office: officeB, responsible: rita, name: "Beta Oficina" });
    const idleClient = await createClient({ office: officeB, responsible: idle });
    const quietClient = await createClient({ office: officeB, responsible: quiet });
    const offClient = await createClient({ office: officeB, responsible: off });
    const goneClient = await createClient({ office: officeB, responsible: gone });
    const at = (iso: string) => new Date(iso);
    for (const sentAt of ["2026-12-01T03:00:00.000Z", "2026-12-01T12:00:00.000Z", "2026-12-02T02:59:59.000Z"])
      await createBlock({ client: bakery, sentAt: at(sentAt) });
    await createBlock({ client: garage, sentAt: at("2026-12-01T20:00:00.000Z") });
    // outside the day, undone, imported by the office: not new
    await createBlock({ client: garage, sentAt: at("2026-12-01T02:59:59.000Z") });
    await createBlock({ client: garage, sentAt: at("2026-12-02T03:00:00.000Z") });
    const undone = await createBlock({ client: garage, sentAt: at("2026-12-01T13:00:00.000Z") });
    await getDb().block.update({ where: { id: undone.id }, data: { undoneAt: at("2026-12-01T13:05:00.000Z") } });
    const imported = await createBlock({ client: garage, sentAt: at("2026-12-01T14:00:00.000Z") });
    await getDb().block.update({ where: { id: imported.id }, data: { importedById: rita.id } });
    await createBlock({ client: quietClient, sentAt: at("2026-11-30T12:00:00.000Z") });
    await createBlock({ client: offClient, sentAt: at("2026-12-01T12:00:00.000Z") });
    await createBlock({ client: goneClient, sentAt: at("2026-12-01T12:00:00.000Z") });
    expect(
      (await call(preferencesPost, { token: await login(off.user.email), body: { kind: "digest", enabled: false } }))
        .status,
    ).toBe(200);
    void idleClient;

    const result = await writeDailyDigests({ now });
    expect(result.day).toBe("01/12/2026");
    const mine = (email: string) => getDb().mailOutbox.findMany({ where: { kind: "digest", to: email } });
    const [row] = await mine(rita.user.email);
    expect(row).toBeDefined();
    expect(row!.subject).toBe("Resumo diário: 4 blocos novos");
    expect(row!.text).toContain("Blocos novos dos clientes pelos quais você é responsável, enviados em 01/12/2026:");
    expect(row!.text).toContain("Alfa Padaria: 3 blocos\nBeta Oficina: 1 bloco\n");
    for (const person of [idle, quiet, off, gone]) expect(await mine(person.user.email)).toHaveLength(0);

    // run again (a retry, a second process): nothing more
    await writeDailyDigests({ now });
    expect(await mine(rita.user.email)).toHaveLength(1);
    expect(await getDb().operatorDigest.findMany({ where: { operatorId: rita.id } })).toEqual([
      expect.objectContaining({ clients: 2, blocks: 4 }),
    ]);

    // delivered like every other mail, with its parts and headers
    const runner = await startRunner({ work: [] });
    await dispatchPendingMail(runner.boss);
    const text = await delivered("digest", rita.user.email);
    expect(text).toMatch(/^Subject: Resumo diário: 4 blocos novos$/m);
    expect(text).toContain("Olá, Rita Resumo!");
    expect(text).toContain('href="http://localhost:3000/home"');
    expectNotificationShape(text, "digest", rita.user.id);
    expect(messagesTo(rita.user.email, /Resumo diário/)).toHaveLength(1);
  });
});
