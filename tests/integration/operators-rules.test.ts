// The service-side rules of managing colleagues: never on itself, never on a more privileged operator,
// never without an unblocked owner, owners keep their type, blocking and removing end sessions at once.
import { POST as adminPost } from "@/app/api/operator/change/admin/route";
import { POST as blockPost } from "@/app/api/operator/block/change/route";
import { POST as removeAccountingPost } from "@/app/api/operator/remove/accounting/route";
import { POST as removeClientPost } from "@/app/api/operator/remove/client/route";
import { POST as refreshPost } from "@/app/api/token/refresh/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { loadActor } from "@/server/auth/load-actor";
import { getDb } from "@/server/db/client";
import { removeOperator } from "@/server/operators/remove-operator";
import { toggleBlock } from "@/server/operators/toggle-block";
import { createAccountingOperator, createClientOperator, createOffice } from "../helpers/factories";
import { call } from "../helpers/http";
import { buildWorld, login, me, type Pair } from "./operators-support";

const db = () => getDb();
const rowsOf = () =>
  Promise.all([
    db().accountingOperator.findMany({ orderBy: { id: "asc" } }),
    db().clientOperator.findMany({ orderBy: { id: "asc" } }),
  ]);

describe("refusals keep every row", () => {
  type Case = [
    string,
    typeof adminPost,
    (w: Awaited<ReturnType<typeof buildWorld>>) => { actor: string; operatorId: number; platform?: string },
    number,
    string,
  ];
  const cases: Case[] = [
    [
      "owner makes itself admin",
      adminPost,
      (w) => ({ actor: w.ownerA.user.email, operatorId: w.ownerA.id }),
      403,
      "Você não pode realizar esta ação em si mesmo.",
    ],
    [
      "admin blocks itself",
      blockPost,
      (w) => ({ actor: w.adminA.user.email, operatorId: w.adminA.id }),
      403,
      "Você não pode realizar esta ação em si mesmo.",
    ],
    [
      "admin removes itself",
      removeAccountingPost,
      (w) => ({ actor: w.adminA.user.email, operatorId: w.adminA.id }),
      403,
      "Você não pode realizar esta ação em si mesmo.",
    ],
    [
      "client owner blocks itself",
      blockPost,
      (w) => ({ actor: w.clientOwnerA1.user.email, operatorId: w.clientOwnerA1.id }),
      403,
      "Você não pode realizar esta ação em si mesmo.",
    ],
    [
      "admin blocks the owner",
      blockPost,
      (w) => ({ actor: w.adminA.user.email, operatorId: w.ownerA.id }),
      403,
      "Você não tem permissão para esta ação.",
    ],
    [
      "admin removes the owner",
      removeAccountingPost,
      (w) => ({ actor: w.adminA.user.email, operatorId: w.ownerA.id }),
      403,
      "Você não tem permissão para esta ação.",
    ],
    [
      "client admin blocks the client owner",
      blockPost,
      (w) => ({ actor: w.clientAdminA1.user.email, operatorId: w.clientOwnerA1.id, platform: "bussiness" }),
      403,
      "Você não tem permissão para esta ação.",
    ],
    [
      "client admin removes the client owner",
      removeClientPost,
      (w) => ({ actor: w.clientAdminA1.user.email, operatorId: w.clientOwnerA1.id }),
      403,
      "Você não tem permissão para esta ação.",
    ],
    [
      "regular makes a colleague admin",
      adminPost,
      (w) => ({ actor: w.regularA.user.email, operatorId: w.regular2A.id }),
      403,
      "Você não tem permissão para esta ação.",
    ],
    [
      "remove an operator still responsible for clients",
      removeAccountingPost,
      (w) => ({ actor: w.ownerA.user.email, operatorId: w.regularA.id }),
      409,
      "Transfira os clientes deste operador antes de removê-lo.",
    ],
    ["unknown operator id", blockPost, () => ({ actor: "", operatorId: 999_999 }), 404, "Não encontrado."],
  ];

  test.each(cases)("%s", async (_name, handler, pick, status, message) => {
    const w = await buildWorld();
    const { actor, operatorId, platform } = pick(w);
    const token = await login(actor || w.ownerA.user.email);
    const before = await rowsOf();
    const res = await call(handler, { body: { operatorId, ...(platform ? { platform } : {}) }, token });
    expect(res.status).toBe(status);
    expect(res.json.error?.message).toBe(message);
    expect(await rowsOf()).toEqual(before);
  });
});

describe("owners", () => {
  test("an owner cannot change another owner's type (409)", async () => {
    const office = await createOffice();
    const [owner1, owner2] = [
      await createAccountingOperator({ office, type: 0 }),
      await createAccountingOperator({ office, type: 0 }),
    ];
    const res = await call(adminPost, { body: { operatorId: owner2.id }, token: await login(owner1.user.email) });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe("O tipo de um dono não pode ser alterado.");
    expect((await db().accountingOperator.findUniqueOrThrow({ where: { id: owner2.id } })).type).toBe(0);
  });

  test("the last unblocked owner cannot be blocked or removed (actor loaded before the other block)", async () => {
    const office = await createOffice();
    const [owner1, owner2] = [
      await createAccountingOperator({ office, type: 0 }),
      await createAccountingOperator({ office, type: 0 }),
    ];
    const staleOwner2 = (await loadActor(owner2.userId))!.actor; // authenticated just before being blocked
    const blocked = await call(blockPost, { body: { operatorId: owner2.id }, token: await login(owner1.user.email) });
    expect(blocked.status).toBe(200);
    for (const attempt of [
      () => toggleBlock({ actor: staleOwner2, body: { operatorId: owner1.id } }),
      () => removeOperator({ actor: staleOwner2, platform: "accounting", operatorId: owner1.id }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        code: "conflict",
        message: "Não é possível deixar o escritório ou a empresa sem um dono ativo.",
      });
    }
    expect(await db().accountingOperator.findUniqueOrThrow({ where: { id: owner1.id } })).toMatchObject({
      blocked: false,
      type: 0,
    });
  });

  test("two owners blocking each other at once: one stays unblocked", async () => {
    const office = await createOffice();
    const [owner1, owner2] = [
      await createAccountingOperator({ office, type: 0 }),
      await createAccountingOperator({ office, type: 0 }),
    ];
    const [t1, t2] = [await login(owner1.user.email), await login(owner2.user.email)];
    const results = await Promise.all([
      call(blockPost, { body: { operatorId: owner2.id }, token: t1 }),
      call(blockPost, { body: { operatorId: owner1.id }, token: t2 }),
    ]);
    expect(results.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    expect(await db().accountingOperator.count({ where: { officeId: office.id, type: 0, blocked: false } })).toBe(1);
  });

  test("a client owner may remove another client owner", async () => {
    const owner1 = await createClientOperator({ type: 0 });
    const owner2 = await createClientOperator({ client: { id: owner1.clientId }, type: 0 });
    const res = await call(removeClientPost, {
      body: { operatorId: owner2.id },
      token: await login(owner1.user.email),
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({});
  });

  test("an admin may act on another admin (equal privilege)", async () => {
    const w = await buildWorld();
    const admin2 = await createAccountingOperator({ office: { id: w.adminA.officeId }, type: 1 });
    const res = await call(adminPost, { body: { operatorId: admin2.id }, token: await login(w.adminA.user.email) });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: admin2.id, type: 2 });
  });
});

describe("sessions end at once", () => {
  test("a blocked operator's access token answers 401 right away and its refresh token is revoked", async () => {
    const w = await buildWorld();
    const pair = (await call<Pair>(tokenPost, { body: { username: w.regularA.user.email, password: "demo1234" } })).json
      .data!;
    expect((await me(pair.access)).status).toBe(200);
    const res = await call(blockPost, { body: { operatorId: w.regularA.id }, token: await login(w.ownerA.user.email) });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: w.regularA.id, blocked: true });
    expect((await me(pair.access)).status).toBe(401);
    expect((await call(refreshPost, { body: { refresh: pair.refresh } })).status).toBe(401);
    expect(await db().refreshToken.count({ where: { userId: w.regularA.userId, revokedAt: null } })).toBe(0);

    const unblocked = await call(blockPost, {
      body: { operatorId: w.regularA.id },
      token: await login(w.ownerA.user.email),
    });
    expect(unblocked.json.data).toMatchObject({ blocked: false });
    expect(
      await db().auditEvent.count({ where: { action: "operator.unblock", targetId: String(w.regularA.id) } }),
    ).toBe(1);
    expect((await me(await login(w.regularA.user.email))).status).toBe(200);
  });

  test("a removed operator's tokens die; clients it kept only as removed pass to the remover", async () => {
    const w = await buildWorld();
    const clientA2 = await db().client.findFirstOrThrow({ where: { responsibleOperatorId: w.regularA.id } });
    await db().client.update({ where: { id: clientA2.id }, data: { removedAt: new Date() } });
    const token = await login(w.regularA.user.email);
    const res = await call(removeAccountingPost, {
      body: { operatorId: w.regularA.id },
      token: await login(w.adminA.user.email),
    });
    expect(res.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await db().client.findUniqueOrThrow({ where: { id: clientA2.id } })).responsibleOperatorId).toBe(
      w.adminA.id,
    );
  });
});
