// Managing colleagues (spec §6 rights): the permission matrix of change/admin, block/change,
// remove/accounting, remove/client and change/sharedto through the real route handlers and PostgreSQL.
import { POST as adminPost } from "@/app/api/operator/change/admin/route";
import { POST as blockPost } from "@/app/api/operator/block/change/route";
import { POST as removeAccountingPost } from "@/app/api/operator/remove/accounting/route";
import { POST as removeClientPost } from "@/app/api/operator/remove/client/route";
import { POST as sharedPost } from "@/app/api/operator/change/sharedto/route";
import { getDb } from "@/server/db/client";
import { createAccountingOperator, createClientOperator, createUser } from "../helpers/factories";
import { call } from "../helpers/http";
import { buildWorld, login, type Who, type World } from "./operators-support";

type Handler = typeof adminPost;
type Endpoint = {
  name: string;
  handler: Handler;
  body: (operatorId: number) => Record<string, unknown>;
  check: (w: World) => Promise<void>;
};
type Expect = Partial<Record<Who | "anonymous", number>>;

const db = () => getDb();

/** Everything a refused call must leave untouched. */
async function snapshot() {
  return {
    accounting: await db().accountingOperator.findMany({ orderBy: { id: "asc" } }),
    client: await db().clientOperator.findMany({ orderBy: { id: "asc" } }),
    users: await db().user.findMany({ orderBy: { id: "asc" }, select: { id: true, validAfter: true } }),
    revoked: await db().refreshToken.count({ where: { revokedAt: { not: null } } }),
    audits: await db().auditEvent.count({ where: { action: { startsWith: "operator." } } }),
    responsible: await db().client.findMany({
      orderBy: { id: "asc" },
      select: { id: true, responsibleOperatorId: true },
    }),
  };
}

const audited = async (action: string, targetId: number) =>
  expect(await db().auditEvent.count({ where: { action, targetId: String(targetId) } })).toBe(1);

// Accounting endpoints, target: a regular operator of office A (regular2A).
const accountingEndpoints: Endpoint[] = [
  {
    name: "change/admin",
    handler: adminPost,
    body: (operatorId) => ({ operatorId, platform: "accounting" }),
    check: async (w) => {
      expect((await db().accountingOperator.findUniqueOrThrow({ where: { id: w.regular2A.id } })).type).toBe(1);
      await audited("operator.admin", w.regular2A.id);
    },
  },
  {
    name: "block/change",
    handler: blockPost,
    body: (operatorId) => ({ operatorId, platform: "accounting" }),
    check: async (w) => {
      expect((await db().accountingOperator.findUniqueOrThrow({ where: { id: w.regular2A.id } })).blocked).toBe(true);
      await audited("operator.block", w.regular2A.id);
    },
  },
  {
    name: "remove/accounting",
    handler: removeAccountingPost,
    body: (operatorId) => ({ operatorId }),
    check: async (w) => {
      expect(await db().accountingOperator.findUnique({ where: { id: w.regular2A.id } })).toBeNull();
      expect(await db().user.findUnique({ where: { id: w.regular2A.userId } })).not.toBeNull();
      await audited("operator.remove", w.regular2A.id);
    },
  },
];
const accountingExpect: Expect = {
  ownerA: 200,
  adminA: 200,
  regularA: 403,
  ownerB: 404,
  clientOwnerA1: 403, // a business user on an accounting endpoint
  clientRegularA1: 403,
  anonymous: 401,
};

// Client endpoints, target: a regular operator of client A1 (clientRegular2A1).
const clientEndpoints: Endpoint[] = [
  {
    name: "change/admin",
    handler: adminPost,
    body: (operatorId) => ({ operatorId, platform: "bussiness" }),
    check: async (w) => {
      expect((await db().clientOperator.findUniqueOrThrow({ where: { id: w.clientRegular2A1.id } })).type).toBe(1);
      await audited("operator.admin", w.clientRegular2A1.id);
    },
  },
  {
    name: "block/change",
    handler: blockPost,
    body: (operatorId) => ({ operatorId, platform: "bussiness" }),
    check: async (w) => {
      expect((await db().clientOperator.findUniqueOrThrow({ where: { id: w.clientRegular2A1.id } })).blocked).toBe(
        true,
      );
      await audited("operator.block", w.clientRegular2A1.id);
    },
  },
  {
    name: "remove/client",
    handler: removeClientPost,
    body: (operatorId) => ({ operatorId }),
    check: async (w) => {
      expect(await db().clientOperator.findUnique({ where: { id: w.clientRegular2A1.id } })).toBeNull();
      expect(await db().user.findUnique({ where: { id: w.clientRegular2A1.userId } })).not.toBeNull();
      await audited("operator.remove", w.clientRegular2A1.id);
    },
  },
];
const clientExpect: Expect = {
  clientOwnerA1: 200,
  clientAdminA1: 200,
  clientRegularA1: 403,
  clientOwnerA2: 404, // another client company
  ownerA: 403, // an accounting-only user on the client platform
  adminA: 403,
  anonymous: 401,
};

const sharedEndpoint: Endpoint = {
  name: "change/sharedto",
  handler: sharedPost,
  body: (operatorId) => ({ operatorId }),
  check: async (w) => {
    expect((await db().clientOperator.findUniqueOrThrow({ where: { id: w.clientRegular2A1.id } })).sharedGallery).toBe(
      true,
    );
    await audited("operator.shared_gallery", w.clientRegular2A1.id);
  },
};
const sharedExpect: Expect = {
  clientOwnerA1: 200,
  clientAdminA1: 200,
  clientRegular2A1: 200, // the operator itself
  clientRegularA1: 403, // a regular colleague
  clientOwnerA2: 404,
  ownerA: 403,
  anonymous: 401,
};

type Row = [string, Who | "anonymous", number, Endpoint, (w: World) => number];
const rows: Row[] = [
  ...accountingEndpoints.flatMap((e) =>
    Object.entries(accountingExpect).map(([who, status]): Row => [
      `accounting ${e.name}`,
      who as Who,
      status,
      e,
      (w) => w.regular2A.id,
    ]),
  ),
  ...clientEndpoints.flatMap((e) =>
    Object.entries(clientExpect).map(([who, status]): Row => [
      `client ${e.name}`,
      who as Who,
      status,
      e,
      (w) => w.clientRegular2A1.id,
    ]),
  ),
  ...Object.entries(sharedExpect).map(([who, status]): Row => [
    "client change/sharedto",
    who as Who,
    status,
    sharedEndpoint,
    (w) => w.clientRegular2A1.id,
  ]),
];

describe("permission matrix", () => {
  test.each(rows)("%s by %s → %i", async (_label, who, status, endpoint, targetOf) => {
    const w = await buildWorld();
    const token = who === "anonymous" ? undefined : await login(w[who].user.email);
    const before = await snapshot();
    const res = await call(endpoint.handler, { body: endpoint.body(targetOf(w)), token });
    expect(res.status).toBe(status);
    if (status === 200) {
      await endpoint.check(w);
    } else {
      expect(await snapshot()).toEqual(before);
    }
  });
});

// The shared-gallery switch follows the rank rule of spec §6 (equal or lower privilege), as
// the drawer does: a client admin may not flip the owner's.
describe("the client owner's shared-gallery switch", () => {
  const ownerSwitch: Expect = {
    clientOwnerA1: 200,
    clientAdminA1: 403,
    clientRegularA1: 403,
    clientOwnerA2: 404,
    ownerA: 403,
  };
  test.each(Object.entries(ownerSwitch))("by %s → %i", async (who, status) => {
    const w = await buildWorld();
    const before = await snapshot();
    const res = await call(sharedPost, {
      body: { operatorId: w.clientOwnerA1.id },
      token: await login(w[who as Who].user.email),
    });
    expect(res.status).toBe(status);
    if (status === 200)
      expect((await db().clientOperator.findUniqueOrThrow({ where: { id: w.clientOwnerA1.id } })).sharedGallery).toBe(
        true,
      );
    else expect(await snapshot()).toEqual(before);
  });

  test("another client owner may flip it (equal privilege)", async () => {
    const w = await buildWorld();
    const owner2 = await createClientOperator({ client: { id: w.clientOwnerA1.clientId }, type: 0 });
    const res = await call(sharedPost, {
      body: { operatorId: w.clientOwnerA1.id },
      token: await login(owner2.user.email),
    });
    expect(res.status).toBe(200);
  });
});

// A user on both platforms acts with its accounting rank on office A and its client rank on company A1.
describe("a user on both platforms (an operator of office A and of its client A1)", () => {
  type Side = "accounting" | "bussiness";
  type DualCase = [string, { accounting: number; client: number }, Handler, Side | null, (w: World) => number, number];
  const adminRegular = { accounting: 1, client: 2 };
  const regularOwner = { accounting: 2, client: 0 };
  const cases: DualCase[] = [
    ["office admin blocks an office regular", adminRegular, blockPost, "accounting", (w) => w.regular2A.id, 200],
    [
      "office admin, client regular, blocks a client regular",
      adminRegular,
      blockPost,
      "bussiness",
      (w) => w.clientRegular2A1.id,
      403,
    ],
    [
      "office admin, client regular, flips a colleague's shared gallery",
      adminRegular,
      sharedPost,
      null,
      (w) => w.clientRegular2A1.id,
      403,
    ],
    ["office admin removes an office regular", adminRegular, removeAccountingPost, null, (w) => w.regular2A.id, 200],
    [
      "office regular, client owner, blocks an office regular",
      regularOwner,
      blockPost,
      "accounting",
      (w) => w.regular2A.id,
      403,
    ],
    [
      "office regular, client owner, blocks a client regular",
      regularOwner,
      blockPost,
      "bussiness",
      (w) => w.clientRegular2A1.id,
      200,
    ],
    [
      "client owner makes a client regular admin",
      regularOwner,
      adminPost,
      "bussiness",
      (w) => w.clientRegular2A1.id,
      200,
    ],
    [
      "client owner flips the client owner's shared gallery (equal privilege)",
      regularOwner,
      sharedPost,
      null,
      (w) => w.clientOwnerA1.id,
      200,
    ],
    ["office regular removes an office regular", regularOwner, removeAccountingPost, null, (w) => w.regular2A.id, 403],
    ["client owner removes a client regular", regularOwner, removeClientPost, null, (w) => w.clientRegular2A1.id, 200],
  ];

  test.each(cases)("%s → %i", async (_name, types, handler, platform, targetOf, status) => {
    const w = await buildWorld();
    const user = await createUser();
    await createAccountingOperator({ office: { id: w.ownerA.officeId }, type: types.accounting, user });
    await createClientOperator({ client: { id: w.clientOwnerA1.clientId }, type: types.client, user });
    const before = await snapshot();
    const res = await call(handler, {
      body: { operatorId: targetOf(w), ...(platform ? { platform } : {}) },
      token: await login(user.email),
    });
    expect(res.status).toBe(status);
    if (status !== 200) expect(await snapshot()).toEqual(before);
  });

  test("its own shared-gallery switch, as a client regular", async () => {
    const w = await buildWorld();
    const user = await createUser();
    await createAccountingOperator({ office: { id: w.ownerA.officeId }, type: 1, user });
    const own = await createClientOperator({ client: { id: w.clientOwnerA1.clientId }, type: 2, user });
    const res = await call(sharedPost, { body: { operatorId: own.id }, token: await login(user.email) });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: own.id, sharedTo: true });
  });
});
