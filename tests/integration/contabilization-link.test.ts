// The QR hand-off (ARCHITECTURE §4): /api/operator/contabilization/link (a fresh
// one-time token, stored hashed), /init (exchanged once: parallel inits, used, expired, unknown; the
// per-address throttle), and the phone's session: it contabilises its one client and nothing else,
// renews the issuing operator's lease, reads history, ends itself; every bearer route refuses it (401).
process.env.TRUST_PROXY = "true";
process.env.LOGIN_MAX_FAILURES = "2"; // per address: 10 failed link exchanges

import { POST as linkPost } from "@/app/api/operator/contabilization/link/route";
import { POST as initPost } from "@/app/api/operator/contabilization/init/route";
import { POST as mobilePost } from "@/app/api/operator/contabilization/mobile/route";
import { POST as historyPost } from "@/app/api/operator/contabilization/history/route";
import { POST as endPost } from "@/app/api/operator/contabilization/end/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { POST as logoutPost } from "@/app/api/token/logout/route";
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { POST as syncPost } from "@/app/api/operator/sync/contabilize/route";
import { POST as unsyncPost } from "@/app/api/operator/unsync/contabilize/route";
import { POST as busyPost } from "@/app/api/client/busy/route";
import { GET as meGet } from "@/app/api/me/route";
import {
  contabilizationLinkAnswer,
  contabilizationSessionAnswer,
  type ContabilizationLinkAnswer,
  type ContabilizationSessionAnswer,
} from "@/lib/contract/contabilization";
import { currentYearMonth } from "@/lib/format/dates";
import { messages } from "@/lib/i18n/messages";
import { hashToken } from "@/server/contabilization/tokens";
import { getDb, type Account, type Client } from "@/server/db/client";
import {
  createAccount,
  createBlock,
  createClient,
  createClientOperator,
  type CreatedBlock,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { buildClientWorld, worldLogins } from "./world";
import { captureLog } from "../helpers/log";

const current = currentYearMonth();
const day = (d: number) => new Date(Date.UTC(current.year, current.month - 1, d));

let alpha: Client;
let beta: Client; // another client of Rita's: the phone's session for alpha never reaches it
let regularA: OperatorWithUser;
let account: Account;
const t = {} as Record<"ownerA" | "adminA" | "regularA" | "sharedA" | "outsiderA" | "ownerB" | "business", string>;
const b = {} as Record<"a1" | "a2" | "beta1", CreatedBlock>;

beforeAll(async () => {
  const world = await buildClientWorld({
    names: { regularA: "Rita Responsável", sharedA: "Sara Compartilhada" },
    alpha: { name: "Alfa Ltda" },
  });
  ({ alpha, regularA } = world);
  beta = await createClient({ office: world.officeA, responsible: regularA });
  account = await createAccount({ office: world.officeA, code: "2.1.01.001", yearOfExercise: current.year });
  b.a1 = await createBlock({ client: alpha, state: "categorized", account, paymentDate: day(1), valueCents: 1_00 });
  b.a2 = await createBlock({ client: alpha, state: "categorized", account, paymentDate: day(2), valueCents: 2_00 });
  b.beta1 = await createBlock({ client: beta, state: "categorized", account, paymentDate: day(1), valueCents: 3_00 });
  Object.assign(t, await worldLogins(world, { business: await createClientOperator({ client: alpha, type: 0 }) }));
});

afterEach(async () => {
  await getDb().contabilizationLease.deleteMany({ where: { clientId: { in: [alpha.id, beta.id] } } });
});

let address = 0;
/** Each exchange from its own address unless told: the throttle test alone shares one. */
const init = (body: unknown, from = `198.51.100.${(address = (address % 200) + 1)}`) =>
  call<ContabilizationSessionAnswer>(initPost, { body, headers: { "x-forwarded-for": from } });
const newLink = async (token = t.regularA, clientId = alpha.id) => {
  const res = await call<ContabilizationLinkAnswer>(linkPost, { token, body: { clientId } });
  expect(res.status).toBe(200);
  return res.json.data!;
};
const phoneSession = async () => {
  const res = await init({ link: (await newLink()).link });
  expect(res.status).toBe(200);
  return res.json.data!.session;
};

describe("POST /api/operator/contabilization/link", () => {
  test("a fresh random token each call, stored only hashed, valid a few minutes; spec §3 data; takes the lease", async () => {
    const first = contabilizationLinkAnswer.parse(await newLink());
    const second = await newLink();
    expect(first.link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.link).not.toBe(first.link);
    const rows = await getDb().contabilizationLink.findMany({ where: { clientId: alpha.id, operatorId: regularA.id } });
    expect(rows.map((row) => row.tokenHash)).toEqual(
      expect.arrayContaining([hashToken(first.link), hashToken(second.link)]),
    );
    expect(JSON.stringify(rows)).not.toContain(first.link);
    const minutes = (new Date(second.linkExpiresDatetime).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);
    const month = second.categorizedBlocks[String(current.year)]![String(current.month)]!;
    expect(month[String(account.id)]!.map((block) => block.id).sort()).toEqual([b.a1.id, b.a2.id].sort());
    expect(second.clientAccounts[String(current.year)]![String(current.month)]!.map((a) => a.id)).toContain(account.id);
    expect((await getDb().contabilizationLease.findUnique({ where: { clientId: alpha.id } }))?.operatorId).toBe(
      regularA.id,
    );
    // Only the QR on screen works: the earlier unused link was closed when the new one was made.
    expect((await init({ link: first.link })).status).toBe(410);
  });

  test("another operator's lease: 409 naming the holder; the matrix; bad input", async () => {
    await newLink();
    const held = await call(linkPost, { token: t.sharedA, body: { clientId: alpha.id } });
    expect(held.status).toBe(409);
    expect(held.json.error?.message).toBe(messages.contabilization.held("Rita Responsável"));
    for (const [token, status] of [
      [t.ownerB, 404],
      [t.outsiderA, 404],
      [t.business, 403],
      [undefined, 401],
    ] as const) {
      expect((await call(linkPost, { token, body: { clientId: alpha.id } })).status).toBe(status);
    }
    expect((await call(linkPost, { token: t.regularA, body: {} })).status).toBe(400);
  });
});

describe("POST /api/operator/contabilization/init", () => {
  test("exchanges the link once for the phone's session: spec §3 session, the operator, the month", async () => {
    const { link } = await newLink();
    const res = await init({ link });
    expect(res.status).toBe(200);
    const data = contabilizationSessionAnswer.parse(res.json.data);
    expect(data).toMatchObject({
      id: regularA.id,
      name: "Rita Responsável",
      client: { id: alpha.id, name: "Alfa Ltda" },
    });
    expect(data.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.contabilization.accounts[0]).toMatchObject({ id: account.id, uncontabilizedCount: 2 });
    const stored = await getDb().contabilizationSession.findFirstOrThrow({
      where: { tokenHash: hashToken(data.session) },
    });
    expect(stored).toMatchObject({ clientId: alpha.id, operatorId: regularA.id, revokedAt: null });
    const hours = (stored.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    const again = await init({ link });
    expect(again.status).toBe(410);
    expect(again.json.error?.message).toBe(messages.contabilization.linkUsed);
  });

  test("parallel exchanges of one link: exactly one session", async () => {
    const { link } = await newLink();
    const results = await Promise.all([1, 2, 3, 4].map(() => init({ link })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410, 410]);
    const linkRow = await getDb().contabilizationLink.findUniqueOrThrow({
      where: { tokenHash: hashToken(link) },
      select: { session: true },
    });
    expect(linkRow.session).not.toBeNull();
  });

  test("a failure while the exchange is written leaves the link unused: the phone's retry gets its session", async () => {
    const { link } = await newLink();
    await getDb().contabilizationLease.deleteMany({ where: { clientId: alpha.id } }); // the exchange takes it
    // A real PostgreSQL failure at the last write of the exchange (the lease), for this client only:
    // the server going away (57P01) just as the phone's session is being written.
    const fn = `init_fails_${alpha.id}`;
    await getDb().$executeRawUnsafe(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'going away' USING ERRCODE = '57P01'; END $$`,
    );
    await getDb().$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE INSERT OR UPDATE ON contabilization_leases FOR EACH ROW WHEN (NEW.client_id = ${alpha.id}) EXECUTE FUNCTION ${fn}()`,
    );
    const log = captureLog();
    try {
      const failed = await init({ link });
      expect(failed.status).toBe(503);
      const row = await getDb().contabilizationLink.findUniqueOrThrow({
        where: { tokenHash: hashToken(link) },
        select: { usedAt: true, session: true },
      });
      expect(row).toEqual({ usedAt: null, session: null });
    } finally {
      await getDb().$executeRawUnsafe(`DROP TRIGGER ${fn} ON contabilization_leases`);
      await getDb().$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
    const retried = await init({ link });
    log.restore();
    expect(retried.status).toBe(200);
    expect(
      await getDb().contabilizationSession.count({ where: { tokenHash: hashToken(retried.json.data!.session) } }),
    ).toBe(1);
  });

  test("expired link 410, unknown link 404, junk 400 — each telling the person to scan again", async () => {
    const { link } = await newLink();
    await getDb().contabilizationLink.update({
      where: { tokenHash: hashToken(link) },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const expired = await init({ link });
    expect(expired.status).toBe(410);
    const unknown = await init({ link: "A".repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.message).toBe(messages.contabilization.linkUnknown);
    expect((await init({ link: "not a token!" })).status).toBe(400);
    expect((await init({})).status).toBe(400);
  });

  test("throttled per address: past 10 failures that address gets 429, another still works", async () => {
    const from = "203.0.113.9";
    for (let i = 0; i < 10; i++) expect((await init({ link: `nada${i}` }, from)).status).toBe(404);
    const { link } = await newLink();
    const locked = await init({ link }, from);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(locked.json.error?.message).toBe(messages.contabilization.tooManyLinks);
    expect((await init({ link }, "203.0.113.10")).status).toBe(200);
  });
});

describe("the phone's session", () => {
  test("contabilises its client's blocks (renewing Rita's lease) and the desk sees them", async () => {
    const session = await phoneSession();
    await getDb().contabilizationLease.deleteMany({ where: { clientId: alpha.id } });
    const res = await call<{ block: { contabilizedDatetime?: string } }>(contabilizePost, {
      body: { blockId: b.a1.id, link: session },
    });
    expect(res.status).toBe(200);
    expect(res.json.data!.block.contabilizedDatetime).toBeDefined();
    expect((await getDb().contabilizationLease.findUnique({ where: { clientId: alpha.id } }))?.operatorId).toBe(
      regularA.id,
    );
    const audit = await getDb().auditEvent.findFirstOrThrow({
      where: { action: "block.contabilize", targetId: String(b.a1.id) },
    });
    expect(audit).toMatchObject({ actorUserId: regularA.userId, data: expect.objectContaining({ via: "mobile" }) });
    const desk = await call<{ uncontabilizedCount: number; lastContabilized: { id: number }[] }>(syncPost, {
      token: t.regularA,
      body: { clientId: alpha.id },
    });
    expect(desk.json.data).toMatchObject({ uncontabilizedCount: 1, lastContabilized: [{ id: b.a1.id }] });
    const history = await call<{ id: number }[]>(historyPost, {
      body: { link: session, year: current.year, month: current.month, accountId: account.id },
    });
    expect(history.json.data!.map((block) => block.id)).toEqual([b.a1.id]);
    await call(contabilizePost, { body: { blockId: b.a1.id, link: session, undo: true } });
  });

  test("its poll renews the lease; another operator's lease is 409 for the phone too", async () => {
    const session = await phoneSession();
    await getDb().contabilizationLease.deleteMany({ where: { clientId: alpha.id } });
    const poll = await call<{ clientId: number; accounts: unknown[] }>(mobilePost, {
      body: { link: session, year: current.year, month: current.month },
    });
    expect(poll.status).toBe(200);
    expect(poll.json.data!.clientId).toBe(alpha.id);
    expect((await getDb().contabilizationLease.findUnique({ where: { clientId: alpha.id } }))?.operatorId).toBe(
      regularA.id,
    );
    // Rita closes the desktop page: the phone's live session keeps the lease (it runs out by itself).
    expect((await call(unsyncPost, { token: t.regularA, body: { clientId: alpha.id } })).json.data).toEqual({
      released: 0,
    });
    const busy = await call<{ contabilizing: { name: string } | null }>(busyPost, {
      token: t.sharedA,
      body: { clientId: alpha.id },
    });
    expect(busy.json.data?.contabilizing?.name).toBe("Rita Responsável");
    await getDb().contabilizationLease.update({
      where: { clientId: alpha.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect((await call(syncPost, { token: t.sharedA, body: { clientId: alpha.id } })).status).toBe(200);
    const refused = await call(contabilizePost, { body: { blockId: b.a2.id, link: session } });
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toBe(messages.contabilization.held("Sara Compartilhada"));
    expect((await call(mobilePost, { body: { link: session } })).status).toBe(409);
  });

  test("nothing else: another client's block 404, every bearer route 401, the desk's own calls 401", async () => {
    const session = await phoneSession();
    expect((await call(contabilizePost, { body: { blockId: b.beta1.id, link: session } })).status).toBe(404);
    expect(
      (
        await call(historyPost, {
          body: { link: session, clientId: beta.id, year: current.year, month: current.month, accountId: account.id },
        })
      ).json.data,
    ).toEqual([]);
    expect((await call(meGet, { token: session })).status).toBe(401);
    expect((await call(syncPost, { token: session, body: { clientId: alpha.id } })).status).toBe(401);
    expect((await call(linkPost, { token: session, body: { clientId: alpha.id } })).status).toBe(401);
    expect((await call(contabilizePost, { token: session, body: { blockId: b.a2.id, link: null } })).status).toBe(401);
    expect((await call(busyPost, { token: session, body: { clientId: alpha.id } })).status).toBe(401);
    expect((await getDb().block.findUniqueOrThrow({ where: { id: b.beta1.id } })).contabilizedAt).toBeNull();
  });

  test("ends: by the phone itself or a password change; then 401 'scan again'", async () => {
    const ended = await phoneSession();
    expect((await call(endPost, { body: { link: ended } })).json.data).toEqual({ ended: true });
    const after = await call(contabilizePost, { body: { blockId: b.a2.id, link: ended } });
    expect(after.status).toBe(401);
    expect(after.json.error?.message).toBe(messages.contabilization.sessionEnded);

    const passwordChanged = await phoneSession();
    await getDb().user.update({ where: { id: regularA.userId }, data: { validAfter: new Date(Date.now() + 1_000) } });
    expect((await call(mobilePost, { body: { link: passwordChanged } })).status).toBe(401);
  });

  test("a link issued before the operator's sessions ended (a password change) is refused: 404 'scan again', and stays unused", async () => {
    const world = await buildClientWorld();
    const ritaToken = (await worldLogins(world, {})).regularA;
    const link = await call<ContabilizationLinkAnswer>(linkPost, {
      token: ritaToken,
      body: { clientId: world.alpha.id },
    });
    const row = await getDb().contabilizationLink.findUniqueOrThrow({
      where: { tokenHash: hashToken(link.json.data!.link) },
    });
    // What endSessions writes, one millisecond after the link was issued.
    await getDb().user.update({
      where: { id: world.regularA.userId },
      data: { validAfter: new Date(row.createdAt.getTime() + 1) },
    });
    const res = await init({ link: link.json.data!.link });
    expect(res.status).toBe(404);
    expect(res.json.error?.message).toBe(messages.contabilization.linkUnknown);
    expect(
      await getDb().contabilizationLink.findUniqueOrThrow({
        where: { id: row.id },
        select: { usedAt: true, session: true },
      }),
    ).toEqual({ usedAt: null, session: null });
  });

  test("a blocked operator's phone is refused", async () => {
    const world = await buildClientWorld();
    const { regularA: rita, alpha: client } = world;
    const ritaToken = (await worldLogins(world, {})).regularA;
    const link = await call<ContabilizationLinkAnswer>(linkPost, { token: ritaToken, body: { clientId: client.id } });
    const session = (await init({ link: link.json.data!.link })).json.data!.session;
    await getDb().accountingOperator.update({ where: { id: rita.id }, data: { blocked: true } });
    expect((await call(mobilePost, { body: { link: session } })).status).toBe(401);
  });

  test("logout ends the operator's phone sessions and unused QR links: 401 and 410 'scan again'", async () => {
    const world = await buildClientWorld();
    const login = await call<{ access: string; refresh: string }>(tokenPost, {
      body: { username: world.regularA.user.email, password: "demo1234" },
    });
    const { access, refresh } = login.json.data!;
    const issue = async () =>
      (await call<ContabilizationLinkAnswer>(linkPost, { token: access, body: { clientId: world.alpha.id } })).json
        .data!.link;
    const session = (await init({ link: await issue() })).json.data!.session;
    const unused = await issue();
    expect((await call(mobilePost, { body: { link: session } })).status).toBe(200);

    expect((await call(logoutPost, { body: { refresh } })).status).toBe(200);
    const phone = await call(mobilePost, { body: { link: session } });
    expect([phone.status, phone.json.error?.message]).toEqual([401, messages.contabilization.sessionEnded]);
    const scanned = await init({ link: unused });
    expect(scanned.status).toBe(410);
    expect(
      await getDb().contabilizationLink.findUniqueOrThrow({
        where: { tokenHash: hashToken(unused) },
        select: { usedAt: true },
      }),
    ).toEqual({ usedAt: null });
  });

  test("an operator who loses the client (unshared) loses the phone session: 401 'scan again', still 401 once it is shared back", async () => {
    const world = await buildClientWorld();
    const sara = world.sharedA;
    const saraToken = (await worldLogins(world, {})).sharedA;
    await getDb().contabilizationLease.deleteMany({ where: { clientId: world.alpha.id } });
    const link = await call<ContabilizationLinkAnswer>(linkPost, {
      token: saraToken,
      body: { clientId: world.alpha.id },
    });
    expect(link.status).toBe(200);
    const session = (await init({ link: link.json.data!.link })).json.data!.session;
    expect((await call(mobilePost, { body: { link: session } })).status).toBe(200);

    const share = await getDb().clientShare.findUniqueOrThrow({
      where: { clientId_operatorId: { clientId: world.alpha.id, operatorId: sara.id } },
    });
    await getDb().clientShare.delete({
      where: { clientId_operatorId: { clientId: share.clientId, operatorId: share.operatorId } },
    });
    const unshared = await call(mobilePost, { body: { link: session } });
    expect([unshared.status, unshared.json.error?.message]).toEqual([401, messages.contabilization.sessionEnded]);

    await getDb().clientShare.create({ data: { clientId: share.clientId, operatorId: share.operatorId } });
    expect((await call(mobilePost, { body: { link: session } })).status).toBe(401);
    expect((await call(contabilizePost, { body: { blockId: b.a1.id, link: session } })).status).toBe(401);
  });
});
