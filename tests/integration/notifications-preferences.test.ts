// GET/POST /api/operator/notifications: each person's notification e-mails, per kind, on by default;
// the kinds of each platform, every validation error (nothing changed), and the unsubscribe route's
// own validation. The mails themselves: notifications-mail.test.ts.
import {
  GET as preferencesGet,
  POST as preferencesPost,
  PUT as preferencesPut,
} from "@/app/api/operator/notifications/route";
import { POST as unsubscribePost } from "@/app/api/notifications/unsubscribe/route";
import { getDb } from "@/server/db/client";
import { createAccountingOperator, createClientOperator, createOffice } from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";

const t = {} as Record<"office" | "company" | "both", string>;
const ids = {} as Record<"office" | "company" | "both", number>;

beforeAll(async () => {
  const office = await createOffice();
  const operator = await createAccountingOperator({ office, type: 2 });
  const companyUser = await createClientOperator({ type: 2 });
  const both = await createAccountingOperator({ office, type: 2 });
  await createClientOperator({ type: 0, user: both.user });
  Object.assign(ids, { office: operator.user.id, company: companyUser.user.id, both: both.user.id });
  Object.assign(t, {
    office: await login(operator.user.email),
    company: await login(companyUser.user.email),
    both: await login(both.user.email),
  });
});

const read = async (who: keyof typeof t) => {
  const res = await call(preferencesGet, { token: t[who] });
  expect(res.status).toBe(200);
  return res.json.data;
};
const rows = (who: keyof typeof ids) =>
  getDb().notificationPreference.findMany({ where: { userId: ids[who] }, select: { kind: true, enabled: true } });

test("each platform reads its own kinds, all on until turned off", async () => {
  expect(await read("office")).toEqual([{ kind: "digest", enabled: true }]);
  expect(await read("company")).toEqual([
    { kind: "pendency", enabled: true },
    { kind: "returned", enabled: true },
  ]);
  expect(await read("both")).toEqual([
    { kind: "pendency", enabled: true },
    { kind: "returned", enabled: true },
    { kind: "digest", enabled: true },
  ]);
  expect(await rows("office")).toEqual([]);
});

test("a kind turned off and on again: the answer is the caller's list; one row per kind", async () => {
  const off = await call(preferencesPost, { token: t.company, body: { kind: "returned", enabled: false } });
  expect(off.status).toBe(200);
  expect(off.json.data).toEqual([
    { kind: "pendency", enabled: true },
    { kind: "returned", enabled: false },
  ]);
  expect(await read("company")).toEqual(off.json.data);
  const on = await call(preferencesPost, { token: t.company, body: { kind: "returned", enabled: true } });
  expect(on.json.data).toEqual([
    { kind: "pendency", enabled: true },
    { kind: "returned", enabled: true },
  ]);
  expect(await rows("company")).toEqual([{ kind: "returned", enabled: true }]);

  const digest = await call(preferencesPost, { token: t.office, body: { kind: "digest", enabled: false } });
  expect(digest.json.data).toEqual([{ kind: "digest", enabled: false }]);
  const both = await call(preferencesPost, { token: t.both, body: { kind: "pendency", enabled: false } });
  expect(both.status).toBe(200);
});

test("a kind of the other platform is refused (403), nothing written", async () => {
  const company = await call(preferencesPost, { token: t.company, body: { kind: "digest", enabled: false } });
  expect(company.status).toBe(403);
  expect(company.json.error).toEqual({
    code: "forbidden",
    message: "Este tipo de notificação não se aplica à sua conta.",
  });
  const office = await call(preferencesPost, { token: t.office, body: { kind: "pendency", enabled: false } });
  expect(office.status).toBe(403);
  expect((await rows("company")).some((row) => row.kind === "digest")).toBe(false);
  expect((await rows("office")).some((row) => row.kind === "pendency")).toBe(false);
});

const invalid = [
  { name: "no body", body: {}, path: "kind" },
  { name: "unknown kind", body: { kind: "newsletter", enabled: false }, path: "kind" },
  { name: "kind not a string", body: { kind: 1, enabled: false }, path: "kind" },
  { name: "kind with a NUL", body: { kind: "pendency\u0000", enabled: false }, path: "kind" },
  { name: "enabled missing", body: { kind: "pendency" }, path: "enabled" },
  { name: "enabled as text", body: { kind: "pendency", enabled: "false" }, path: "enabled" },
  { name: "enabled as a number", body: { kind: "pendency", enabled: 0 }, path: "enabled" },
];

for (const { name, body, path } of invalid)
  test(`POST refuses ${name}: 400 with a pt-BR message at ${path}, nothing written`, async () => {
    const before = await rows("company");
    const res = await call(preferencesPost, { token: t.company, body });
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe("invalid_input");
    expect(res.json.error?.fields?.map((field) => field.path)).toContain(path);
    expect(res.json.error?.fields?.find((field) => field.path === path)?.message).toMatch(
      /^(Tipo de notificação inválido\.|Informe se a notificação fica ligada \(true\) ou desligada \(false\)\.)$/,
    );
    expect(await rows("company")).toEqual(before);
  });

test("POST with a body that is not JSON, or an array: 400", async () => {
  expect((await call(preferencesPost, { token: t.company, rawBody: "{" })).status).toBe(400);
  expect((await call(preferencesPost, { token: t.company, body: [] })).status).toBe(400);
});

test("without a session both verbs are 401; another verb is 405", async () => {
  expect((await call(preferencesGet)).status).toBe(401);
  expect((await call(preferencesPost, { body: { kind: "pendency", enabled: false } })).status).toBe(401);
  const put = await call(preferencesPut, { token: t.company, method: "PUT", body: {} });
  expect(put.status).toBe(405);
  expect(put.headers.get("allow")).toBe("GET, POST");
});

const badTokens = [
  { name: "missing", body: {} },
  { name: "empty", body: { token: "" } },
  { name: "a number", body: { token: 12 } },
  { name: "with a NUL", body: { token: "1.pendency.\u0000" } },
  { name: "too long", body: { token: "a".repeat(201) } },
  { name: "an id past 2^31", body: { token: `99999999999.pendency.${"A".repeat(43)}` } },
  { name: "an unknown kind", body: { token: `1.newsletter.${"A".repeat(43)}` } },
  { name: "a made-up mac", body: { token: `1.pendency.${"A".repeat(43)}` } },
];

for (const { name, body } of badTokens)
  test(`unsubscribe refuses a token ${name}: 400 in pt-BR`, async () => {
    const res = await call(unsubscribePost, { body });
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe("invalid_input");
    expect(res.json.error?.message).toMatch(/\S/);
  });
