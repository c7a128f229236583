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

const actors = {
  ownerA: accounting(101, officeA, 0),
  adminA: accounting(102, officeA, 1),
  regularA: accounting(103, officeA, 2),
  ownerB: accounting(201, officeB, 0),
  clientOwnerA1: business(301, clientA1.id, 0),
  clientRegularA1: business(302, clientA1.id, 2),
  clientOwnerA2: business(401, clientA2.id, 0),
};
type Who = keyof typeof actors;

const ops = {
  adminOfA: { id: 102, type: 1, officeId: officeA },
  regularOfA: { id: 103, type: 2, officeId: officeA },
  ownerOfA: { id: 101, type: 0, officeId: officeA },
  regularOfB: { id: 202, type: 2, officeId: officeB },
  regularOfClientA1: { id: 302, type: 2, clientId: clientA1.id },
  ownerOfClientA1: { id: 301, type: 0, clientId: clientA1.id },
  regularOfClientA2: { id: 402, type: 2, clientId: clientA2.id },
};

type Case = [Action, unknown, Who[]]; // action, resource, who may (everyone else may not)
const cases: Case[] = [
  ["platform.accounting", null, ["ownerA", "adminA", "regularA", "ownerB"]],
  ["platform.business", null, ["clientOwnerA1", "clientRegularA1", "clientOwnerA2"]],
  ["office.edit", null, ["ownerA", "ownerB"]],
  ["client.edit", null, ["clientOwnerA1", "clientOwnerA2"]],
  ["operator.invite", null, ["ownerA", "adminA", "ownerB", "clientOwnerA1", "clientOwnerA2"]],
  ["operator.manage", ops.regularOfA, ["ownerA", "adminA"]],
  ["operator.manage", ops.adminOfA, ["ownerA"]], // adminA may not act on itself
  ["operator.manage", ops.ownerOfA, []],
  ["operator.manage", ops.regularOfB, ["ownerB"]],
  ["operator.manage", ops.regularOfClientA1, ["clientOwnerA1"]],
  ["operator.manage", ops.ownerOfClientA1, []],
  ["operator.manage", ops.regularOfClientA2, ["clientOwnerA2"]],
  ["client.create", null, ["ownerA", "adminA", "regularA", "ownerB"]],
  ["client.work", clientA1, ["ownerA", "adminA", "regularA"]],
  ["client.work", clientB1, ["ownerB"]],
  ["client.own", clientA1, ["ownerA"]],
  ["client.own", clientA2, ["regularA"]],
  ["client.own", clientB1, ["ownerB"]],
  ["block.send", null, ["clientOwnerA1", "clientRegularA1", "clientOwnerA2"]],
  ["pendency.solve", null, ["clientOwnerA1", "clientRegularA1", "clientOwnerA2"]],
  ["gallery.share", ops.regularOfClientA1, ["clientOwnerA1", "clientRegularA1"]],
  ["gallery.share", ops.regularOfClientA2, ["clientOwnerA2"]],
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
