// 'Baixar meus dados' for a person with many documents: a company user who sent `documents` blocks of one
// (blob-less) document each, with as many audit events of theirs, asks for the ZIP (POST /api/user/data);
// the personal-data-export job, in the start script's process (the job runner), builds it and writes the
// mail. Timed from the request to the row's ready_at (the queue's pick-up included), the job process's
// peak extra RSS sampled every 10 ms (and the kernel's VmHWM); then the one-time download, timed.
import { insertSentHistory } from "@/server/seed/sent-history";
import { memory, resetPeak } from "./server";
import { login, type Server } from "./world";

export type PersonalDataRow = {
  documents: number;
  status: number;
  seconds: number;
  zipBytes: number;
  peakExtraMb: number;
  downloadSeconds: number;
  downloadStatus: number;
};

export async function measurePersonalData(options: {
  server: Server;
  port: number;
  jobsPid: number;
  documents: number;
  log: (message: string) => void;
}): Promise<PersonalDataRow> {
  const { server, documents } = options;
  const db = server.getDb();
  const client = await server.createClient({ name: "Empresa Bench Dados Pessoais" });
  const person = await server.createClientOperator({ client, type: 0 });
  await insertSentHistory(db, { clientId: client.id, operatorId: person.id, userId: person.userId, count: documents });
  const token = await login(options.port, person.user.email);

  const baseline = memory(options.jobsPid).rss;
  resetPeak(options.jobsPid);
  let sampled = baseline;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, memory(options.jobsPid).rss);
  }, 10);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${options.port}/api/user/data`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  let ready: { size: number | null } | null = null;
  while (res.ok && !ready && performance.now() - started < 300_000) {
    ready = await db.personalDataExport.findFirst({
      where: { userId: person.userId, readyAt: { not: null } },
      select: { size: true },
    });
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peak = Math.max(sampled, memory(options.jobsPid).hwm);

  const mail = await db.mailOutbox.findFirst({
    where: { to: person.user.email, kind: "personal_data" },
    select: { text: true },
  });
  const link = /\/meus-dados\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
  const downloadStarted = performance.now();
  const download = await fetch(`http://127.0.0.1:${options.port}/api/user/data/download`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: link }),
  });
  await download.arrayBuffer();
  const row: PersonalDataRow = {
    documents,
    status: ready ? res.status : 0,
    seconds,
    zipBytes: ready?.size ?? 0,
    peakExtraMb: Math.round((peak - baseline) / 1_048_576),
    downloadSeconds: (performance.now() - downloadStarted) / 1000,
    downloadStatus: download.status,
  };
  options.log(
    `personal data: ${documents} documents: ${row.seconds.toFixed(2)} s, ${row.zipBytes} bytes, +${row.peakExtraMb} MB`,
  );
  return row;
}
