// PATCH (and POST) /api/user/platform: toggles the last platform of a user with both platforms.
import { PATCH as platformPatch, POST as platformPost } from "@/app/api/user/platform/route";
import { getDb } from "@/server/db/client";
import { createAccountingOperator, createClientOperator } from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";

const lastPlatform = async (userId: number) =>
  (await getDb().user.findUniqueOrThrow({ where: { id: userId } })).lastPlatform;

describe("PATCH /api/user/platform", () => {
  test("toggles between accounting and bussiness, PATCH or POST, each switch audited", async () => {
    const co = await createClientOperator();
    await createAccountingOperator({ user: co.user });
    const token = await login(co.user.email);
    const first = await call(platformPatch, { method: "PATCH", token });
    expect([first.status, first.json.data]).toEqual([200, { platform: "bussiness" }]); // from the default, accounting
    expect(await lastPlatform(co.userId)).toBe("bussiness");
    const second = await call(platformPost, { method: "POST", token });
    expect(second.json.data).toEqual({ platform: "accounting" });
    expect(await lastPlatform(co.userId)).toBe("accounting");
    expect(await getDb().auditEvent.count({ where: { action: "user.platform", actorUserId: co.userId } })).toBe(2);
  });

  type Case = [string, number, () => Promise<string | undefined>];
  const refused: Case[] = [
    ["accounting only", 403, async () => (await createAccountingOperator()).user.email],
    ["business only", 403, async () => (await createClientOperator()).user.email],
    [
      "both, but the business membership is blocked",
      403,
      async () => {
        const co = await createClientOperator({ blocked: true });
        await createAccountingOperator({ user: co.user });
        return co.user.email;
      },
    ],
    ["anonymous", 401, async () => undefined],
  ];
  test.each(refused)("%s → %i", async (_name, status, who) => {
    const email = await who();
    const res = await call(platformPatch, { method: "PATCH", token: email ? await login(email) : undefined });
    expect(res.status).toBe(status);
    if (email) expect(await lastPlatform((await getDb().user.findUniqueOrThrow({ where: { email } })).id)).toBeNull();
  });
});
