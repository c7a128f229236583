// The mail outbox: claim with FOR UPDATE SKIP LOCKED (each message sent once even with
// concurrent runners), failures kept with last_error up to MAX_MAIL_ATTEMPTS, the log transport, and
// GET /api/dev/outbox.
import { GET as outboxGet } from "@/app/api/dev/outbox/route";
import { parseConfig } from "@/server/config";
import { isLoopbackCaller, PEER_ADDRESS_HEADER, PEER_FORWARDED_HEADER } from "@/server/http/route";
import { listOutbox } from "@/server/mail/dev-outbox";
import { getDb } from "@/server/db/client";
import { claimNextMail, deliverPendingMail, MAX_MAIL_ATTEMPTS } from "@/server/mail/deliver";
import { enqueueMail } from "@/server/mail/outbox";
import { inviteMail, passwordResetMail } from "@/server/mail/templates";
import { logTransport, type OutgoingMail } from "@/server/mail/transport";
import { call } from "../helpers/http";
import { captureLog } from "../helpers/log";

const queue = (to: string) =>
  getDb().$transaction((tx) => enqueueMail(tx, to, passwordResetMail(`http://localhost:3000/redefinir-senha/${to}`)));

beforeEach(async () => {
  await getDb().mailOutbox.deleteMany();
});

test("a rolled-back transaction queues nothing", async () => {
  await expect(
    getDb().$transaction(async (tx) => {
      await enqueueMail(tx, "x@y.demo", inviteMail("http://l/convite/t", "Escritório"));
      throw new Error("rollback");
    }),
  ).rejects.toThrow("rollback");
  expect(await getDb().mailOutbox.count()).toBe(0);
});

test("two concurrent runners send every message exactly once", async () => {
  for (let i = 0; i < 6; i += 1) await queue(`p${i}@y.demo`);
  const sent: string[] = [];
  const slow = async (mail: OutgoingMail) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    sent.push(mail.to);
  };
  const counts = await Promise.all([deliverPendingMail(slow), deliverPendingMail(slow)]);
  expect(counts[0] + counts[1]).toBe(6);
  expect(sent.sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `p${i}@y.demo`));
  const rows = await getDb().mailOutbox.findMany();
  expect(rows.every((r) => r.sentAt && r.attempts === 1 && r.lastError === null)).toBe(true);
});

test("a row being sent is skipped by every other runner, its attempt counted at once; a claim that ran out is taken again", async () => {
  const id = await queue("lock@y.demo");
  const sends: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sending!: () => void;
  const started = new Promise<void>((resolve) => (sending = resolve));
  const slow = async (mail: OutgoingMail) => {
    sends.push(mail.to);
    sending();
    await held; // an SMTP exchange that takes its time
  };
  const first = deliverPendingMail(slow);
  await started;
  // Committed before the send, seen from any connection: a send that outlives anything still counted it.
  expect(await getDb().mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({ attempts: 1, sentAt: null });
  expect(await claimNextMail()).toBeNull();
  expect(await deliverPendingMail(slow)).toBe(0);
  release();
  expect(await first).toBe(1);
  expect(sends).toEqual(["lock@y.demo"]);
  expect(await getDb().mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({
    attempts: 1,
    sendingUntil: null,
  });

  // A runner that died mid-send: once its claim has run out, the row is claimed again (attempt 2).
  const orphan = await queue("orfao@y.demo");
  expect((await claimNextMail())?.id).toBe(orphan);
  expect(await claimNextMail()).toBeNull();
  await getDb().mailOutbox.update({ where: { id: orphan }, data: { sendingUntil: new Date(Date.now() - 1) } });
  expect(await claimNextMail()).toMatchObject({ id: orphan, attempts: 2 });
});

test("a failure keeps the row with last_error; after MAX_MAIL_ATTEMPTS it is no longer claimed", async () => {
  const id = await queue("falha@y.demo");
  const failing = async () => {
    throw new Error("SMTP fora do ar");
  };
  expect(await deliverPendingMail(failing)).toBe(0); // one attempt per run, not a tight retry loop
  expect(await getDb().mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({
    attempts: 1,
    sentAt: null,
    lastError: "SMTP fora do ar",
  });
  for (let i = 1; i < MAX_MAIL_ATTEMPTS; i += 1) await deliverPendingMail(failing);
  expect((await getDb().mailOutbox.findUniqueOrThrow({ where: { id } })).attempts).toBe(MAX_MAIL_ATTEMPTS);
  expect(await claimNextMail()).toBeNull();
});

test("without SMTP_URL the message is logged by address and subject, never with its link", async () => {
  await queue("log@y.demo");
  const log = captureLog();
  try {
    expect(await deliverPendingMail(logTransport)).toBe(1);
  } finally {
    log.restore();
  }
  expect(log.lines).toEqual([
    expect.objectContaining({ level: 30, scope: "mail", to: "log@y.demo", subject: "Redefinição de senha" }),
  ]);
  expect(JSON.stringify(log.lines)).not.toContain("redefinir-senha");
  expect((await getDb().mailOutbox.findFirstOrThrow()).sentAt).not.toBeNull();
});

test("the templates escape HTML and carry the link in text and HTML", () => {
  const mail = inviteMail("http://l/convite/abc", "<Escritório & Cia>");
  expect(mail.subject).toBe("Convite para o Bloco");
  expect(mail.text).toContain("<Escritório & Cia>");
  expect(mail.html).toContain("&lt;Escritório &amp; Cia&gt;");
  expect(mail.html).toContain('href="http://l/convite/abc"');
});

test("GET /api/dev/outbox lists the newest first (test env, no login)", async () => {
  await queue("a@y.demo");
  await queue("b@y.demo");
  const res = await call<{ to: string; subject: string; text: string; sentAt: string | null }[]>(outboxGet);
  expect(res.status).toBe(200);
  expect(res.json.data!.map((m) => m.to)).toEqual(["b@y.demo", "a@y.demo"]);
  expect(res.json.data![0]).toMatchObject({
    subject: "Redefinição de senha",
    sentAt: null,
    createdAt: expect.any(String),
  });
});

test("in production with DEV_OUTBOX=true the outbox answers callers on this machine only (its mails hold every office's links)", async () => {
  await queue("local@y.demo");
  // The tests' cheap password hashing is refused in production: the production default instead.
  const productionEnv = { ...process.env, NODE_ENV: "production", PASSWORD_HASH_LOG_N: undefined };
  const production = parseConfig({ ...productionEnv, DEV_OUTBOX: "true" });
  const request = (headers: Record<string, string>) => new Request("http://localhost/api/dev/outbox", { headers });
  const remote = request({ [PEER_ADDRESS_HEADER]: "203.0.113.9" });
  const proxied = request({ [PEER_ADDRESS_HEADER]: "127.0.0.1", [PEER_FORWARDED_HEADER]: "1" });
  const forged = request({ [PEER_ADDRESS_HEADER]: "203.0.113.9", "x-forwarded-for": "127.0.0.1" });
  for (const req of [remote, proxied, forged, request({})]) {
    expect(isLoopbackCaller(req)).toBe(false);
    await expect(listOutbox({ local: isLoopbackCaller(req) }, production)).rejects.toMatchObject({ status: 404 });
  }
  for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
    expect(isLoopbackCaller(request({ [PEER_ADDRESS_HEADER]: peer }))).toBe(true);
  const local = await listOutbox({ local: isLoopbackCaller(request({ [PEER_ADDRESS_HEADER]: "::1" })) }, production);
  expect(local.map((m) => m.to)).toContain("local@y.demo");
  // and without DEV_OUTBOX, nobody
  const off = parseConfig({ ...productionEnv, DEV_OUTBOX: "false" });
  await expect(listOutbox({ local: true }, off)).rejects.toMatchObject({ status: 404 });
});
