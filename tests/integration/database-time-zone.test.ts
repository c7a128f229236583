// A database whose time zone is not UTC (found by the review of dates): an embedded cluster
// initialised on a machine in São Paulo writes timezone='America/Sao_Paulo' into its configuration.
// Prisma's adapter sends a Date as UTC text without an offset (and reads timestamptz likewise), which
// PostgreSQL takes in the session's zone; pg (the prepared reads and writes) sends and reads offsets.
// An instant written by one and read by the other moved by three hours, until every connection was
// opened with TimeZone=UTC.
import { Client } from "pg";
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { GET as clientsGet } from "@/app/api/clients/route";
import { currentYearMonth } from "@/lib/format/dates";
import { getDb } from "@/server/db/client";
import { createAccount, createBlock } from "../helpers/factories";
import { call } from "../helpers/http";
import { buildClientWorld, worldLogins, type ClientWorld } from "./world";

let world: ClientWorld;
let token: string;

beforeAll(async () => {
  // Before any connection of the app is opened: every new session of this database starts in São Paulo.
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query<{ name: string }>("SELECT current_database() AS name");
  await admin.query(`ALTER DATABASE "${rows[0]!.name}" SET timezone TO 'America/Sao_Paulo'`);
  await admin.end();
  world = await buildClientWorld();
  token = (await worldLogins(world, {})).regularA;
});

test("the app's sessions are in UTC whatever the database's zone", async () => {
  const rows = await getDb().$queryRaw<{ zone: string }[]>`SELECT current_setting('TimeZone') AS zone`;
  expect(rows[0]!.zone).toBe("UTC");
});

test("an instant written through Prisma reads the same through the prepared reads (a card's modifiedDatetime)", async () => {
  const at = new Date("2026-03-31T23:30:00.000Z"); // 20:30 in São Paulo
  await getDb().client.update({ where: { id: world.alpha.id }, data: { modifiedAt: at } });
  const res = await call<{ id: number; modifiedDatetime: string }[]>(clientsGet, { token });
  expect(res.json.data!.find((card) => card.id === world.alpha.id)?.modifiedDatetime).toBe(at.toISOString());
});

test("an instant written by a one-statement write (pg) reads the same through Prisma (a posting's contabilizedAt)", async () => {
  const account = await createAccount({ office: world.officeA, yearOfExercise: currentYearMonth().year });
  const block = await createBlock({
    client: world.alpha,
    operator: world.regularA,
    state: "categorized",
    account,
    paymentDate: new Date(),
  });
  const before = Date.now();
  const res = await call<{ block: { contabilizedDatetime: string } }>(contabilizePost, {
    token,
    body: { blockId: block.id, link: null },
  });
  const after = Date.now();
  expect(res.status).toBe(200);
  const stored = (await getDb().block.findUniqueOrThrow({ where: { id: block.id } })).contabilizedAt!.getTime();
  expect(stored).toBeGreaterThanOrEqual(before - 1);
  expect(stored).toBeLessThanOrEqual(after + 1);
  expect(new Date(res.json.data!.block.contabilizedDatetime).getTime()).toBe(stored);
});
