// Share, transfer and remove a client — POST /api/operator/shared(/change),
// /api/operator/transfer(/change) and /api/client/remove. Only the responsible operator may, whatever its
// type; the office owner only transfers a client whose responsible operator is blocked.
import { POST as clientPost } from "@/app/api/client/route";
import { POST as removePost } from "@/app/api/client/remove/route";
import { POST as sharedPost } from "@/app/api/operator/shared/route";
import { POST as sharedChangePost } from "@/app/api/operator/shared/change/route";
import { POST as transferPost } from "@/app/api/operator/transfer/route";
import { POST as transferChangePost } from "@/app/api/operator/transfer/change/route";
import { getDb, type Client } from "@/server/db/client";
import {
  createAccountingOperator,
  createClient,
  createClientOperator,
  createOffice,
  shareClient,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";

type Handler = Parameters<typeof call>[0];
type Listed = { id: number; name: string; type: number; blocked: boolean; isShared?: boolean };

type Who = "owner" | "admin" | "responsible" | "colleague" | "shared" | "ownerB" | "business";
const t = {} as Record<Who, string>;
const op = {} as Record<"owner" | "admin" | "responsible" | "colleague" | "shared" | "blocked", OperatorWithUser>;
let officeA: { id: number };

/** A new client of office A, its responsible the regular operator, shared with `shared`. */
async function fresh(responsible: { id: number; officeId: number } = op.responsible): Promise<Client> {
  const client = await createClient({ office: officeA, responsible });
  await shareClient({ client, operator: op.shared });
  return client;
}

beforeAll(async () => {
  officeA = await createOffice();
  op.owner = await createAccountingOperator({ office: officeA, type: 0 });
  op.admin = await createAccountingOperator({ office: officeA, type: 1 });
  op.responsible = await createAccountingOperator({ office: officeA, type: 2 });
  op.colleague = await createAccountingOperator({ office: officeA, type: 2 });
  op.shared = await createAccountingOperator({ office: officeA, type: 2 });
  op.blocked = await createAccountingOperator({ office: officeA, type: 2, blocked: true });
  const someClient = await fresh();
  for (const who of ["owner", "admin", "responsible", "colleague", "shared"] as const)
    t[who] = await login(op[who].user.email);
  t.ownerB = await login((await createAccountingOperator({ type: 0 })).user.email);
  t.business = await login((await createClientOperator({ client: someClient, type: 0 })).user.email);
});

const withClient = (client: Client, extra: Record<string, unknown> = {}) => ({ clientId: client.id, ...extra });

describe("validation (every call)", () => {
  const calls: [string, Handler, boolean][] = [
    ["shared", sharedPost, false],
    ["shared/change", sharedChangePost, true],
    ["transfer", transferPost, false],
    ["transfer/change", transferChangePost, true],
    ["client/remove", removePost, false],
  ];
  describe.each(calls)("%s", (_name, handler, takesOperator) => {
    test.each([0, 2147483648, -1, 1.5, "7", null, undefined])("clientId %p → 400", async (clientId) => {
      const body: Record<string, unknown> = takesOperator ? { accountingOperatorId: op.colleague.id } : {};
      if (clientId !== undefined) body.clientId = clientId;
      const res = await call(handler, { token: t.responsible, body });
      expect(res.status).toBe(400);
      expect(res.json.error?.fields?.[0]?.path).toBe("clientId");
    });
    if (takesOperator) {
      test.each([0, 2147483648, undefined])("accountingOperatorId %p → 400", async (accountingOperatorId) => {
        const client = await fresh();
        const res = await call(handler, { token: t.responsible, body: { clientId: client.id, accountingOperatorId } });
        expect(res.status).toBe(400);
        expect(res.json.error?.fields?.[0]?.path).toBe("accountingOperatorId");
      });
    }
    test("unknown client → 404; anonymous → 401", async () => {
      const body = takesOperator
        ? { clientId: 2147483647, accountingOperatorId: op.colleague.id }
        : { clientId: 2147483647 };
      expect((await call(handler, { token: t.responsible, body })).status).toBe(404);
      expect((await call(handler, { body })).status).toBe(401);
    });
  });
});

describe("the permission matrix", () => {
  // Who may: only the responsible (a regular operator here). Others of the office 403, another office 404.
  const matrix: [Who, number][] = [
    ["responsible", 200],
    ["owner", 403],
    ["admin", 403],
    ["colleague", 403],
    ["shared", 403],
    ["ownerB", 404],
    ["business", 403],
  ];
  test.each(matrix)("shared: %s → %i", async (who, status) => {
    const client = await fresh();
    expect((await call(sharedPost, { token: t[who], body: withClient(client) })).status).toBe(status);
  });
  test.each(matrix)("shared/change: %s → %i", async (who, status) => {
    const client = await fresh();
    const res = await call(sharedChangePost, {
      token: t[who],
      body: withClient(client, { accountingOperatorId: op.colleague.id }),
    });
    expect(res.status).toBe(status);
  });
  test.each(matrix)("transfer: %s → %i", async (who, status) => {
    const client = await fresh();
    expect((await call(transferPost, { token: t[who], body: withClient(client) })).status).toBe(status);
  });
  test.each(matrix)("transfer/change: %s → %i", async (who, status) => {
    const client = await fresh();
    const res = await call(transferChangePost, {
      token: t[who],
      body: withClient(client, { accountingOperatorId: op.colleague.id }),
    });
    expect(res.status).toBe(status);
    const row = await getDb().client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.responsibleOperatorId).toBe(status === 200 ? op.colleague.id : op.responsible.id);
  });
  test.each(matrix)("client/remove: %s → %i", async (who, status) => {
    const client = await fresh();
    expect((await call(removePost, { token: t[who], body: withClient(client) })).status).toBe(status);
    const row = await getDb().client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.removedAt === null).toBe(status !== 200);
  });

  test("an owner who is responsible may do all three (whatever the type, the responsible decides)", async () => {
    const client = await fresh(op.owner);
    expect((await call(sharedPost, { token: t.owner, body: withClient(client) })).status).toBe(200);
    expect((await call(transferPost, { token: t.owner, body: withClient(client) })).status).toBe(200);
    expect((await call(removePost, { token: t.owner, body: withClient(client) })).status).toBe(200);
  });
});

describe("POST /api/operator/shared and shared/change", () => {
  test("the office's other operators with isShared, by type then name; the responsible is not listed", async () => {
    const client = await fresh();
    const res = await call<Listed[]>(sharedPost, { token: t.responsible, body: withClient(client) });
    expect(res.status).toBe(200);
    const list = res.json.data!;
    expect(list.map((o) => o.id)).not.toContain(op.responsible.id);
    for (const who of ["owner", "admin", "colleague", "shared", "blocked"] as const)
      expect(list.map((o) => o.id)).toContain(op[who].id);
    expect(list.find((o) => o.id === op.shared.id)?.isShared).toBe(true);
    expect(list.find((o) => o.id === op.colleague.id)?.isShared).toBe(false);
    const order = list.map((o) => [o.type, o.name.toLowerCase()] as const);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
    expect(order.map((o) => o[0])).toEqual(sorted.map((o) => o[0]));
    expect(list[0]).toMatchObject({
      email: expect.any(String),
      sharedTo: false,
      pictureUrl: null,
      hasPaymentAccess: expect.any(Boolean),
    });
  });

  test("a toggle shares, the operator then sees the client; a second toggle unshares and it loses it; audited", async () => {
    const client = await fresh();
    const see = () => call(clientPost, { token: t.colleague, body: { clientId: client.id } });
    expect((await see()).status).toBe(404);
    const on = await call<Listed[]>(sharedChangePost, {
      token: t.responsible,
      body: withClient(client, { accountingOperatorId: op.colleague.id }),
    });
    expect(on.status).toBe(200);
    expect(on.json.data!.find((o) => o.id === op.colleague.id)?.isShared).toBe(true);
    expect((await see()).status).toBe(200);
    const off = await call<Listed[]>(sharedChangePost, {
      token: t.responsible,
      body: withClient(client, { accountingOperatorId: op.colleague.id }),
    });
    expect(off.json.data!.find((o) => o.id === op.colleague.id)?.isShared).toBe(false);
    expect((await see()).status).toBe(404);
    const events = await getDb().auditEvent.findMany({ where: { clientId: client.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["client.share", "client.unshare"]);
  });

  test("the responsible itself → 400 with a pt-BR message; another office's operator → 404", async () => {
    const client = await fresh();
    const self = await call(sharedChangePost, {
      token: t.responsible,
      body: withClient(client, { accountingOperatorId: op.responsible.id }),
    });
    expect(self.status).toBe(400);
    expect(self.json.error?.message).toBe("O operador responsável já tem acesso a este cliente.");
    const stranger = await createAccountingOperator({ type: 2 });
    expect(
      (
        await call(sharedChangePost, {
          token: t.responsible,
          body: withClient(client, { accountingOperatorId: stranger.id }),
        })
      ).status,
    ).toBe(404);
  });

  test("10 toggles of the same share at once: no error, the answers and the table agree at the end", async () => {
    const client = await fresh();
    const body = withClient(client, { accountingOperatorId: op.colleague.id });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(sharedChangePost, { token: t.responsible, body })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await getDb().clientShare.count({ where: { clientId: client.id, operatorId: op.colleague.id } });
    const list = await call<Listed[]>(sharedPost, { token: t.responsible, body: withClient(client) });
    expect(list.json.data!.find((o) => o.id === op.colleague.id)?.isShared).toBe(rows === 1);
    const events = await getDb().auditEvent.count({
      where: { clientId: client.id, action: { in: ["client.share", "client.unshare"] } },
    });
    expect(events).toBe(10);
  });
});

describe("POST /api/operator/transfer and transfer/change", () => {
  test("the targets: unblocked operators of the office other than the responsible", async () => {
    const client = await fresh();
    const res = await call<Listed[]>(transferPost, { token: t.responsible, body: withClient(client) });
    const ids = res.json.data!.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([op.owner.id, op.admin.id, op.colleague.id, op.shared.id]));
    expect(ids).not.toContain(op.responsible.id);
    expect(ids).not.toContain(op.blocked.id);
    expect(res.json.data!.every((o) => !o.blocked)).toBe(true);
  });

  test("a transfer moves access: the new responsible sees the client, the old one loses it; audited", async () => {
    const client = await fresh();
    const res = await call(transferChangePost, {
      token: t.responsible,
      body: withClient(client, { accountingOperatorId: op.colleague.id }),
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ clientId: client.id, responsibleOperatorId: op.colleague.id });
    expect((await call(clientPost, { token: t.colleague, body: { clientId: client.id } })).status).toBe(200);
    expect((await call(clientPost, { token: t.responsible, body: { clientId: client.id } })).status).toBe(404);
    expect((await call(clientPost, { token: t.shared, body: { clientId: client.id } })).status).toBe(200);
    // The new responsible now owns the three actions; the previous one is refused.
    expect((await call(sharedPost, { token: t.colleague, body: withClient(client) })).status).toBe(200);
    expect((await call(sharedPost, { token: t.responsible, body: withClient(client) })).status).toBe(403);
    const event = await getDb().auditEvent.findFirstOrThrow({
      where: { clientId: client.id, action: "client.transfer" },
    });
    expect(event).toMatchObject({
      targetId: String(op.colleague.id),
      data: { from: op.responsible.id, to: op.colleague.id },
    });
  });

  test("to a shared operator: its share is dropped (it is responsible now)", async () => {
    const client = await fresh();
    expect(
      (
        await call(transferChangePost, {
          token: t.responsible,
          body: withClient(client, { accountingOperatorId: op.shared.id }),
        })
      ).status,
    ).toBe(200);
    expect(await getDb().clientShare.count({ where: { clientId: client.id } })).toBe(0);
    expect((await call(clientPost, { token: t.shared, body: { clientId: client.id } })).status).toBe(200);
  });

  test("a blocked target or the responsible itself → 400; another office's operator → 404", async () => {
    const client = await fresh();
    const blocked = await call(transferChangePost, {
      token: t.responsible,
      body: withClient(client, { accountingOperatorId: op.blocked.id }),
    });
    expect(blocked.status).toBe(400);
    expect(blocked.json.error?.message).toBe("Não é possível transferir o cliente para um operador bloqueado.");
    expect(
      (
        await call(transferChangePost, {
          token: t.responsible,
          body: withClient(client, { accountingOperatorId: op.responsible.id }),
        })
      ).status,
    ).toBe(400);
    const stranger = await createAccountingOperator({ type: 2 });
    expect(
      (
        await call(transferChangePost, {
          token: t.responsible,
          body: withClient(client, { accountingOperatorId: stranger.id }),
        })
      ).status,
    ).toBe(404);
    expect((await getDb().client.findUniqueOrThrow({ where: { id: client.id } })).responsibleOperatorId).toBe(
      op.responsible.id,
    );
  });

  test("the owner may transfer a client whose responsible is blocked (an office is never stuck); admin may not", async () => {
    const gone = await createAccountingOperator({ office: officeA, type: 2 });
    const client = await createClient({ office: officeA, responsible: gone });
    await getDb().accountingOperator.update({ where: { id: gone.id }, data: { blocked: true } });
    expect((await call(transferPost, { token: t.admin, body: withClient(client) })).status).toBe(403);
    expect(
      (
        await call(transferChangePost, {
          token: t.admin,
          body: withClient(client, { accountingOperatorId: op.colleague.id }),
        })
      ).status,
    ).toBe(403);
    // The exception is for the transfer only: sharing and removal stay the responsible's.
    expect((await call(sharedPost, { token: t.owner, body: withClient(client) })).status).toBe(403);
    expect((await call(removePost, { token: t.owner, body: withClient(client) })).status).toBe(403);
    const targets = await call<Listed[]>(transferPost, { token: t.owner, body: withClient(client) });
    expect(targets.status).toBe(200);
    expect(targets.json.data!.map((o) => o.id)).not.toContain(gone.id);
    const res = await call(transferChangePost, {
      token: t.owner,
      body: withClient(client, { accountingOperatorId: op.colleague.id }),
    });
    expect(res.status).toBe(200);
    expect((await call(clientPost, { token: t.colleague, body: { clientId: client.id } })).status).toBe(200);
  });
});

describe("POST /api/client/remove", () => {
  test("soft removal: 404 everywhere after, the books stay; audited", async () => {
    const client = await fresh();
    const res = await call(removePost, { token: t.responsible, body: withClient(client) });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({});
    const row = await getDb().client.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.removedAt).toBeInstanceOf(Date);
    for (const who of ["responsible", "shared", "owner"] as const) {
      expect((await call(clientPost, { token: t[who], body: { clientId: client.id } })).status).toBe(404);
    }
    expect((await call(sharedPost, { token: t.responsible, body: withClient(client) })).status).toBe(404);
    expect((await call(transferPost, { token: t.responsible, body: withClient(client) })).status).toBe(404);
    expect((await call(removePost, { token: t.responsible, body: withClient(client) })).status).toBe(404);
    expect(await getDb().auditEvent.count({ where: { clientId: client.id, action: "client.remove" } })).toBe(1);
  });
});
