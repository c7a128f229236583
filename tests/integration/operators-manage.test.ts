// Managing colleagues (spec §6 rights): the permission matrix of change/admin, block/change,
// remove/accounting, remove/client and change/sharedto through the real route handlers and PostgreSQL.
import { POST as adminPost } from "@/app/api/operator/change/admin/route";
import { POST as blockPost } from "@/app/api/operator/block/change/route";
import { POST as removeAccountingPost } from "@/app/api/operator/remove/accounting/route";
import { POST as removeClientPost } from "@/app/api/operator/remove/client/route";
import { POST as sharedPost } from "@/app/api/operator/change/sharedto/route";
import { getDb } from "@/server/db/client";
import { call } from "../helpers/http";
import { buildWorld, login, type Who, type World } from "./operators-support";

type Handler = typeof adminPost;
type Endpoint = { name: string; handler: Handler; body: (operatorId: number) => Record<string, unknown>; check: (w: World) => Promise<void> };
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
    responsible: await db().client.findMany({ orderBy: { id: "asc" }, select: { id: true, responsibleOperatorId: true } }),
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
      expect((await db().clientOperator.findUniqueOrThrow({ where: { id: w.clientRegular2A1.id } })).blocked).toBe(true);
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
    expect((await db().clientOperator.findUniqueOrThrow({ where: { id: w.clientRegular2A1.id } })).sharedGallery).toBe(true);
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
  ...accountingEndpoints.flatMap((e) => Object.entries(accountingExpect).map(([who, status]): Row => [`accounting ${e.name}`, who as Who, status, e, (w) => w.regular2A.id])),
  ...clientEndpoints.flatMap((e) => Object.entries(clientExpect).map(([who, status]): Row => [`client ${e.name}`, who as Who, status, e, (w) => w.clientRegular2A1.id])),
  ...Object.entries(sharedExpect).map(([who, status]): Row => ["client change/sharedto", who as Who, status, sharedEndpoint, (w) => w.clientRegular2A1.id]),
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
