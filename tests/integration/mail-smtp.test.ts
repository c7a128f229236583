// Mail delivery end to end: a real SMTP server (the npm package smtp-server) on a random
// port, SMTP_URL pointing at it, the jobs running as in the app. 'Esqueceu a senha?' commits the reset
// link and its outbox row; the mail-send job delivers it through nodemailer; the server receives the
// subject, the recipient and the link. A server that refuses the first try gets the message on the
// queue's retry, once.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { POST as forgotPost } from "@/app/api/password/forgot/route";
import { getDb } from "@/server/db/client";
import { QUEUES } from "@/server/queue/queues";
import { createUser } from "../helpers/factories";
import { call } from "../helpers/http";
import { startRunner, cleanUpRunnersAfterEachTest, waitFor } from "./jobs-support";
import { captureLog } from "../helpers/log";

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
const tries: string[] = [];
let refuse = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["AUTH", "STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    tries.push(address.address);
    if (refuse > 0) {
      refuse -= 1;
      return callback(Object.assign(new Error("Caixa temporariamente indisponível"), { responseCode: 451 }));
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const envelope = session.envelope;
      received.push({
        from: envelope.mailFrom ? envelope.mailFrom.address : "",
        to: envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  // Read by the configuration on its first use, which comes after this.
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
});

// The jobs of this "app process": started per test, stopped before the file's database is dropped.
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

/** The text of a MIME message: encoded words of the headers read, quoted-printable soft breaks and escapes decoded. */
function decode(raw: string): string {
  const escapes = (text: string) =>
    text.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
  const headers = raw.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : escapes(text.replace(/_/g, " ")),
  );
  return escapes(headers.replace(/=\r?\n/g, ""));
}

async function requestReset(): Promise<{ email: string; mailId: number; link: string }> {
  const user = await createUser();
  expect((await call(forgotPost, { body: { email: user.email } })).status).toBe(200);
  const row = await getDb().mailOutbox.findFirstOrThrow({ where: { to: user.email } });
  const link = /http:\/\/\S+\/redefinir-senha\/[A-Za-z0-9_-]{43}/.exec(row.text)![0];
  return { email: user.email, mailId: row.id, link };
}

const sentRow = (id: number) =>
  waitFor(async () => {
    const row = await getDb().mailOutbox.findUniqueOrThrow({ where: { id } });
    return row.sentAt && row;
  }, `mail #${id} to be sent`);

test("a password-reset e-mail reaches the SMTP server with its subject, recipient and link", async () => {
  const { email, mailId, link } = await requestReset();
  const row = await sentRow(mailId);
  expect(row).toMatchObject({ attempts: 1, lastError: null });

  const messages = received.filter((m) => m.to.includes(email));
  expect(messages).toHaveLength(1);
  const [message] = messages;
  expect(message!.from).toBe("nao-responda@bloco.local");
  const text = decode(message!.raw);
  expect(text).toMatch(/^Subject: Redefinição de senha$/m);
  expect(text).toMatch(new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "m"));
  expect(text).toContain(link); // in the plain text and in the HTML button
  expect(text).toContain(`href="${link}"`);
});

test("a server that refuses the first try gets the message on the retry, once", async () => {
  refuse = 1;
  const log = captureLog();
  const { email, mailId, link } = await requestReset();
  const row = await sentRow(mailId).finally(() => log.restore());
  expect(row).toMatchObject({ attempts: 2, lastError: null });
  const failures = log.lines.filter((line) => line.scope === "mail" && line.level === 50);
  expect(failures).toEqual([
    expect.objectContaining({ msg: `delivery of #${mailId} failed (attempt 1)`, reason: expect.stringMatching(/451/) }),
  ]);
  expect(tries.filter((address) => address === email)).toHaveLength(2);
  const messages = received.filter((m) => m.to.includes(email));
  expect(messages).toHaveLength(1);
  expect(decode(messages[0]!.raw)).toContain(link);
});
