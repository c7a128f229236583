// Faults, against the app started by scripts/start.ts, in this order (one app, started
// again where a test kills or stops it, on the same data folder):
// 1. PostgreSQL killed while clients send blocks and operators save categorizations (the outage
//    test, now with writes): only 200 / 409 / 429 / 503 (503 with the pt-BR message and Retry-After),
//    the outage logged once, PostgreSQL restarted by the start script, the app serving again without a
//    restart of its own, and nothing
//    is half-written (every send is a whole block with all its documents and its audit row, or nothing;
//    every categorised block has its audit row); the sends that failed go through when sent again.
// 2. The Next.js server killed (SIGKILL) while a 13-photo block is being uploaded, the app started
//    again, the client sending the same block again: exactly one block with its 13 documents, no row of
//    the killed upload, and the pictures it had written are deleted by the orphan sweep.
// 3. SIGTERM to the start script while an upload is in flight: new connections are refused at once,
//    the upload still answers 200, and the script exits 0.
// 4. A mail-send job whose worker process is killed mid-send (the SMTP server holding the message) is
//    retried by the next process and the mail is delivered exactly once; then PostgreSQL killed while
//    a job is in flight: the worker keeps running and sends the mail once PostgreSQL is back.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { Client } from "pg";
import { SMTPServer } from "smtp-server";
import { currentYearMonth } from "@/lib/format/dates";
import { disconnectDb, getDb } from "@/server/db/client";
import { referencedBlobKeys } from "@/server/storage/blob-references";
import { ORPHAN_GRACE_MS, sweepOrphanBlobs } from "@/server/jobs/orphan-blobs";
import { createLocalBlobStore } from "@/server/storage/local-blob-store";
import {
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createOffice,
} from "../helpers/factories";
import { photoJpeg, receiptJpeg, toDataUrl } from "../helpers/images";
import {
  apiLogin,
  BASE,
  DATA_DIR,
  DATABASE_URL,
  OUTAGE_ENDED,
  OUTAGE_STARTED,
  ROUTE_FAILED,
  startApp,
  startAppWith,
  type RunningApp,
} from "./support/app";
import { apiClient, Recorder } from "./support/client";

const root = resolve(__dirname, "../..");
const current = currentYearMonth();
const today = `${current.year}-${String(current.month).padStart(2, "0")}-01`;
const UNAVAILABLE = {
  error: {
    code: "unavailable",
    message: "O banco de dados está indisponível no momento. Tente novamente em instantes.",
  },
};

type World = {
  clientId: number;
  accountId: number;
  senders: { email: string; id: number }[];
  operators: { email: string; id: number }[];
};

let app: RunningApp;
let world: World;
let smallPhoto: string;
const store = createLocalBlobStore(resolve(DATA_DIR, "blobs"));

beforeAll(async () => {
  ({ app, data: world } = await startAppWith(async (): Promise<World> => {
    const office = await createOffice();
    const responsible = await createAccountingOperator({ office, type: 2 });
    const colleague = await createAccountingOperator({ office, type: 0 }); // the owner sees every client
    const client = await createClient({ office, responsible });
    const account = await createAccount({ office, yearOfExercise: current.year });
    const senders = [];
    for (let i = 0; i < 4; i++) senders.push(await createClientOperator({ client, type: i === 0 ? 0 : 2 }));
    for (let i = 0; i < 30; i++) await createBlock({ client, state: "uncategorized", sentBy: { id: senders[0]!.id } });
    return {
      clientId: client.id,
      accountId: account.id,
      senders: senders.map((s) => ({ email: s.user.email, id: s.id })),
      operators: [responsible, colleague].map((o) => ({ email: o.user.email, id: o.id })),
    };
  }));
  smallPhoto = toDataUrl(await receiptJpeg({ width: 800, height: 600 }));
}, 900_000);

afterAll(async () => {
  await disconnectDb();
  await app?.stop();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 120_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

async function allBlobKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of store.list()) keys.push(blob.key);
  return keys;
}

/** Every document and block of the test's client, and what must hold whatever happened. */
async function assertNothingHalfWritten(): Promise<void> {
  const db = getDb();
  const blocks = await db.block.findMany({
    where: { clientId: world.clientId },
    select: { id: true, categorizedAt: true, _count: { select: { documents: true } } },
  });
  expect(blocks.filter((b) => b._count.documents === 0)).toEqual([]); // no block without its documents
  expect(await db.document.count({ where: { clientId: world.clientId, blockId: null } })).toBe(0); // no document left outside a block
  const created = await db.auditEvent.count({ where: { clientId: world.clientId, action: "block.create" } });
  const sentInTest = await db.block.count({ where: { clientId: world.clientId, sendKey: { not: null } } });
  expect(created).toBe(sentInTest); // each send: block, documents and audit row together
  const saves = await db.auditEvent.count({ where: { clientId: world.clientId, action: "block.save" } });
  expect(saves).toBe(blocks.filter((b) => b.categorizedAt !== null).length);
}

test("PostgreSQL killed under writes: 200/409/429/503 only, serving again by itself, nothing half-written", async () => {
  const recorder = new Recorder();
  const { call, close } = apiClient(recorder, 64);
  // Senders 0 and 1 here; 2 and 3 are the next tests' own (they count the blocks their sender has).
  const senders = await Promise.all(
    world.senders.slice(0, 2).map(async (s) => ({ ...s, token: (await apiLogin(s.email)).access })),
  );
  const operators = await Promise.all(
    world.operators.map(async (o) => ({ ...o, token: (await apiLogin(o.email)).access })),
  );
  type Send = { refs: string[]; status: number; sender: (typeof senders)[number] };
  const sends: Send[] = [];
  const saved: number[] = [];
  let first503: { retryAfter: string | null; body: unknown } | undefined;
  const phase = { killed: false, recovered: false, okAfter: 0 };
  const running = () => !(phase.recovered && phase.okAfter >= 10);
  const note503 = (res: { status: number; retryAfter: string | null; json: unknown }) => {
    if (res.status === 503) first503 ??= { retryAfter: res.retryAfter, body: res.json };
  };

  const sender = async (s: (typeof senders)[number], n: number) => {
    for (let seq = 0; running(); seq++) {
      const refs = Array.from({ length: 1 + (seq % 3) }, (_, p) => `pg-${n}-${seq}-${p}`);
      let res = await call("POST", "/api/block/create", {
        token: s.token,
        body: refs.map((id) => ({ id, base64url: smallPhoto })),
      });
      while (res.status === 429 && running()) {
        await pause(Number(res.retryAfter ?? 2) * 1000);
        res = await call("POST", "/api/block/create", {
          token: s.token,
          body: refs.map((id) => ({ id, base64url: smallPhoto })),
        });
      }
      note503(res);
      sends.push({ refs, status: res.status, sender: s });
      if (res.status === 200 && phase.recovered) phase.okAfter += 1;
      await pause(50);
    }
  };
  const categoriser = async (o: (typeof operators)[number]) => {
    while (running()) {
      const next = await call<{ block: { id: number; version: number } | null }>("POST", "/api/block/tocategorize", {
        token: o.token,
        body: { clientId: world.clientId },
      });
      note503(next);
      const block = next.status === 200 ? next.json?.data?.block : null;
      if (block) {
        const res = await call("POST", "/api/block/save", {
          token: o.token,
          body: {
            block: { id: block.id, date: today, value: "12.34", accountId: world.accountId },
            version: block.version,
          },
        });
        note503(res);
        if (res.status === 200) saved.push(block.id);
      }
      await pause(50);
    }
  };
  const load = Promise.all([...senders.map((s, i) => sender(s, i)), ...operators.map((o) => categoriser(o))]);

  // Kill PostgreSQL once writes are going through; the state to wait on is a first stored send.
  await waitFor(() => sends.some((s) => s.status === 200) && saved.length > 0, "a first send and save");
  // The log from the kill on: a pool's connect timing out on a loaded machine before it is an outage
  // of its own, logged before.
  const killedAt = app.output().length;
  process.kill(app.postgresPid(), "SIGKILL");
  phase.killed = true;
  await waitFor(() => first503, "a 503 while PostgreSQL is down");
  await waitFor(() => app.output().includes("PostgreSQL is back"), "the start script to restart PostgreSQL");
  phase.recovered = true;
  await load;
  close();

  const routes = recorder.summary(1);
  // A 500's cause is in the app's log: its lines are printed with the statuses, so a failure names it.
  const failedLines = app
    .output()
    .split("\n")
    .filter((line) => ROUTE_FAILED.test(line))
    .slice(0, 3);
  console.log(
    `[faults:postgres] ${JSON.stringify({ sends: sends.length, saved: saved.length, statuses: Object.fromEntries(Object.entries(routes).map(([r, v]) => [r, v.statuses])), failedLines })}`,
  );
  const expected: Record<string, number[]> = {
    "/api/block/create": [200, 429, 503],
    "/api/block/tocategorize": [200, 409, 503],
    "/api/block/save": [200, 409, 503],
  };
  for (const [route, { statuses }] of Object.entries(routes))
    for (const status of Object.keys(statuses))
      expect([route, (expected[route] ?? []).includes(Number(status))]).toEqual([route, true]);
  expect(recorder.failures).toEqual([]);
  expect(first503).toEqual({ retryAfter: "5", body: UNAVAILABLE });
  // The outage's end is logged by the first call served OUTAGE_QUIET_MS after the last 503; the load may
  // stop before that moment, so calls go on until the line is there (the state waited on), bounded.
  await waitFor(
    async () => {
      await fetch(`${BASE}/api/me/`, { headers: { authorization: `Bearer ${operators[0].token}` } }).then(
        (r) => r.arrayBuffer(),
        () => null,
      );
      return OUTAGE_ENDED.test(app.output().slice(killedAt));
    },
    "the outage's end in the log",
    30_000,
  );
  const log = app.output().slice(killedAt);
  const started = new RegExp(OUTAGE_STARTED.source); // one line at a time: not the /g one
  const outages = log.split("\n").filter((line) => started.test(line) || OUTAGE_ENDED.test(line));
  console.log(`[faults:postgres] outage lines: ${JSON.stringify(outages)}`);
  expect(log).toMatch(/PostgreSQL stopped unexpectedly/);
  // The outage is logged once: one start after the kill, unless one begun just before it was still open.
  expect(log.match(OUTAGE_STARTED)?.length ?? 0).toBeLessThanOrEqual(1);
  expect(app.output().match(OUTAGE_STARTED)?.length ?? 0).toBeGreaterThanOrEqual(1);
  expect(log).toMatch(OUTAGE_ENDED);
  expect(log).not.toMatch(ROUTE_FAILED);

  // Every send is whole or absent: its documents all in one block of exactly them, or none at all.
  const db = getDb();
  for (const send of sends) {
    const docs = await db.document.findMany({
      where: { clientId: world.clientId, clientRef: { in: send.refs } },
      select: { blockId: true },
    });
    if (send.status === 200) expect(docs).toHaveLength(send.refs.length);
    expect([0, send.refs.length]).toContain(docs.length);
    const blockIds = new Set(docs.map((d) => d.blockId));
    expect(blockIds.size).toBeLessThanOrEqual(1);
    if (docs.length) expect(await db.document.count({ where: { blockId: docs[0]!.blockId } })).toBe(send.refs.length);
  }
  for (const id of saved)
    expect(await db.block.findUniqueOrThrow({ where: { id }, select: { accountId: true } })).toEqual({
      accountId: world.accountId,
    });
  await assertNothingHalfWritten();

  // The sends that failed during the outage go through when sent again, once.
  const failed = sends.filter((s) => s.status === 503);
  expect(failed.length).toBeGreaterThan(0);
  for (const send of failed) {
    const res = await call("POST", "/api/block/create", {
      token: send.sender.token,
      body: send.refs.map((id) => ({ id, base64url: smallPhoto })),
    });
    expect(res.status).toBe(200);
    expect(await db.document.count({ where: { clientId: world.clientId, clientRef: { in: send.refs } } })).toBe(
      send.refs.length,
    );
  }
  await assertNothingHalfWritten();
}, 300_000);

/** A 13-photo block of real 12 MP JPEGs as the phone sends it (the same picture under 13 ids). */
async function bigBlock(tag: string): Promise<string> {
  const photo = toDataUrl(await photoJpeg(4000, 3000));
  return JSON.stringify(Array.from({ length: 13 }, (_, i) => ({ id: `${tag}-${i}`, base64url: photo })));
}

/** POST /api/block/create on a connection of its own; resolves with the status (0: the connection died). */
function send(
  body: string,
  token: string,
): Promise<{ status: number; json: { data?: { id: number; documentsUrl: string[] } } | null }> {
  return new Promise((done) => {
    const req = http.request(
      `${BASE}/api/block/create`,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          done({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") }),
        );
        res.on("error", () => done({ status: 0, json: null }));
      },
    );
    req.on("error", () => done({ status: 0, json: null }));
    req.end(body);
  });
}

test("the server killed mid-upload, started again, the client retrying: one block, no orphan rows, orphan blobs swept", async () => {
  const me = world.senders[3]!;
  const token = (await apiLogin(me.email)).access;
  const body = await bigBlock("kill");
  const refs = Array.from({ length: 13 }, (_, i) => `kill-${i}`);
  const before = new Set(await allBlobKeys());

  const first = send(body, token);
  // Kill once the upload is being stored: its first pictures are on disk, its transaction not yet run.
  await waitFor(
    async () => (await allBlobKeys()).some((key) => !before.has(key)),
    "the first pictures of the upload",
    120_000,
  );
  process.kill(app.serverPid(), "SIGKILL");
  expect((await first).status).toBe(0);
  // The start script stops the jobs and PostgreSQL and exits with a failure (a supervisor restarts it).
  expect(await app.exited).toBe(1);
  expect(app.output()).toMatch(/Next\.js exited unexpectedly \(SIGKILL\); stopping/);
  await disconnectDb(); // its connections died with the database

  app = await startApp({}, { keepData: true });
  const db = getDb();
  expect(await db.document.count({ where: { clientId: world.clientId, clientRef: { in: refs } } })).toBe(0);
  const orphans = (await allBlobKeys()).filter((key) => !before.has(key));
  expect(orphans.length).toBeGreaterThan(0);
  expect((await referencedBlobKeys(db, orphans)).size).toBe(0);

  // The client sends the same block again (its session survived the restart).
  const retry = await send(body, token);
  expect(retry.status).toBe(200);
  const blocks = await db.block.findMany({
    where: { clientId: world.clientId, sentById: me.id },
    include: { documents: true },
  });
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!.documents.map((d) => d.clientRef).sort()).toEqual([...refs].sort());
  expect(retry.json?.data?.id).toBe(blocks[0]!.id);
  expect(await db.auditEvent.count({ where: { action: "block.create", targetId: String(blocks[0]!.id) } })).toBe(1);
  await assertNothingHalfWritten();

  // The orphan sweep (the job's function on the app's store and database), run past the grace period.
  const swept = await sweepOrphanBlobs({ now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000), store, db });
  console.log(`[faults:kill-upload] ${JSON.stringify({ orphans: orphans.length, swept })}`);
  // This upload's orphans, and any an earlier test left: a send refused while PostgreSQL was down keeps
  // its pictures for this sweep, since the database could not say whether a row names them.
  expect(swept.deleted).toBeGreaterThanOrEqual(orphans.length);
  const left = await allBlobKeys();
  for (const key of orphans) expect(left).not.toContain(key);
  expect((await referencedBlobKeys(db, left)).size).toBe(left.length); // every blob left is named by a row
  for (const doc of blocks[0]!.documents) expect(left).toEqual(expect.arrayContaining([doc.displayKey, doc.thumbKey]));
  // Nor is any write the kill cut off before its rename left behind (its '~tmp' file).
  const files = readdirSync(resolve(DATA_DIR, "blobs"), { recursive: true, encoding: "utf8" });
  expect(files.filter((file) => file.endsWith("~tmp"))).toEqual([]);
}, 600_000);

test("SIGTERM drains: new connections refused at once, the upload in flight answers 200, exit 0", async () => {
  const me = world.senders[2]!;
  const token = (await apiLogin(me.email)).access;
  const body = await bigBlock("drain");
  const before = new Set(await allBlobKeys());

  let settled = false;
  const upload = send(body, token).finally(() => (settled = true));
  await waitFor(async () => (await allBlobKeys()).some((key) => !before.has(key)), "the upload to be stored", 120_000);
  process.kill(app.pid, "SIGTERM");
  const refused = await waitFor(
    () =>
      new Promise<boolean>((done) => {
        const req = http.get(`${BASE}/api/health`, { agent: false }, (res) => (res.resume(), done(false)));
        req.on("error", (error: NodeJS.ErrnoException) => done(error.code === "ECONNREFUSED"));
      }),
    "new connections to be refused",
  );
  const inFlightWhenRefused = !settled;
  const answer = await upload;
  const code = await app.exited;
  console.log(`[faults:drain] ${JSON.stringify({ refused, inFlightWhenRefused, status: answer.status, exit: code })}`);
  expect(inFlightWhenRefused).toBe(true);
  expect(answer.status).toBe(200);
  expect(answer.json?.data?.documentsUrl).toHaveLength(13);
  expect(code).toBe(0);
  expect(app.output()).toMatch(/Background jobs stopped/);
  await disconnectDb();

  app = await startApp({}, { keepData: true });
  const blocks = await getDb().block.findMany({
    where: { clientId: world.clientId, sentById: me.id },
    include: { _count: { select: { documents: true } } },
  });
  expect(blocks.map((b) => [b.id, b._count.documents])).toEqual([[answer.json!.data!.id, 13]]);
  await assertNothingHalfWritten();
}, 600_000);

test("a mail job whose worker is killed mid-send is retried by the next process and delivered once", async () => {
  // The workers run on a database of their own in the app's PostgreSQL (the app's own workers would
  // race them for the job), with the schema applied as the start script does.
  const jobsUrl = DATABASE_URL.replace(/\/bloco$/, "/bloco_jobs");
  const admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS bloco_jobs WITH (FORCE)");
  await admin.query("CREATE DATABASE bloco_jobs");
  await admin.end();
  const migrated = spawnSync(process.execPath, [resolve(root, "scripts/lib/schema-engine.mjs"), "apply"], {
    env: { ...process.env, DATABASE_URL: jobsUrl },
    encoding: "utf8",
  });
  expect(migrated.status).toBe(0);

  // An SMTP server that holds one message (the `holdAt`-th: its DATA answered only by releaseHeld, or
  // never) and accepts the others.
  const accepted: string[] = [];
  let dataSeen = 0;
  let holdAt = 1;
  let releaseHeld: (() => void) | null = null;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      dataSeen += 1;
      const hold = dataSeen === holdAt;
      stream.resume();
      stream.on("end", () => {
        const accept = () => {
          accepted.push(session.envelope.rcptTo.map((r) => r.address).join(","));
          callback();
        };
        if (hold)
          releaseHeld = accept; // the first: the worker is killed while it waits for this answer
        else accept();
      });
    },
  });
  // The killed worker's connection is reset (ECONNRESET): smtp-server reports that as an 'error' event,
  // which with no listener would throw out of the test file. Expected here; the assertions say the rest.
  const connectionErrors: string[] = [];
  smtp.on("error", (error: NodeJS.ErrnoException) => connectionErrors.push(error.code ?? error.message));
  await new Promise<void>((done) => smtp.listen(0, "127.0.0.1", done));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  const workers: ChildProcess[] = [];
  const startWorker = (env: Record<string, string>) => {
    let output = "";
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/resilience/support/mail-worker.ts"],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: "production", DATABASE_URL: jobsUrl, SMTP_URL: smtpUrl, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout!.on("data", (c) => (output += c));
    child.stderr!.on("data", (c) => (output += c));
    workers.push(child);
    return { child, output: () => output, exited: new Promise<void>((done) => child.once("exit", () => done())) };
  };
  const jobs = new Client({ connectionString: jobsUrl });
  await jobs.connect();
  try {
    const first = startWorker({ ENQUEUE_TO: "uma-vez@teste.bloco" });
    await waitFor(
      () => dataSeen === 1 || first.child.exitCode !== null,
      "the first worker to reach the SMTP DATA",
      60_000,
    );
    expect(first.output()).toMatch(/queued mail #\d+/);
    first.child.kill("SIGKILL");
    await first.exited;
    const [held] = (await jobs.query("SELECT state, retry_count FROM pgboss.job WHERE name = 'mail-send'")).rows;
    expect(held).toEqual({ state: "active", retry_count: 0 });
    // the killed try is counted (committed before the send), and its claim runs out by itself
    const [killed] = (
      await jobs.query("SELECT sent_at, attempts, sending_until IS NOT NULL AS claimed FROM mail_outbox")
    ).rows;
    expect(killed).toEqual({ sent_at: null, attempts: 1, claimed: true });

    const second = startWorker({});
    const done = await waitFor(
      async () => {
        const [job] = (await jobs.query("SELECT state, retry_count FROM pgboss.job WHERE name = 'mail-send'")).rows;
        return job?.state === "completed" && job;
      },
      "the retried job to complete",
      60_000,
    );
    console.log(`[faults:job] ${JSON.stringify({ job: done, dataSeen, accepted, connectionErrors })}`);
    // Retried at least once (tries before the killed one's claim ran out find the mail held, and are
    // retried again), delivered once, as the second attempt.
    expect(done.retry_count).toBeGreaterThanOrEqual(1);
    expect(accepted).toEqual(["uma-vez@teste.bloco"]);
    const [row] = (await jobs.query("SELECT sent_at, attempts, sending_until FROM mail_outbox")).rows;
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(2);
    expect(row.sending_until).toBeNull();
    second.child.kill("SIGTERM");
    await second.exited;

    // PostgreSQL killed while a job is in flight. pg-boss ends a job without waiting for that write, so
    // its failure was an unhandled rejection, and Node ended the process: the start script's, with the
    // jobs and PostgreSQL's supervisor in it. The worker (as the start script) now logs it and goes on,
    // and the mail goes out once PostgreSQL is back (twice, maybe: the server had accepted it). Whether
    // a write meets the outage at all depends on how soon PostgreSQL is back, so the test waits for what
    // must hold either way: PostgreSQL back, the mail recorded as sent, the worker still running.
    holdAt = dataSeen + 1;
    releaseHeld = null;
    const third = startWorker({ ENQUEUE_TO: "durante-a-queda@teste.bloco" });
    await waitFor(
      () => releaseHeld !== null || third.child.exitCode !== null,
      "the third worker to reach the SMTP DATA",
      60_000,
    );
    const restarts = () => app.output().split("PostgreSQL is back").length;
    const restartsBefore = restarts();
    await jobs.end().catch(() => undefined);
    process.kill(app.postgresPid(), "SIGKILL");
    releaseHeld!(); // accepted; the worker's write of sent_at meets no database
    await waitFor(
      () => restarts() > restartsBefore || third.child.exitCode !== null,
      "the start script to restart PostgreSQL",
    );
    expect(third.child.exitCode).toBeNull();
    const after = new Client({ connectionString: jobsUrl });
    await after.connect();
    try {
      await waitFor(
        async () => {
          const [mail] = (
            await after.query(`SELECT sent_at FROM mail_outbox WHERE "to" = 'durante-a-queda@teste.bloco'`)
          ).rows;
          return mail?.sent_at ?? null;
        },
        "the mail sent once PostgreSQL is back",
        120_000,
      );
    } finally {
      await after.end();
    }
    expect(third.child.exitCode).toBeNull();
    expect(accepted.filter((to) => to === "durante-a-queda@teste.bloco").length).toBeGreaterThanOrEqual(1);
    third.child.kill("SIGTERM");
    await third.exited;
  } finally {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
    await jobs.end().catch(() => undefined);
    await new Promise<void>((done) => smtp.close(() => done()));
  }
}, 300_000);
