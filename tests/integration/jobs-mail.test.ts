// The mail-send job and the mail sweep: one job per outbox row however often it is
// asked for, a row held by another runner is retried rather than sent twice, and the row's attempts
// (MAX_MAIL_ATTEMPTS) decide when the queue stops retrying.
import { getDb } from "@/server/db/client";
import { QUEUES } from "@/server/queue/queues";
import { claimMail, deliverMail, dispatchPendingMail, mailJobId, MAX_MAIL_ATTEMPTS } from "@/server/mail/deliver";
import { enqueueMail } from "@/server/mail/outbox";
import { passwordResetMail } from "@/server/mail/templates";
import type { OutgoingMail } from "@/server/mail/transport";
import { sql, startRunner, cleanUpRunnersAfterEachTest } from "./jobs-support";
import { captureLog } from "../helpers/log";

const queue = (to: string) =>
  getDb().$transaction((tx) => enqueueMail(tx, to, passwordResetMail(`http://localhost:3000/redefinir-senha/${to}`)));
const sent: OutgoingMail[] = [];
const transport = async (mail: OutgoingMail) => void sent.push(mail);
const failing = async () => Promise.reject(new Error("SMTP fora do ar"));

beforeEach(async () => {
  await getDb().mailOutbox.deleteMany();
  sent.length = 0;
});
cleanUpRunnersAfterEachTest();

test("the sweep and the after-commit call ask for the same job: one mail-send job per unsent row", async () => {
  const ids = [await queue("a@y.demo"), await queue("b@y.demo")];
  const done = await queue("c@y.demo");
  await getDb().mailOutbox.update({ where: { id: done }, data: { sentAt: new Date() } });
  const spent = await queue("d@y.demo");
  await getDb().mailOutbox.update({ where: { id: spent }, data: { attempts: MAX_MAIL_ATTEMPTS } });

  const { boss } = await startRunner();
  expect(await dispatchPendingMail(boss)).toBe(2);
  expect(await dispatchPendingMail(boss)).toBe(2);
  const jobs = await sql<{ id: string; data: { mailId: number } }>(
    "SELECT id, data FROM pgboss.job WHERE name = $1 ORDER BY id",
    [QUEUES.mailSend],
  );
  expect(jobs.map((j) => j.data.mailId).sort()).toEqual(ids.sort());
  const rows = await getDb().mailOutbox.findMany({ where: { id: { in: ids } } });
  expect(jobs.map((j) => j.id).sort()).toEqual(rows.map(mailJobId).sort());
});

test("a row another runner is sending is not sent twice: the job fails (to be retried); once that claim runs out, it sends it", async () => {
  const id = await queue("preso@y.demo");
  expect((await claimMail(id))?.id).toBe(id); // another runner, which then dies mid-send
  await expect(deliverMail(id, transport)).rejects.toThrow("held by another runner");
  expect(sent).toHaveLength(0);
  await getDb().mailOutbox.update({ where: { id }, data: { sendingUntil: new Date(Date.now() - 1) } });
  expect(await deliverMail(id, transport)).toBe("sent");
  expect(sent.map((m) => m.to)).toEqual(["preso@y.demo"]);
  expect(await getDb().mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({
    attempts: 2,
    sendingUntil: null,
  });
  expect(await deliverMail(id, transport)).toBe("done_before");
  expect(sent).toHaveLength(1);
});

test("a failed send is thrown for the queue to retry, until the row's last attempt, which gives up", async () => {
  const id = await queue("falha@y.demo");
  const log = captureLog();
  try {
    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt += 1) {
      await expect(deliverMail(id, failing)).rejects.toThrow(`attempt ${attempt}`);
    }
    expect(await deliverMail(id, failing)).toBe("gave_up");
  } finally {
    log.restore();
  }
  expect(log.lines.filter((line) => line.scope === "mail" && line.level === 50)).toHaveLength(MAX_MAIL_ATTEMPTS);
  expect(await getDb().mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({
    attempts: MAX_MAIL_ATTEMPTS,
    sentAt: null,
    lastError: "SMTP fora do ar",
  });
  expect(await deliverMail(id, transport)).toBe("done_before");
  expect(sent).toHaveLength(0);
});
