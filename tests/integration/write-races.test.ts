// Writes that raced a pendency report (defects found by a review of every write): a pendency
// lives in its own table, so a conditional UPDATE of the block that waited for the report's row lock
// re-checked the block's own columns only, and then posted (or undid) a block that had just got an open
// pendency. Each test makes the interleaving happen, without a timer: a connection of the test holds
// the client's row, so the real report stops at its last step (the client's modifiedAt) with its
// pendency written and the block locked; the racing call starts and waits for the block's lock; then
// the client's row is let go. Also: a doubled re-invite of an expired invite.
import { Client } from "pg";
import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { POST as undoPost } from "@/app/api/block/sent/undo/route";
import { POST as addInvitePost } from "@/app/api/invited/add/route";
import { POST as removeInvitePost } from "@/app/api/invited/remove/route";
import { POST as pendencyPost } from "@/app/api/pendency/create/route";
import { ISSUE_CODES } from "@/lib/constants";
import type { BlockContabilizeAnswer } from "@/lib/contract/contabilization";
import { currentYearMonth } from "@/lib/format/dates";
import { messages } from "@/lib/i18n/messages";
import { getDb, type Account } from "@/server/db/client";
import {
  createAccount,
  createBlock,
  createClientOperator,
  createInvite,
  type ClientOperatorWithUser,
} from "../helpers/factories";
import { call, type CallResult } from "../helpers/http";
import { buildClientWorld, worldLogins, type ClientWorld } from "./world";

let world: ClientWorld;
let business: ClientOperatorWithUser;
let account: Account;
let t: Awaited<ReturnType<typeof worldLogins<"business">>>;

beforeAll(async () => {
  world = await buildClientWorld();
  business = await createClientOperator({ client: world.alpha, type: 0 });
  account = await createAccount({ office: world.officeA, yearOfExercise: currentYearMonth().year });
  t = await worldLogins(world, { business });
});

/** A connection of the test's own, outside the app's pools. */
async function connection(): Promise<Client> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  return client;
}

/**
 * Until `n` backends of this database wait for a lock (state, not time). Asked on a connection of its
 * own, outside any transaction: a transaction reads pg_stat_activity once and keeps what it read.
 */
async function lockWaiters(n: number): Promise<void> {
  const watcher = await connection();
  try {
    for (;;) {
      const { rows } = await watcher.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if (rows[0]!.n >= n) return;
    }
  } finally {
    await watcher.end();
  }
}

/**
 * The pendency report on `blockId` held at its last step, then `race` started and waiting for the
 * block's lock, then both let go: their answers.
 */
async function reportWhile<T>(blockId: number, race: () => Promise<T>): Promise<{ report: CallResult; raced: T }> {
  const holder = await connection();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM clients WHERE id = $1 FOR UPDATE", [world.alpha.id]);
    const report = call(pendencyPost, {
      token: t.regularA,
      body: { blockId, issue: ISSUE_CODES[0], observations: "Foto ilegível" },
    });
    await lockWaiters(1);
    const raced = race();
    await lockWaiters(2);
    await holder.query("COMMIT");
    return { report: await report, raced: await raced };
  } finally {
    await holder.end();
  }
}

const openPendencies = (blockId: number) => getDb().pendency.count({ where: { blockId, solvedAt: null } });

describe("a pendency reported while the block is being posted", () => {
  const categorised = () =>
    createBlock({
      client: world.alpha,
      operator: world.regularA,
      state: "categorized",
      account,
      paymentDate: new Date(),
    });

  test("at the desk: 409 'pendency open', the block not posted", async () => {
    const block = await categorised();
    const { report, raced } = await reportWhile(block.id, () =>
      call<BlockContabilizeAnswer>(contabilizePost, { token: t.regularA, body: { blockId: block.id, link: null } }),
    );
    expect(report.status).toBe(200);
    expect(raced.status).toBe(409);
    expect(raced.json.error?.message).toBe(messages.contabilization.pendencyOpen);
    const after = await getDb().block.findUniqueOrThrow({ where: { id: block.id } });
    expect(after.contabilizedAt).toBeNull();
    expect(await openPendencies(block.id)).toBe(1);
    expect(await getDb().auditEvent.count({ where: { action: "block.contabilize", targetId: String(block.id) } })).toBe(
      0,
    );
  });
});

test("a pendency reported while the sender undoes its send: 409 'pendency', the block not undone", async () => {
  const block = await createBlock({
    client: world.alpha,
    sentBy: business,
    state: "uncategorized",
    sentAt: new Date(),
    documents: 1,
  });
  const { report, raced } = await reportWhile(block.id, () =>
    call(undoPost, { token: t.business, body: { blockId: block.id }, path: "/api/block/sent/undo" }),
  );
  expect(report.status).toBe(200);
  expect(raced.status).toBe(409);
  expect(raced.json.error?.message).toBe(messages.business.api.undoPendency);
  const after = await getDb().block.findUniqueOrThrow({ where: { id: block.id }, include: { documents: true } });
  expect(after.undoneAt).toBeNull();
  expect(after.documents.map((d) => d.blockId)).toEqual([block.id]);
  expect(await openPendencies(block.id)).toBe(1);
});

/** Both `requests` read the invite, then both wait to delete it (the test holds its row): their answers. */
async function bothAtTheInvite(inviteId: number, requests: () => Promise<CallResult>[]): Promise<CallResult[]> {
  const holder = await connection();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM invites WHERE id = $1 FOR UPDATE", [inviteId]);
    const answers = requests();
    await lockWaiters(2);
    await holder.query("COMMIT");
    return await Promise.all(answers);
  } finally {
    await holder.end();
  }
}

test("a doubled re-invite of an e-mail whose invite expired: one invite, the other 409 'already invited'", async () => {
  const email = "convite.vencido@exemplo.com";
  const old = await createInvite({ office: world.officeA, email, invitedBy: { id: world.ownerA.userId } });
  await getDb().invite.update({ where: { id: old.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const answers = await bothAtTheInvite(old.id, () =>
    [t.ownerA, t.adminA].map((token) => call(addInvitePost, { token, body: { email } })),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expect(answers.find((a) => a.status === 409)!.json.error?.message).toBe(messages.invites.alreadyInvited);
  const invites = await getDb().invite.findMany({ where: { officeId: world.officeA.id, email } });
  expect(invites.map((i) => i.id)).not.toContain(old.id);
  expect(invites).toHaveLength(1);
});

test("a doubled withdrawal of an invite: one 200 and one audit event, the other 404 'invite not found'", async () => {
  const invite = await createInvite({
    office: world.officeA,
    email: "convite.retirado@exemplo.com",
    invitedBy: { id: world.ownerA.userId },
  });
  const answers = await bothAtTheInvite(invite.id, () =>
    [t.ownerA, t.adminA].map((token) => call(removeInvitePost, { token, body: { inviteId: invite.id } })),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  expect(answers.find((a) => a.status === 404)!.json.error?.message).toBe(messages.invites.notFound);
  expect(await getDb().invite.count({ where: { id: invite.id } })).toBe(0);
  expect(await getDb().auditEvent.count({ where: { action: "invite.remove", targetId: String(invite.id) } })).toBe(1);
});
