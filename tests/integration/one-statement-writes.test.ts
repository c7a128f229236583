// The operators' hot writes: a save (POST /api/block/save) and a posting or its undo (POST
// /api/block/contabilize) that pass every check are ONE SQL statement (saveAtOnce, contabilizeAtOnce);
// the others take the checked path, which finds the answer. Both paths must write exactly the same
// rows, audit events and answers: each is run here on one of two twin blocks and the results compared.
import { randomUUID } from "node:crypto";
import { Client as PgClient } from "pg";
import type { Block, BlockSaveBody } from "@/lib/contract/blocks";
import type { ActorRead } from "@/server/auth/authenticate";
import { loadActor, splitActorRows } from "@/server/auth/load-actor";
import { saveBlock, saveChecked, saveWrite } from "@/server/blocks/save-block";
import { checkSaveFields } from "@/server/blocks/save-rules";
import {
  contabilizeAtOnce,
  contabilizeBlock,
  contabilizeChecked,
  contabilizeWrite,
} from "@/server/contabilization/contabilize-block";
import { loadContabilizationMonth } from "@/server/contabilization/month-view";
import { loadBlockRows } from "@/server/blocks/rows";
import type { ContabilizationMonth } from "@/lib/contract/contabilization";
import { currentYearMonth } from "@/lib/format/dates";
import { LAST_CONTABILIZED } from "@/lib/constants";
import { getDb, preparedQuery, type Account, type AccountingOffice, type Client } from "@/server/db/client";
import type { Actor } from "@/server/policy/actor";
import {
  createAccount,
  createBlock,
  createClientOperator,
  createPendency,
  type CreatedBlock,
  type OperatorWithUser,
} from "../helpers/factories";
import { waitFor } from "./jobs-support";
import { buildClientWorld } from "./world";

const current = currentYearMonth();
const mm = String(current.month).padStart(2, "0");
const day = (d: number) => new Date(Date.UTC(current.year, current.month - 1, d));

let alpha: Client;
let regularA: OperatorWithUser;
let account: Account;
let officeA: AccountingOffice;
const actors = {} as Record<"regularA" | "sharedA" | "outsiderA" | "ownerB" | "business", Actor>;

beforeAll(async () => {
  const world = await buildClientWorld();
  ({ alpha, regularA, officeA } = world);
  account = await createAccount({ office: world.officeA, code: "2.1.01.001", yearOfExercise: current.year });
  const business = await createClientOperator({ client: alpha, type: 0 });
  const people = { regularA, sharedA: world.sharedA, outsiderA: world.outsiderA, ownerB: world.ownerB, business };
  for (const [who, person] of Object.entries(people))
    actors[who as keyof typeof actors] = (await loadActor(person.userId))!.actor;
});

/**
 * The route's one-statement save (saveWrite, beside the actor load) as `actor`'s user would send it with
 * a token of login session `familyId` issued at `issuedAt`; null when it wrote nothing.
 */
async function saveAtOnce(actor: Actor, body: BlockSaveBody, token: Token = {}): Promise<Block | null> {
  const rows = await besideActor(saveWrite(body)!, actor.userId, token);
  return rows.length ? saveBlock({ actor, body, rows }) : null;
}

type Token = { familyId?: string | null; issuedAt?: Date };
/** A route's write run beside the actor load as authenticateWithRead runs it, for user `userId` with `token`: its rows. */
async function besideActor(write: ActorRead, userId: number, token: Token = {}): Promise<unknown[]> {
  const all = await preparedQuery<{ actor: Record<string, unknown> }>(write.name, write.sql, [
    userId,
    token.familyId ?? null,
    token.issuedAt ?? new Date(),
    ...write.values,
  ]);
  return splitActorRows(all, write.key).rows;
}

const stateOf = (id: number) =>
  getDb().block.findUniqueOrThrow({
    where: { id },
    select: {
      accountId: true,
      paymentDate: true,
      valueCents: true,
      categorizedById: true,
      contabilizedById: true,
      version: true,
      claimedById: true,
      claimedUntil: true,
      contabilizedAt: true,
      categorizedAt: true,
    },
  });
const eventsOf = (id: number) =>
  getDb().auditEvent.findMany({
    where: { targetType: "block", targetId: String(id) },
    orderBy: { id: "asc" },
    select: { action: true, actorUserId: true, officeId: true, clientId: true, data: true },
  });
const sentAt = new Date(Date.now() - 3_600_000);
const twins = async (o: Parameters<typeof createBlock>[0] = {}): Promise<[CreatedBlock, CreatedBlock]> => [
  await createBlock({ client: alpha, operator: regularA, sentAt, ...o }),
  await createBlock({ client: alpha, operator: regularA, sentAt, ...o }),
];
// The audit data with the block's own ids taken out (they differ between twins by construction).
const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;

describe("save: the one-statement path writes what the checked path writes", () => {
  test("rows, client modifiedAt, audit event and answer", async () => {
    const [a, b] = await twins();
    await getDb().block.updateMany({
      where: { id: { in: [a.id, b.id] } },
      data: { claimedById: regularA.id, claimedUntil: new Date(Date.now() + 60_000) },
    });
    const body = (id: number) => ({
      block: { id, date: `${current.year}-${mm}-05`, value: "1234.5", accountId: account.id },
      version: 0,
    });
    const fields = checkSaveFields(`${current.year}-${mm}-05`, "1234.5");
    const before = await getDb().client.findUniqueOrThrow({ where: { id: alpha.id }, select: { modifiedAt: true } });
    const fast = await saveAtOnce(actors.regularA, body(a.id));
    expect(fast).not.toBeNull();
    const afterFast = await getDb().client.findUniqueOrThrow({ where: { id: alpha.id }, select: { modifiedAt: true } });
    expect(afterFast.modifiedAt.getTime()).toBeGreaterThan(before.modifiedAt.getTime());
    const checked = await saveChecked(actors.regularA, body(b.id), fields);

    expect(withoutId(fast!)).toEqual({
      ...withoutId(checked),
      documentsUrl: expect.any(Array),
      thumbnailsUrl: expect.any(Array),
    });
    expect(fast).toMatchObject({
      date: `${current.year}-${mm}-05`,
      value: "1234.50",
      accountId: account.id,
      version: 1,
    });
    const [rowA, rowB] = [await stateOf(a.id), await stateOf(b.id)];
    expect({ ...rowA, categorizedAt: null }).toEqual({ ...rowB, categorizedAt: null });
    expect(rowA).toMatchObject({
      claimedById: null,
      claimedUntil: null,
      categorizedById: regularA.id,
      valueCents: BigInt(123_450),
    });
    expect(rowA.categorizedAt).not.toBeNull();
    const [eventsA, eventsB] = [await eventsOf(a.id), await eventsOf(b.id)];
    expect(eventsA).toEqual(eventsB);
    expect(eventsA).toEqual([
      {
        action: "block.save",
        actorUserId: regularA.userId,
        officeId: alpha.officeId,
        clientId: alpha.id,
        data: {
          before: { accountId: null, version: 0 },
          after: {
            accountId: account.id,
            code: "2.1.01.001",
            date: `${current.year}-${mm}-05`,
            value: "1234.5",
            version: 1,
          },
        },
      },
    ]);
  });

  test("writes nothing and leaves the answer to the checked path: stale version, open pendency, another office, a business user, a colleague's client", async () => {
    const body = (id: number, version = 0) => ({
      block: { id, date: `${current.year}-${mm}-05`, value: "7", accountId: account.id },
      version,
    });
    const [plain] = await twins();
    const pending = await createBlock({ client: alpha, operator: regularA });
    await createPendency({ block: pending });
    const cases: [keyof typeof actors, number, number][] = [
      ["regularA", plain.id, 3], // stale version
      ["regularA", pending.id, 0], // an open pendency
      ["ownerB", plain.id, 0], // another office
      ["business", plain.id, 0], // the client's own user
      ["outsiderA", plain.id, 0], // a colleague's client, not shared
    ];
    for (const [who, id, version] of cases) expect(await saveAtOnce(actors[who], body(id, version))).toBeNull();
    expect((await stateOf(plain.id)).version).toBe(0);
    expect(await eventsOf(plain.id)).toEqual([]);
  });

  test("writes nothing for a caller authenticate() refuses: a revoked login session, a token older than a password change, a blocked operator", async () => {
    const [plain] = await twins();
    const body = {
      block: { id: plain.id, date: `${current.year}-${mm}-05`, value: "7", accountId: account.id },
      version: 0,
    };
    const familyId = randomUUID();
    const expiresAt = new Date(Date.now() + 3_600_000);
    await getDb().refreshToken.create({
      data: {
        userId: regularA.userId,
        familyId,
        tokenHash: randomUUID(),
        expiresAt,
        familyExpiresAt: expiresAt,
        revokedAt: new Date(),
      },
    });
    expect(await saveAtOnce(actors.regularA, body, { familyId })).toBeNull();
    const validAfter = new Date();
    await getDb().user.update({ where: { id: regularA.userId }, data: { validAfter } });
    try {
      expect(await saveAtOnce(actors.regularA, body, { issuedAt: new Date(validAfter.getTime() - 1) })).toBeNull();
    } finally {
      await getDb().user.update({ where: { id: regularA.userId }, data: { validAfter: new Date(0) } });
    }
    await getDb().accountingOperator.update({ where: { id: regularA.id }, data: { blocked: true } });
    try {
      expect(await saveAtOnce(actors.regularA, body)).toBeNull();
    } finally {
      await getDb().accountingOperator.update({ where: { id: regularA.id }, data: { blocked: false } });
    }
    expect((await stateOf(plain.id)).version).toBe(0);
    expect(await eventsOf(plain.id)).toEqual([]);
    // and the same call as an accepted caller writes
    expect(await saveAtOnce(actors.regularA, body, { familyId: randomUUID(), issuedAt: new Date() })).toMatchObject({
      id: plain.id,
      version: 1,
    });
  });
});

// Signed links carry their own expiry: a block and a month compared with their links counted, the rest field by field.
const plain = (block: Block) => ({
  ...block,
  documentsUrl: block.documentsUrl.length,
  thumbnailsUrl: block.thumbnailsUrl.length,
});
const plainMonth = (month: ContabilizationMonth) => ({
  ...month,
  accounts: month.accounts.map((one) => ({ ...one, next: one.next && plain(one.next) })),
  lastContabilized: month.lastContabilized.map(plain),
});

describe("contabilize: the one-statement path writes what the checked path writes", () => {
  afterEach(async () => {
    await getDb().contabilizationLease.deleteMany({ where: { clientId: alpha.id } });
  });

  test("posting, then undoing: rows, lease, audit events and answers", async () => {
    const [a, b] = await twins({ state: "categorized", account, paymentDate: day(2), valueCents: 10_00 });
    const caller = { actor: actors.regularA, session: null };
    const fast = await contabilizeAtOnce(caller, { blockId: a.id });
    expect(fast).not.toBeNull();
    const lease = await getDb().contabilizationLease.findUniqueOrThrow({ where: { clientId: alpha.id } });
    expect(lease.operatorId).toBe(regularA.id);
    expect(fast!.contabilization.leaseExpiresDatetime).toBe(lease.expiresAt.toISOString());
    const checked = await contabilizeChecked(caller, { blockId: b.id });
    expect(fast!.block).toMatchObject({ id: a.id, version: checked.block.version, accountId: account.id });
    expect(fast!.block.contabilizedDatetime).toBeDefined();
    // The same month answered, the twin posted meanwhile aside.
    expect(checked.contabilization.lastContabilized.map((one) => one.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(fast!.contabilization).toMatchObject({ clientId: alpha.id, year: current.year, month: current.month });

    const undoFast = await contabilizeAtOnce(caller, { blockId: a.id, undo: true });
    const undoChecked = await contabilizeChecked(caller, { blockId: b.id, undo: true });
    expect(undoFast!.block.contabilizedDatetime).toBeUndefined();
    expect(withoutId(undoFast!.block)).toEqual({
      ...withoutId(undoChecked.block),
      documentsUrl: expect.any(Array),
      thumbnailsUrl: expect.any(Array),
    });

    const [rowA, rowB] = [await stateOf(a.id), await stateOf(b.id)];
    expect(rowA).toEqual(rowB);
    expect(rowA).toMatchObject({ contabilizedAt: null, contabilizedById: null, version: a.version + 2 });
    expect(await eventsOf(a.id)).toEqual(await eventsOf(b.id));
    expect(await eventsOf(a.id)).toEqual([
      {
        action: "block.contabilize",
        actorUserId: regularA.userId,
        officeId: alpha.officeId,
        clientId: alpha.id,
        data: { via: "desktop", mobileSessionId: null, version: a.version + 1 },
      },
      {
        action: "block.contabilize_undo",
        actorUserId: regularA.userId,
        officeId: alpha.officeId,
        clientId: alpha.id,
        data: { via: "desktop", mobileSessionId: null, version: a.version + 2 },
      },
    ]);
  });

  test("the answer read in the posting's own statement is the month as read after it: posting and undoing", async () => {
    const other = await createAccount({ office: officeA, yearOfExercise: current.year });
    await getDb().clientAccount.create({ data: { clientId: alpha.id, accountId: other.id, activatedAt: day(1) } });
    const target = await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account,
      paymentDate: day(4),
      valueCents: 7_00,
    });
    await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account,
      paymentDate: day(5),
      valueCents: 8_00,
    });
    await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account: other,
      paymentDate: day(6),
      valueCents: 9_00,
    });
    await createBlock({
      client: alpha,
      operator: regularA,
      state: "contabilized",
      account,
      paymentDate: day(7),
      valueCents: 1_00,
    });
    const pending = await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account,
      paymentDate: day(1),
      valueCents: 2_00,
    });
    await createPendency({ block: pending });
    await createBlock({ client: alpha, operator: regularA, state: "uncategorized" });
    const lastYear = new Date(Date.UTC(current.year - 1, current.month - 1, 3));
    await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account,
      paymentDate: lastYear,
      valueCents: 3_00,
    });
    const caller = { actor: actors.regularA, session: null };
    for (const undo of [false, true]) {
      const fast = await contabilizeAtOnce(caller, { blockId: target.id, undo });
      expect(fast).not.toBeNull();
      const lease = await getDb().contabilizationLease.findUniqueOrThrow({ where: { clientId: alpha.id } });
      const [after] = await loadBlockRows(getDb(), { clientId: alpha.id, operatorId: regularA.id, blockId: target.id });
      expect(plain(fast!.block)).toEqual(plain(after.block));
      expect(Boolean(fast!.block.contabilizedDatetime)).toBe(!undo);
      const month = await loadContabilizationMonth(getDb(), actors.regularA, alpha.id, current, lease.expiresAt);
      expect(plainMonth(fast!.contabilization)).toEqual(plainMonth(month));
      expect(fast!.contabilization.accounts.length).toBeGreaterThanOrEqual(2);
    }
  });

  test("a month of many blocks: the statement returns only the blocks the answer shows, and the answer is the month as read after it", async () => {
    const accounts = [
      account,
      await createAccount({ office: officeA, yearOfExercise: current.year }),
      await createAccount({ office: officeA, yearOfExercise: current.year }),
    ];
    for (const extra of accounts.slice(1))
      await getDb().clientAccount.create({ data: { clientId: alpha.id, accountId: extra.id, activatedAt: day(1) } });
    // Ties everywhere monthData's order has them: one send instant and two payment dates for all the
    // waiting blocks (the id decides), one posting instant for two of the posted ones.
    const sent = new Date(Date.now() - 7_200_000);
    const postedAt = new Date(Date.now() - 600_000);
    const waiting: CreatedBlock[][] = [];
    const posted: CreatedBlock[] = [];
    for (const [i, one] of accounts.entries()) {
      const mine: CreatedBlock[] = [];
      for (let n = 0; n < 6; n += 1) {
        mine.push(
          await createBlock({
            client: alpha,
            operator: regularA,
            state: "categorized",
            account: one,
            paymentDate: day(10 + (n % 2)),
            valueCents: 100 + n,
            sentAt: sent,
          }),
        );
      }
      waiting.push(mine);
      for (let n = 0; n < 3; n += 1) {
        const at = new Date(postedAt.getTime() + (n === 0 ? 0 : (i * 3 + n) * 1000));
        posted.push(
          await createBlock({
            client: alpha,
            operator: regularA,
            state: "contabilized",
            account: one,
            paymentDate: day(12),
            valueCents: 200 + n,
            sentAt: sent,
            contabilizedAt: at,
          }),
        );
      }
    }
    // The oldest waiting block of the first account waits for its client: the next one is the second.
    await createPendency({ block: waiting[0][0] });
    const caller = { actor: actors.regularA, session: null };
    const steps: [number, boolean][] = [
      [waiting[1][3].id, false], // not its account's next
      [waiting[1][3].id, true], // back: waiting again
      [waiting[2][0].id, false], // its account's next
      [posted[0].id, true], // an old posting taken back: the account's next again
      [waiting[0][1].id, false],
    ];
    for (const [blockId, undo] of steps) {
      const body = { blockId, link: null, undo };
      const rows = await besideActor(contabilizeWrite(body)!, regularA.userId);
      const answer = await contabilizeBlock({ caller, body, rows });
      const lease = await getDb().contabilizationLease.findUniqueOrThrow({ where: { clientId: alpha.id } });
      const month = await loadContabilizationMonth(getDb(), actors.regularA, alpha.id, current, lease.expiresAt);
      expect(plainMonth(answer.contabilization)).toEqual(plainMonth(month));
      expect(Boolean(answer.block.contabilizedDatetime)).toBe(!undo);
      // The posted block, each account's next and the last posted: never the whole month.
      const withNext = month.accounts.filter((one) => one.next).length;
      expect(rows.length).toBeLessThanOrEqual(1 + withNext + LAST_CONTABILIZED);
      expect(month.uncontabilizedCount).toBeGreaterThan(rows.length);
    }
  });

  const later =
    current.month === 12 ? { year: current.year + 1, month: 1 } : { year: current.year, month: current.month + 1 };
  test.each([
    ["to another month", `${later.year}-${String(later.month).padStart(2, "0")}-10`, "4.00", later],
    ["in the same month, with another value", `${current.year}-${mm}-09`, "41.50", current],
  ])(
    "a save of the block %s committed while the posting waits for its row lock: the statement writes nothing, the checked path posts and answers the block as saved",
    async (_label, date, value, month) => {
      const target = await createBlock({
        client: alpha,
        operator: regularA,
        state: "categorized",
        account,
        paymentDate: day(8),
        valueCents: 4_00,
      });
      const other = new PgClient({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      try {
        const { rows } = await other.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        await other.query("BEGIN");
        // What a save of the same block writes: the payment date and value, the version bumped.
        await other.query(
          "UPDATE blocks SET payment_date = $2::date, value_cents = $3::bigint, version = version + 1 WHERE id = $1::int",
          [target.id, date, Math.round(Number(value) * 100)],
        );
        const caller = { actor: actors.regularA, session: null };
        const atOnce = contabilizeAtOnce(caller, { blockId: target.id });
        // The posting's statement has its snapshot and waits for the row this transaction holds.
        await waitFor(async () => {
          const waiting = await other.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))",
            [rows[0].pid],
          );
          return waiting.rows[0].n > 0;
        }, "the posting to wait for the block's row");
        await other.query("COMMIT");
        // The statement's snapshot is not the block any more (its version moved): it wrote nothing.
        expect(await atOnce).toBeNull();
        expect((await getDb().block.findUniqueOrThrow({ where: { id: target.id } })).contabilizedAt).toBeNull();
        const answer = await contabilizeBlock({ caller, body: { blockId: target.id, link: null } });
        expect(answer!.block).toMatchObject({ id: target.id, version: target.version + 2, date, value });
        expect(answer!.block.contabilizedDatetime).toBeDefined();
        expect(answer!.contabilization).toMatchObject({ clientId: alpha.id, year: month.year, month: month.month });
        expect(answer!.contabilization.lastContabilized.find((one) => one.id === target.id)).toMatchObject({
          date,
          value,
          version: target.version + 2,
        });
      } finally {
        await other.query("ROLLBACK").catch(() => undefined);
        await other.end();
      }
    },
  );

  test("ten copies of the same posting at once: every one answers the block posted, one write and one audit event", async () => {
    const target = await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account,
      paymentDate: day(11),
      valueCents: 6_00,
    });
    const caller = { actor: actors.regularA, session: null };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => contabilizeBlock({ caller, body: { blockId: target.id, link: null } })),
    );
    for (const answer of answers) {
      expect(answer.block).toMatchObject({ id: target.id, version: target.version + 1 });
      expect(answer.block.contabilizedDatetime).toBeDefined();
      expect(answer.contabilization.lastContabilized.map((one) => one.id)).toContain(target.id);
    }
    expect((await stateOf(target.id)).version).toBe(target.version + 1);
    expect(await eventsOf(target.id)).toHaveLength(1);
  });

  test("at the desk the posting is written beside the actor load: nothing for a blocked operator or a revoked session, the posting for an accepted one", async () => {
    const free = await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account,
      paymentDate: day(3),
      valueCents: 5_00,
    });
    const body = { blockId: free.id, link: null };
    const beside = (familyId: string | null) => besideActor(contabilizeWrite(body)!, regularA.userId, { familyId });
    await getDb().accountingOperator.update({ where: { id: regularA.id }, data: { blocked: true } });
    try {
      expect(await beside(null)).toEqual([]);
    } finally {
      await getDb().accountingOperator.update({ where: { id: regularA.id }, data: { blocked: false } });
    }
    const familyId = randomUUID();
    const expiresAt = new Date(Date.now() + 3_600_000);
    await getDb().refreshToken.create({
      data: {
        userId: regularA.userId,
        familyId,
        tokenHash: randomUUID(),
        expiresAt,
        familyExpiresAt: expiresAt,
        revokedAt: new Date(),
      },
    });
    expect(await beside(familyId)).toEqual([]);
    expect(await getDb().contabilizationLease.count({ where: { clientId: alpha.id } })).toBe(0);
    expect((await stateOf(free.id)).contabilizedAt).toBeNull();
    expect(await eventsOf(free.id)).toEqual([]);
    expect(contabilizeWrite({ blockId: free.id, link: "a-phone-session" })).toBeNull();

    const rows = (await beside(null)) as { id: number }[];
    // One row per live block of the posted block's month, the posted one among them.
    expect(rows.map((row) => row.id)).toContain(free.id);
    const answer = await contabilizeBlock({ caller: { actor: actors.regularA, session: null }, body, rows });
    expect(answer.block).toMatchObject({ id: free.id, version: free.version + 1 });
    expect((await stateOf(free.id)).contabilizedById).toBe(regularA.id);
    expect(await eventsOf(free.id)).toHaveLength(1);
  });

  test("writes nothing and leaves the answer to the checked path: a repeat, uncategorised, pending, another's lease, a phone session of another client, a business user", async () => {
    const caller = (who: keyof typeof actors) => ({ actor: actors[who], session: null });
    const posted = await createBlock({
      client: alpha,
      operator: regularA,
      state: "contabilized",
      account,
      paymentDate: day(3),
      valueCents: 5_00,
    });
    const uncat = await createBlock({ client: alpha, operator: regularA });
    const pending = await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account,
      paymentDate: day(3),
      valueCents: 5_00,
    });
    await createPendency({ block: pending });
    const free = await createBlock({
      client: alpha,
      operator: regularA,
      state: "categorized",
      account,
      paymentDate: day(3),
      valueCents: 5_00,
    });
    expect(await contabilizeAtOnce(caller("regularA"), { blockId: posted.id })).toBeNull();
    expect(await contabilizeAtOnce(caller("regularA"), { blockId: uncat.id })).toBeNull();
    expect(await contabilizeAtOnce(caller("regularA"), { blockId: pending.id })).toBeNull();
    expect(await contabilizeAtOnce(caller("business"), { blockId: free.id })).toBeNull();
    expect(await contabilizeAtOnce(caller("ownerB"), { blockId: free.id })).toBeNull();
    const otherClientSession = { id: 1, clientId: alpha.id + 1_000_000, operatorId: regularA.id };
    expect(
      await contabilizeAtOnce({ actor: actors.regularA, session: otherClientSession }, { blockId: free.id }),
    ).toBeNull();
    // Another operator's unexpired lease: nothing written, the lease stays its.
    await getDb().contabilizationLease.create({
      data: {
        clientId: alpha.id,
        operatorId: (await getDb().accountingOperator.findFirstOrThrow({ where: { userId: actors.sharedA.userId } }))
          .id,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    expect(await contabilizeAtOnce(caller("regularA"), { blockId: free.id })).toBeNull();
    expect((await stateOf(free.id)).contabilizedAt).toBeNull();
    expect(await eventsOf(free.id)).toEqual([]);
    expect(await eventsOf(posted.id)).toEqual([]);
  });
});
