// The prepared reads (the actor load of every call, and the reads that run beside it) share a few
// pipelined connections of their own (server/db/pipelined-reads.ts), DATABASE_READ_POOL_SIZE per
// process, apart from Prisma's pool and the hot writes'. Few connections kept busy cost PostgreSQL less
// per statement than many that sleep between statements, and the reads of one turn of the event loop
// leave in one write (docs/scaling.md; decision 0137). Set before
// any server module reads the configuration.
process.env.DATABASE_READ_POOL_SIZE = "2";

import { Socket } from "node:net";
import { Client as PgClient } from "pg";
import { GET as clientsGet } from "@/app/api/clients/route";
import { GET as meGet } from "@/app/api/me/route";
import { PipelinedReads, READ_WAIT_TIMEOUT } from "@/server/db/pipelined-reads";
import { classifyDatabaseError } from "@/server/http/database-errors";
import { call } from "../helpers/http";
import { login } from "./operators-support";
import { connectionsByPool } from "./pools-support";
import { buildClientWorld, type ClientWorld } from "./world";
import { captureLog } from "../helpers/log";

let world: ClientWorld;
let token: string;

beforeAll(async () => {
  world = await buildClientWorld();
  token = await login(world.regularA.user.email);
});

const readsConfig = () => ({ connectionString: process.env.DATABASE_URL, application_name: "bloco-read-test" });

test("twenty reads at once are all answered, on exactly two read connections and none of the writes'", async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 ? clientsGet : meGet, { token })));
  expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
  const cards = answers[1].json.data as { id: number }[];
  expect(cards.map((card) => card.id)).toEqual([world.alpha.id]);

  // The connections stay open after the burst: twenty calls shared two.
  const pools = await connectionsByPool();
  expect(pools["bloco-read"]).toBe(2);
  expect(pools["bloco-write"]).toBeUndefined();
});

test("the reads asked for in one turn leave in one write, and each gets its own rows", async () => {
  const reads = new PipelinedReads(1, readsConfig());
  try {
    await reads.query({ name: "pipe_warm", text: "SELECT 1 AS n", values: [] }); // connected, statement known
    const writev = jest.spyOn(Socket.prototype, "_writev" as never);
    const write = jest.spyOn(Socket.prototype, "_write" as never);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        reads.query<{ n: number }>({ name: "pipe_echo", text: "SELECT $1::int AS n", values: [i] }),
      ),
    );
    expect(answers.map((rows) => rows[0].n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // One socket write carried the ten statements' messages (pg writes each query's own messages
    // corked, so unpipelined each query is a write of its own). Only the writes to PostgreSQL count:
    // the worker's own stdout and stderr are sockets too, and a line logged meanwhile is no statement.
    const postgresPort = Number(new URL(process.env.DATABASE_URL!).port);
    const toPostgres = (spy: jest.SpyInstance) =>
      spy.mock.contexts.filter((socket) => (socket as Socket).remotePort === postgresPort).length;
    expect(toPostgres(writev) + toPostgres(write)).toBe(1);
    writev.mockRestore();
    write.mockRestore();
    expect(reads.open).toBe(1);
  } finally {
    await reads.end();
  }
});

test("a read that fails fails alone: the reads beside it on the same connection are answered, and the connection keeps serving", async () => {
  const reads = new PipelinedReads(1, readsConfig());
  try {
    const good = (n: number) =>
      reads.query<{ n: number }>({ name: "pipe_good", text: "SELECT $1::int AS n", values: [n] });
    const [first, failed, last] = await Promise.allSettled([
      good(1),
      reads.query({ name: "pipe_bad", text: "SELECT 1 / $1::int AS n", values: [0] }),
      good(3),
    ]);
    expect(first).toEqual({ status: "fulfilled", value: [{ n: 1 }] });
    expect(failed.status).toBe("rejected");
    expect((failed as PromiseRejectedResult).reason.code).toBe("22012"); // division_by_zero
    expect(last).toEqual({ status: "fulfilled", value: [{ n: 3 }] });
    expect(await good(4)).toEqual([{ n: 4 }]);
    expect(reads.open).toBe(1);
  } finally {
    await reads.end();
  }
});

test("a read connection cut by the server is replaced: the next read opens a new one and is answered", async () => {
  const reads = new PipelinedReads(1, readsConfig());
  const admin = new PgClient({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const log = captureLog();
  try {
    const [{ pid }] = await reads.query<{ pid: number }>({
      name: "pipe_pid",
      text: "SELECT pg_backend_pid() AS pid",
      values: [],
    });
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    // Waits on the state (the lost connection dropped), never on time.
    while (reads.open > 0) await new Promise((resolve) => setImmediate(resolve));
    const [{ pid: next }] = await reads.query<{ pid: number }>({
      name: "pipe_pid",
      text: "SELECT pg_backend_pid() AS pid",
      values: [],
    });
    expect(next).not.toBe(pid);
    expect(reads.open).toBe(1);
  } finally {
    log.restore();
    await admin.end();
    await reads.end();
  }
});

test("reads asked for after end() fail with a connection error (answered 503), not a crash", async () => {
  const reads = new PipelinedReads(1, readsConfig());
  await reads.query({ name: "pipe_one", text: "SELECT 1 AS n", values: [] });
  await reads.end();
  await expect(reads.query({ name: "pipe_one", text: "SELECT 1 AS n", values: [] })).rejects.toThrow(
    /Connection terminated/,
  );
  expect(reads.open).toBe(0);
});

test("past `depth` reads in flight a read waits for room, and is sent when a slot frees", async () => {
  const reads = new PipelinedReads(1, readsConfig(), { depth: 1, waitMs: 30_000 });
  try {
    const first = reads.query<{ n: number }>({
      name: "pipe_slow",
      text: "SELECT $1::int AS n FROM pg_sleep(0.2)",
      values: [1],
    });
    const second = reads.query<{ n: number }>({
      name: "pipe_slow",
      text: "SELECT $1::int AS n FROM pg_sleep(0.2)",
      values: [2],
    });
    expect(reads.waitingReads).toBe(1);
    expect(await Promise.all([first, second])).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(reads.waitingReads).toBe(0);
    expect(reads.open).toBe(1);
  } finally {
    await reads.end();
  }
});

test("a read that finds no room in time fails as the database being unavailable (503), and the read in flight is answered", async () => {
  const reads = new PipelinedReads(1, readsConfig(), { depth: 1, waitMs: 50 });
  try {
    const slow = reads.query<{ n: number }>({
      name: "pipe_slower",
      text: "SELECT 1 AS n FROM pg_sleep(1)",
      values: [],
    });
    const refused = await reads
      .query({ name: "pipe_one", text: "SELECT 1 AS n", values: [] })
      .catch((error: unknown) => error);
    expect(refused).toEqual(new Error(READ_WAIT_TIMEOUT));
    expect(classifyDatabaseError(refused)).toBe("unavailable");
    expect(reads.waitingReads).toBe(0);
    expect(await slow).toEqual([{ n: 1 }]);
  } finally {
    await reads.end();
  }
});

test("a read still waiting for room when the connections close fails with a connection error (503), it does not hang", async () => {
  const reads = new PipelinedReads(1, readsConfig(), { depth: 1, waitMs: 30_000 });
  await reads.query({ name: "pipe_one", text: "SELECT 1 AS n", values: [] }); // connected
  const slow = reads
    .query({ name: "pipe_slowest", text: "SELECT 1 AS n FROM pg_sleep(0.2)", values: [] })
    .catch((error: unknown) => error);
  const waiting = reads.query({ name: "pipe_one", text: "SELECT 1 AS n", values: [] }).catch((error: unknown) => error);
  expect(reads.waitingReads).toBe(1);
  await reads.end();
  const refused = await waiting;
  expect(String(refused)).toMatch(/Connection terminated/);
  expect(classifyDatabaseError(refused)).toBe("unavailable");
  await slow;
});
