// An SMTP server that accepts the connection and then says nothing (found by the review of the jobs):
// nodemailer waited 30 s for the greeting and minutes for an answer, longer than the 60 s a
// send may hold its outbox row, so the row's transaction rolled back with its counted attempt and the
// queue sent again and again. With SMTP_TIMEOUT_MS the attempt fails in time: counted, its error kept.
process.env.SMTP_TIMEOUT_MS = "300";

import { createServer, type AddressInfo, type Socket } from "node:net";
import { getDb } from "@/server/db/client";
import { deliverPendingMail } from "@/server/mail/deliver";
import { enqueueMail } from "@/server/mail/outbox";
import { passwordResetMail } from "@/server/mail/templates";
import { captureLog } from "../helpers/log";

const held: Socket[] = [];
const silent = createServer((socket) => held.push(socket));

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  delete process.env.SMTP_URL;
});

test("a server that never greets: the attempt fails within SMTP_TIMEOUT_MS, counted, with its error", async () => {
  const to = "parado@exemplo.com";
  await getDb().$transaction((tx) => enqueueMail(tx, to, passwordResetMail("http://localhost:3000/redefinir-senha/x")));
  const log = captureLog();
  expect(await deliverPendingMail()).toBe(0);
  log.restore();
  expect(held.length).toBeGreaterThan(0); // it did connect, and was left waiting
  const row = await getDb().mailOutbox.findFirstOrThrow({ where: { to } });
  expect(row).toMatchObject({ sentAt: null, attempts: 1 });
  expect(row.lastError).toMatch(/greeting|timeout/i);
});
