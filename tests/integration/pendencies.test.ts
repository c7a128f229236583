// POST /api/pendency/list: a client's pendencies, open and solved, newest first,
// optionally of one São Paulo year; shape, validation, the permission matrix and the query count.
import { GET as pendencyGet, POST as pendencyPost } from "@/app/api/pendency/list/route";
import { pendencyListAnswer, type Pendency } from "@/lib/contract/blocks";
import { getDb, type Client } from "@/server/db/client";
import {
  createBlock,
  createClient,
  createClientOperator,
  createPendency,
  type CreatedBlock,
} from "../helpers/factories";
import { captureStatements } from "../helpers/statements";
import { call } from "../helpers/http";
import { buildClientWorld, worldLogins } from "./world";

let alpha: Client;
let first: CreatedBlock;
let second: CreatedBlock;
const t = {} as Record<
  "ownerA" | "adminA" | "regularA" | "sharedA" | "outsiderA" | "ownerB" | "business" | "businessOther",
  string
>;
const p = {} as Record<"newYear" | "oldOpen" | "solved" | "lastYear" | "undone", { id: number }>;

beforeAll(async () => {
  const world = await buildClientWorld();
  alpha = world.alpha;
  const other = await createClient({ office: world.officeA, responsible: world.regularA });
  first = await createBlock({ client: alpha, state: "uncategorized", documents: 2 });
  second = await createBlock({ client: alpha, state: "categorized" });
  const undone = await createBlock({ client: alpha, state: "uncategorized" });
  await getDb().block.update({ where: { id: undone.id }, data: { undoneAt: new Date() } });
  // 2025-01-01T02:00Z is still 31 December 2024 in São Paulo.
  p.newYear = await createPendency({ block: first, issue: 0, createdAt: new Date("2025-01-01T02:00:00.000Z") });
  p.oldOpen = await createPendency({
    block: first,
    issue: 7,
    observations: "Foto tremida",
    createdAt: new Date("2025-03-01T12:00:00.000Z"),
  });
  p.solved = await createPendency({
    block: second,
    issue: 1,
    createdAt: new Date("2025-06-10T09:30:00.000Z"),
    solvedAt: new Date("2025-06-11T10:00:00.000Z"),
  });
  p.lastYear = await createPendency({ block: second, issue: 2, createdAt: new Date("2024-05-05T12:00:00.000Z") });
  p.undone = await createPendency({ block: undone, issue: 2, createdAt: new Date("2025-02-02T12:00:00.000Z") });
  await createPendency({ block: await createBlock({ client: other, state: "uncategorized" }), issue: 0 });
  const business = await createClientOperator({ client: alpha, type: 0 });
  Object.assign(
    t,
    await worldLogins(world, { business, businessOther: await createClientOperator({ client: other, type: 0 }) }),
  );
});

const pendencies = async (body: object, who: keyof typeof t = "regularA"): Promise<Pendency[]> => {
  const res = await call<Pendency[]>(pendencyPost, { token: t[who], body });
  expect(res.status).toBe(200);
  return pendencyListAnswer.parse(res.json.data);
};

test("every pendency of the client, open and solved, newest first; undone sends left out", async () => {
  const list = await pendencies({ clientId: alpha.id });
  expect(list.map((row) => row.id)).toEqual([p.solved.id, p.oldOpen.id, p.newYear.id, p.lastYear.id]);
  expect(list[0]).toEqual({
    id: p.solved.id,
    blockId: second.id,
    date: "2025-06-10T09:30:00.000Z",
    issue: 1,
    observations: "",
    documentsUrl: [expect.stringMatching(/^\/api\/files\/.+\?exp=\d+&sig=/)],
    solvedDatetime: "2025-06-11T10:00:00.000Z",
  });
  expect(list[1]).toMatchObject({ issue: 7, observations: "Foto tremida", solvedDatetime: null, blockId: first.id });
  expect(list[1].documentsUrl).toHaveLength(2);
});

test("one year by the São Paulo calendar", async () => {
  expect((await pendencies({ clientId: alpha.id, year: 2025 })).map((row) => row.id)).toEqual([
    p.solved.id,
    p.oldOpen.id,
  ]);
  expect((await pendencies({ clientId: alpha.id, year: 2024 })).map((row) => row.id)).toEqual([
    p.newYear.id,
    p.lastYear.id,
  ]);
  expect(await pendencies({ clientId: alpha.id, year: 2020 })).toEqual([]);
});

test.each([
  ["ownerA", 200],
  ["adminA", 404],
  ["regularA", 200],
  ["sharedA", 200],
  ["outsiderA", 404],
  ["ownerB", 404],
  ["business", 403],
  ["businessOther", 404],
] as const)("%s lists alpha's pendencies → %i", async (who, status) => {
  expect((await call(pendencyPost, { token: t[who], body: { clientId: alpha.id } })).status).toBe(status);
});

test.each([
  ["no clientId", {}, "clientId"],
  ["clientId 2^31", { clientId: 2 ** 31 }, "clientId"],
  ["year 1999", { clientId: 1, year: 1999 }, "year"],
  ["year a string with NUL", { clientId: 1, year: "2025\u0000" }, "year"],
])("%s → 400 on %s", async (_label, body, path) => {
  const res = await call(pendencyPost, { token: t.ownerA, body });
  expect(res.status).toBe(400);
  expect(res.json.error?.fields?.map((field) => field.path)).toContain(path);
});

test("GET is the call without payload (spec §7): as POST {}, 400 at clientId; a business user 403", async () => {
  const accounting = await call(pendencyGet, { token: t.ownerA });
  expect(accounting.status).toBe(400);
  expect(accounting.json.error?.fields?.map((field) => field.path)).toContain("clientId");
  const bare = await call(pendencyPost, { token: t.ownerA, method: "POST" });
  expect(bare.json).toEqual(accounting.json);
  expect((await call(pendencyGet, { token: t.business })).status).toBe(403);
  expect((await call(pendencyGet, {})).status).toBe(401);
});

test("anonymous → 401", async () => {
  expect((await call(pendencyPost, { body: { clientId: alpha.id } })).status).toBe(401);
});

// Authentication, the client through the scope, then one statement for the list: the same count for
// 4 and for 200 pendencies.
test("a fixed number of SQL statements whatever the number of pendencies", async () => {
  const counted = async () => (await captureStatements(() => pendencies({ clientId: alpha.id }))).statements.length;
  const few = await counted();
  await getDb().$executeRaw`
    INSERT INTO pendencies (client_id, block_id, issue, observations, created_at, queued_at)
    SELECT ${alpha.id}, ${first.id}, 0, '', now() - (g || ' minutes')::interval, now() FROM generate_series(1, 196) g`;
  expect((await pendencies({ clientId: alpha.id })).length).toBe(200);
  expect(await counted()).toBe(few);
  expect(few).toBeLessThanOrEqual(3);
});
