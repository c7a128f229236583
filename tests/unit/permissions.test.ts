import {
  adminStar,
  canManageOperator,
  canToggleSharedGallery,
  isManager,
  OPERATOR_TYPE,
} from "@/lib/permissions/operators";
import { can, permissionTable, type Action } from "@/server/policy/permissions";
import type { Actor } from "@/server/policy/actor";

// The permission matrix across two offices (A, B) and two clients of office A (A1, A2): every row of
// the table is asked for every actor, so a rule added without a decision here fails the suite.
const officeA = 1;
const officeB = 2;
const clientA1 = { id: 11, officeId: officeA, responsibleOperatorId: 101 };
const clientA2 = { id: 12, officeId: officeA, responsibleOperatorId: 103 };
const clientB1 = { id: 21, officeId: officeB, responsibleOperatorId: 201 };

const profile = { code: null, phone: null, pictureKey: null, officeName: null, clientName: null, clientType: null };
const accounting = (operatorId: number, officeId: number, type: number): Actor => ({
  userId: operatorId,
  email: `${operatorId}@x`,
  name: "x",
  profile,
  accounting: { operatorId, officeId, type, hasPaymentAccess: false },
  business: null,
});
const business = (operatorId: number, clientId: number, type: number): Actor => ({
  userId: 1000 + operatorId,
  email: `b${operatorId}@x`,
  name: "x",
  profile,
  accounting: null,
  business: { operatorId, clientId, officeId: officeA, type },
});

/** One user on both platforms: an accounting operator of office A and a client operator of A1. */
const dual = (acc: { operatorId: number; type: number }, bus: { operatorId: number; type: number }): Actor => ({
  ...accounting(acc.operatorId, officeA, acc.type),
  business: { operatorId: bus.operatorId, clientId: clientA1.id, officeId: officeA, type: bus.type },
});

const actors = {
  ownerA: accounting(101, officeA, 0),
  adminA: accounting(102, officeA, 1),
  regularA: accounting(103, officeA, 2),
  ownerB: accounting(201, officeB, 0),
  clientOwnerA1: business(301, clientA1.id, 0),
  clientAdminA1: business(303, clientA1.id, 1),
  clientRegularA1: business(302, clientA1.id, 2),
  clientOwnerA2: business(401, clientA2.id, 0),
  // Regular in the office, owner of its company: manages on the client side only.
  dualRegularOwner: dual({ operatorId: 104, type: 2 }, { operatorId: 304, type: 0 }),
  // Admin in the office, regular in the company: manages on the accounting side only.
  dualAdminRegular: dual({ operatorId: 105, type: 1 }, { operatorId: 305, type: 2 }),
};
type Who = keyof typeof actors;

const ops = {
  adminOfA: { id: 102, type: 1, officeId: officeA },
  regularOfA: { id: 103, type: 2, officeId: officeA },
  ownerOfA: { id: 101, type: 0, officeId: officeA },
  regularOfB: { id: 202, type: 2, officeId: officeB },
  regularOfClientA1: { id: 302, type: 2, clientId: clientA1.id },
  adminOfClientA1: { id: 303, type: 1, clientId: clientA1.id },
  ownerOfClientA1: { id: 301, type: 0, clientId: clientA1.id },
  regularOfClientA2: { id: 402, type: 2, clientId: clientA2.id },
  // The dual users' own memberships, and colleagues whose id equals the other table's id of a dual user
  // (ids are per table: a client operator 105 is not accounting operator 105).
  dualRegularOwnerAccounting: { id: 104, type: 2, officeId: officeA },
  dualRegularOwnerClient: { id: 304, type: 0, clientId: clientA1.id },
  dualAdminRegularClient: { id: 305, type: 2, clientId: clientA1.id },
  clientRegularNumbered105: { id: 105, type: 2, clientId: clientA1.id },
  regularOfANumbered305: { id: 305, type: 2, officeId: officeA },
};

const dualUsers: Who[] = ["dualRegularOwner", "dualAdminRegular"];
type Case = [Action, unknown, Who[]]; // action, resource, who may (everyone else may not)
const cases: Case[] = [
  ["platform.accounting", null, ["ownerA", "adminA", "regularA", "ownerB", ...dualUsers]],
  ["platform.business", null, ["clientOwnerA1", "clientAdminA1", "clientRegularA1", "clientOwnerA2", ...dualUsers]],
  ["office.edit", null, ["ownerA", "ownerB"]],
  ["client.edit", null, ["clientOwnerA1", "clientOwnerA2", "dualRegularOwner"]],
  [
    "operator.invite",
    null,
    ["ownerA", "adminA", "ownerB", "clientOwnerA1", "clientAdminA1", "clientOwnerA2", ...dualUsers],
  ],
  ["operator.manage", ops.regularOfA, ["ownerA", "adminA", "dualAdminRegular"]],
  ["operator.manage", ops.adminOfA, ["ownerA", "dualAdminRegular"]], // adminA may not act on itself
  ["operator.manage", ops.ownerOfA, []],
  ["operator.manage", ops.regularOfB, ["ownerB"]],
  ["operator.manage", ops.regularOfClientA1, ["clientOwnerA1", "clientAdminA1", "dualRegularOwner"]],
  ["operator.manage", ops.adminOfClientA1, ["clientOwnerA1", "dualRegularOwner"]], // not itself
  ["operator.manage", ops.ownerOfClientA1, ["dualRegularOwner"]], // owner over owner: equal privilege
  ["operator.manage", ops.regularOfClientA2, ["clientOwnerA2"]],
  // The dual users on each side: the accounting rank on the office, the client rank on the company.
  ["operator.manage", ops.dualRegularOwnerAccounting, ["ownerA", "adminA", "dualAdminRegular"]],
  ["operator.manage", ops.dualRegularOwnerClient, ["clientOwnerA1"]],
  ["operator.manage", ops.dualAdminRegularClient, ["clientOwnerA1", "clientAdminA1", "dualRegularOwner"]],
  ["operator.manage", ops.clientRegularNumbered105, ["clientOwnerA1", "clientAdminA1", "dualRegularOwner"]],
  ["operator.manage", ops.regularOfANumbered305, ["ownerA", "adminA", "dualAdminRegular"]],
  ["client.create", null, ["ownerA", "adminA", "regularA", "ownerB", ...dualUsers]],
  // The office's chart of accounts: owners and administrators (the dual admin on its office side).
  ["chart.edit", null, ["ownerA", "adminA", "ownerB", "dualAdminRegular"]],
  ["office.export", null, ["ownerA", "adminA", "ownerB", "dualAdminRegular"]],
  ["client.work", clientA1, ["ownerA", "adminA", "regularA", ...dualUsers]],
  ["client.work", clientB1, ["ownerB"]],
  ["client.own", clientA1, ["ownerA"]],
  ["client.own", clientA2, ["regularA"]],
  ["client.own", clientB1, ["ownerB"]],
  // Transfer is client.own, plus the office owner when the responsible operator is blocked.
  ["client.transfer", { ...clientA1, responsibleBlocked: false }, ["ownerA"]],
  ["client.transfer", { ...clientA2, responsibleBlocked: false }, ["regularA"]],
  ["client.transfer", { ...clientA2, responsibleBlocked: true }, ["ownerA", "regularA"]],
  ["client.transfer", { ...clientB1, responsibleBlocked: true }, ["ownerB"]],
  ["block.send", null, ["clientOwnerA1", "clientAdminA1", "clientRegularA1", "clientOwnerA2", ...dualUsers]],
  ["pendency.solve", null, ["clientOwnerA1", "clientAdminA1", "clientRegularA1", "clientOwnerA2", ...dualUsers]],
  // Only the sender undoes a send (a client operator id is not an accounting operator id).
  ["block.undo", { clientId: clientA1.id, sentById: 302 }, ["clientRegularA1"]],
  ["block.undo", { clientId: clientA1.id, sentById: 304 }, ["dualRegularOwner"]],
  ["block.undo", { clientId: clientA2.id, sentById: 302 }, []],
  ["block.undo", { clientId: clientA1.id, sentById: null }, []],
  // Own default-library documents; a returned one by anyone of its company.
  ["document.remove", { clientId: clientA1.id, uploadedById: 302, library: "", devolved: false }, ["clientRegularA1"]],
  ["document.remove", { clientId: clientA1.id, uploadedById: 302, library: "outra", devolved: false }, []],
  ["document.remove", { clientId: clientA1.id, uploadedById: 105, library: "", devolved: false }, []], // not dualAdminRegular's 105
  [
    "document.remove",
    { clientId: clientA1.id, uploadedById: null, library: "", devolved: true },
    ["clientOwnerA1", "clientAdminA1", "clientRegularA1", ...dualUsers],
  ],
  ["document.remove", { clientId: clientA2.id, uploadedById: 401, library: "", devolved: true }, ["clientOwnerA2"]],
  [
    "document.restore",
    { clientId: clientA1.id, uploadedById: 302, library: "", devolved: true },
    ["clientOwnerA1", "clientAdminA1", "clientRegularA1", ...dualUsers],
  ],
  ["document.restore", { clientId: clientA1.id, uploadedById: 302, library: "", devolved: false }, []],
  ["gallery.share", ops.regularOfClientA1, ["clientOwnerA1", "clientAdminA1", "clientRegularA1", "dualRegularOwner"]],
  ["gallery.share", ops.regularOfClientA2, ["clientOwnerA2"]],
  // A client admin may not flip the owner's switch (equal or lower privilege only).
  ["gallery.share", ops.ownerOfClientA1, ["clientOwnerA1", "dualRegularOwner"]],
  ["gallery.share", ops.adminOfClientA1, ["clientOwnerA1", "clientAdminA1", "dualRegularOwner"]],
  ["gallery.share", ops.dualRegularOwnerClient, ["clientOwnerA1", "dualRegularOwner"]],
  [
    "gallery.share",
    ops.dualAdminRegularClient,
    ["clientOwnerA1", "clientAdminA1", "dualRegularOwner", "dualAdminRegular"],
  ],
  ["gallery.share", ops.clientRegularNumbered105, ["clientOwnerA1", "clientAdminA1", "dualRegularOwner"]], // not dualAdminRegular's 105
];

describe("permission matrix", () => {
  for (const [action, resource, allowed] of cases) {
    for (const who of Object.keys(actors) as Who[]) {
      const expected = allowed.includes(who);
      test(`${action} ${JSON.stringify(resource)}: ${who} ${expected ? "may" : "may not"}`, () => {
        expect(can(actors[who], action, resource as never)).toBe(expected);
      });
    }
  }

  test("every action of the table has at least one case", () => {
    const covered = new Set(cases.map(([action]) => action));
    expect([...covered].sort()).toEqual(Object.keys(permissionTable).sort());
  });
});

// The drawer 'Buscar operador' (components/operators) asks lib/permissions/operators; the
// server's table must answer the same for a colleague of the same office or company. For every viewer
// type, target type and "is it me", the table equals the shared rule.
describe("one rule for server and UI (lib/permissions/operators)", () => {
  const types = [OPERATOR_TYPE.owner, OPERATOR_TYPE.admin, OPERATOR_TYPE.regular];
  const combos = types.flatMap((viewerType) =>
    types.flatMap((targetType) => [true, false].map((self) => ({ viewerType, targetType, self }))),
  );

  test.each(combos)(
    "viewer type $viewerType, target type $targetType, self $self",
    ({ viewerType, targetType, self }) => {
      if (self && viewerType !== targetType) return; // one operator has one type
      const viewer = { operatorId: 500, type: viewerType };
      const target = { id: self ? 500 : 501, type: targetType };
      const clientActor = business(500, clientA1.id, viewerType);
      const officeActor = accounting(500, officeA, viewerType);
      const manage = canManageOperator(viewer, target);
      expect(can(officeActor, "operator.manage", { ...target, officeId: officeA })).toBe(manage);
      expect(can(clientActor, "operator.manage", { ...target, clientId: clientA1.id })).toBe(manage);
      expect(can(clientActor, "gallery.share", { ...target, clientId: clientA1.id })).toBe(
        canToggleSharedGallery(viewer, target),
      );
      expect(can(officeActor, "operator.invite", null)).toBe(isManager(viewer));
      expect(can(officeActor, "office.edit", null)).toBe(viewer.type === OPERATOR_TYPE.owner);
    },
  );

  test.each([
    ["owner over owner", 0, 0, true],
    ["owner over admin", 0, 1, true],
    ["admin over owner", 1, 0, false],
    ["admin over admin", 1, 1, true],
    ["admin over regular", 1, 2, true],
    ["regular over regular", 2, 2, false],
  ])("%s: manage %s", (_name, own, target, allowed) => {
    expect(canManageOperator({ operatorId: 1, type: own as number }, { id: 2, type: target as number })).toBe(allowed);
    expect(canToggleSharedGallery({ operatorId: 1, type: own as number }, { id: 2, type: target as number })).toBe(
      allowed,
    );
  });

  test("the shared-gallery switch: a regular flips its own, never a colleague's", () => {
    expect(canToggleSharedGallery({ operatorId: 7, type: 2 }, { id: 7, type: 2 })).toBe(true);
    expect(canToggleSharedGallery({ operatorId: 7, type: 2 }, { id: 8, type: 2 })).toBe(false);
  });

  test("the admin star: read-only on the owner and on oneself, a toggle on an admin or regular one manages", () => {
    expect(adminStar({ operatorId: 1, type: 1 }, { id: 2, type: 0 })).toBe("admin");
    expect(adminStar({ operatorId: 1, type: 1 }, { id: 1, type: 1 })).toBe("admin");
    expect(adminStar({ operatorId: 1, type: 0 }, { id: 2, type: 1 })).toBe("demote");
    expect(adminStar({ operatorId: 1, type: 1 }, { id: 2, type: 2 })).toBe("promote");
    expect(adminStar({ operatorId: 1, type: 2 }, { id: 2, type: 2 })).toBeNull();
  });
});
