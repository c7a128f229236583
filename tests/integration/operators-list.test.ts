// GET /api/operator/list/accounting and /list/client: the caller's colleagues, one query, sorted by type
// then name (case-insensitive), blocked ones included, nobody of another office or client.
import { GET as listAccounting } from "@/app/api/operator/list/accounting/route";
import { GET as listClient } from "@/app/api/operator/list/client/route";
import type { OperatorAnswer } from "@/lib/contract/operators";
import { getDb } from "@/server/db/client";
import { createAccountingOperator } from "../helpers/factories";
import { call } from "../helpers/http";
import { buildWorld, login } from "./operators-support";

describe("operator lists", () => {
  test("accounting: the office's operators by type then name, blocked included, other office absent", async () => {
    const w = await buildWorld();
    const blocked = await createAccountingOperator({
      office: { id: w.ownerA.officeId },
      type: 2,
      blocked: true,
      user: { name: "Aaron Bloqueado" },
    });
    await getDb().user.update({
      where: { id: w.ownerA.userId },
      data: { pictureKey: `users/${w.ownerA.userId}/picture/x.webp` },
    });
    const res = await call<OperatorAnswer[]>(listAccounting, { token: await login(w.adminA.user.email) });
    expect(res.status).toBe(200);
    const list = res.json.data!;
    // 'Aaron' < 'carla' < 'Diego' only when compared case-insensitively.
    expect(list.map((o) => o.id)).toEqual([w.ownerA.id, w.adminA.id, blocked.id, w.regularA.id, w.regular2A.id]);
    expect(list[0]).toEqual({
      id: w.ownerA.id,
      name: "Ana Dona",
      email: w.ownerA.user.email,
      phone: w.ownerA.user.phone,
      type: 0,
      blocked: false,
      sharedTo: false,
      code: w.ownerA.user.code,
      pictureUrl: expect.stringMatching(/^\/api\/files\/users\/\d+\/picture\/x\.webp\?/),
      hasPaymentAccess: true,
    });
    expect(list[2]).toMatchObject({ blocked: true, pictureUrl: null });
  });

  test("client: the company's operators with sharedTo, other client absent", async () => {
    const w = await buildWorld();
    await getDb().clientOperator.update({ where: { id: w.clientRegularA1.id }, data: { sharedGallery: true } });
    const res = await call<OperatorAnswer[]>(listClient, { token: await login(w.clientRegular2A1.user.email) });
    expect(res.status).toBe(200);
    const list = res.json.data!;
    expect(list.map((o) => o.type)).toEqual([0, 1, 2, 2]);
    expect(new Set(list.map((o) => o.id))).toEqual(
      new Set([w.clientOwnerA1.id, w.clientAdminA1.id, w.clientRegularA1.id, w.clientRegular2A1.id]),
    );
    expect(list.find((o) => o.id === w.clientRegularA1.id)).toMatchObject({ sharedTo: true, hasPaymentAccess: false });
  });

  type Case = [string, number, typeof listClient, (w: Awaited<ReturnType<typeof buildWorld>>) => string | undefined];
  const refused: Case[] = [
    ["a business user on list/accounting", 403, listAccounting, (w) => w.clientOwnerA1.user.email],
    ["an accounting user on list/client", 403, listClient, (w) => w.ownerA.user.email],
    ["anonymous on list/accounting", 401, listAccounting, () => undefined],
    ["anonymous on list/client", 401, listClient, () => undefined],
  ];
  test.each(refused)("%s → %i", async (_name, status, handler, who) => {
    const email = who(await buildWorld());
    const res = await call(handler, { token: email ? await login(email) : undefined });
    expect(res.status).toBe(status);
    expect(res.json.data).toBeUndefined();
  });
});
