// The office endpoints: GET/POST /api/accounting/info, /api/accounting/logo and the contact
// card, through the real handlers and PostgreSQL, with the permission matrix of spec §6.
import { GET as infoGet, POST as infoPost } from "@/app/api/accounting/info/route";
import { POST as logoPost } from "@/app/api/accounting/logo/route";
import { GET as contactGet, POST as contactPost } from "@/app/api/accounting/contact/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { getDb } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { getBlobStore } from "@/server/storage";
import type { AccountingOffice } from "@/server/db/client";
import {
  createAccountingOperator,
  createClient,
  createClientOperator,
  createOffice,
  randomCnpj,
  randomPhone,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { pngImage, toDataUrl } from "../helpers/images";

const login = async (email: string) => {
  const res = await call<{ access: string }>(tokenPost, { body: { username: email, password: "demo1234" } });
  return res.json.data!.access;
};

const address = {
  cep: "01310-100",
  city: "São Paulo",
  neighboor: "Bela Vista",
  number: "1000",
  state: "SP",
  street: "Avenida Paulista",
};
const validOffice = () => ({
  name: "Escritório Novo",
  code: randomCnpj(),
  email: "  Contato@Novo.Demo ",
  phone: randomPhone(),
  address,
});

let officeA: AccountingOffice;
let ownerA: OperatorWithUser;
const tokens = {} as Record<"ownerA" | "adminA" | "regularA" | "ownerB" | "business", string>;

beforeAll(async () => {
  officeA = await createOffice({ name: "Escritório A" });
  ownerA = await createAccountingOperator({ office: officeA, type: 0 });
  const adminA = await createAccountingOperator({ office: officeA, type: 1 });
  const regularA = await createAccountingOperator({ office: officeA, type: 2 });
  const ownerB = await createAccountingOperator({ type: 0 });
  const business = await createClientOperator({
    client: await createClient({ office: officeA, responsible: ownerA }),
    type: 0,
  });
  tokens.ownerA = await login(ownerA.user.email);
  tokens.adminA = await login(adminA.user.email);
  tokens.regularA = await login(regularA.user.email);
  tokens.ownerB = await login(ownerB.user.email);
  tokens.business = await login(business.user.email);
});

const officeRow = () => getDb().accountingOffice.findUniqueOrThrow({ where: { id: officeA.id } });

describe("GET /api/accounting/info", () => {
  test.each(["ownerA", "adminA", "regularA"] as const)("%s reads its office", async (who) => {
    const res = await call(infoGet, { token: tokens[who] });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: officeA.id, name: "Escritório A", pictureUrl: null });
    expect(res.json.data).toHaveProperty("address.neighboor");
  });

  test("office B reads its own office, never A's", async () => {
    const res = await call<{ id: number }>(infoGet, { token: tokens.ownerB });
    expect(res.json.data!.id).not.toBe(officeA.id);
  });

  test("a business user gets 403, anonymous 401", async () => {
    expect((await call(infoGet, { token: tokens.business })).status).toBe(403);
    expect((await call(infoGet)).status).toBe(401);
  });
});

describe("POST /api/accounting/info", () => {
  test("the owner saves; stored forms are digits only and the e-mail lower case; audited", async () => {
    const body = validOffice();
    const res = await call(infoPost, { token: tokens.ownerA, body: { accounting: body } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      name: "Escritório Novo",
      code: body.code,
      email: "contato@novo.demo",
      phone: body.phone,
      address: { ...address, cep: "01310100" },
    });
    expect(await officeRow()).toMatchObject({ name: "Escritório Novo", cep: "01310100", street: "Avenida Paulista" });
    expect(await getDb().auditEvent.count({ where: { officeId: officeA.id, action: "office.update" } })).toBe(1);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["CEP", { address: { ...address, cep: "123" } }, "accounting.address.cep", "CEP inválido"],
    ["CNPJ", { code: "11.111.111/1111-11" }, "accounting.code", "CNPJ inválido"],
    ["phone", { phone: "123" }, "accounting.phone", "Telefone inválido"],
    ["e-mail", { email: "sem-arroba" }, "accounting.email", "Este e-mail não é válido"],
    ["empty e-mail", { email: " " }, "accounting.email", "Este campo não pode ficar vazio"],
    ["empty name", { name: "  " }, "accounting.name", "Este campo não pode ficar vazio"],
    [
      "empty number",
      { address: { ...address, number: "" } },
      "accounting.address.number",
      "Este campo não pode ficar vazio",
    ],
    ["empty city", { address: { ...address, city: "" } }, "accounting.address.city", "Este campo não pode ficar vazio"],
    [
      "empty street",
      { address: { ...address, street: "" } },
      "accounting.address.street",
      "Este campo não pode ficar vazio",
    ],
    [
      "empty neighboor",
      { address: { ...address, neighboor: "" } },
      "accounting.address.neighboor",
      "Este campo não pode ficar vazio",
    ],
    [
      "empty state",
      { address: { ...address, state: "" } },
      "accounting.address.state",
      "Este campo não pode ficar vazio",
    ],
  ];
  test.each(invalid)("invalid %s → 400 with the field path, nothing saved", async (_name, change, path, message) => {
    const before = await officeRow();
    const res = await call(infoPost, { token: tokens.ownerA, body: { accounting: { ...validOffice(), ...change } } });
    expect(res.status).toBe(400);
    expect(res.json.error!.fields).toContainEqual({ path, message });
    expect(await officeRow()).toEqual(before);
  });

  test.each([
    ["adminA", 403],
    ["regularA", 403],
    ["business", 403],
  ] as const)("%s may not save (%i), rows unchanged", async (who, status) => {
    const before = await officeRow();
    const res = await call(infoPost, { token: tokens[who], body: { accounting: validOffice() } });
    expect(res.status).toBe(status);
    expect(await officeRow()).toEqual(before);
  });

  test("office B's owner saves only office B", async () => {
    const before = await officeRow();
    const res = await call<{ id: number }>(infoPost, { token: tokens.ownerB, body: { accounting: validOffice() } });
    expect(res.status).toBe(200);
    expect(res.json.data!.id).not.toBe(officeA.id);
    expect(await officeRow()).toEqual(before);
  });

  test("anonymous → 401", async () => {
    expect((await call(infoPost, { body: { accounting: validOffice() } })).status).toBe(401);
  });
});

describe("POST /api/accounting/logo", () => {
  test("the owner replaces the logo; the previous blob is deleted after commit", async () => {
    const first = await call<{ pictureUrl: string }>(logoPost, {
      token: tokens.ownerA,
      body: { base64url: toDataUrl(await pngImage(64, 64), "image/png") },
    });
    expect(first.status).toBe(200);
    const firstKey = (await officeRow()).pictureKey!;
    expect(firstKey).toMatch(new RegExp(`^offices/${officeA.id}/logo/[0-9a-f-]{36}\\.webp$`));
    expect(first.json.data!.pictureUrl).toContain(firstKey);
    const second = await call(logoPost, {
      token: tokens.ownerA,
      body: { base64url: toDataUrl(await pngImage(32, 32), "image/png") },
    });
    expect(second.status).toBe(200);
    const secondKey = (await officeRow()).pictureKey!;
    expect(secondKey).not.toBe(firstKey);
    expect(await getBlobStore().exists(secondKey)).toBe(true);
    expect(await getBlobStore().exists(firstKey)).toBe(false);
    expect(await getDb().auditEvent.count({ where: { officeId: officeA.id, action: "office.logo" } })).toBe(2);
  });

  test("not an image → 4xx, logo unchanged", async () => {
    const before = await officeRow();
    const res = await call(logoPost, { token: tokens.ownerA, body: { base64url: "data:image/png;base64,aGVsbG8=" } });
    expect([400, 415]).toContain(res.status);
    expect(await officeRow()).toEqual(before);
  });

  test.each(["adminA", "regularA", "business"] as const)("%s → 403, logo unchanged", async (who) => {
    const before = await officeRow();
    const res = await call(logoPost, {
      token: tokens[who],
      body: { base64url: toDataUrl(await pngImage(16, 16), "image/png") },
    });
    expect(res.status).toBe(403);
    expect(await officeRow()).toEqual(before);
  });

  test("anonymous → 401", async () => {
    expect((await call(logoPost, { body: { base64url: "x" } })).status).toBe(401);
  });
});

describe("/api/accounting/contact", () => {
  test("GET: the business caller sees its office and responsible operator", async () => {
    const res = await call(contactGet, { token: tokens.business });
    expect(res.status).toBe(200);
    const office = await officeRow();
    expect(res.json.data).toEqual({
      accounting: { name: office.name, phone: office.phone, email: office.email, photoUrl: expect.anything() },
      operator: { name: ownerA.user.name, phone: ownerA.user.phone, email: ownerA.user.email, photoUrl: null },
    });
  });

  test("POST {clientId}: an operator who sees the client; others 404; business 403; anonymous 401", async () => {
    const client = await createClient({ office: officeA, responsible: ownerA });
    const ok = await call<{ operator: { email: string } }>(contactPost, {
      token: tokens.ownerA,
      body: { clientId: client.id },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data!.operator.email).toBe(ownerA.user.email);
    // Not responsible and not shared: a regular operator of the same office does not see it.
    expect((await call(contactPost, { token: tokens.regularA, body: { clientId: client.id } })).status).toBe(404);
    expect((await call(contactPost, { token: tokens.ownerB, body: { clientId: client.id } })).status).toBe(404);
    expect((await call(contactPost, { token: tokens.business, body: { clientId: client.id } })).status).toBe(403);
    expect((await call(contactPost, { body: { clientId: client.id } })).status).toBe(401);
  });

  test("GET by an accounting-only caller → 403", async () => {
    expect((await call(contactGet, { token: tokens.ownerA })).status).toBe(403);
  });
});

// Spec §3: the office save payload carries pictureUrl. The logo changes only through /api/accounting/logo,
// so the save accepts the logo the caller was shown (its signed link, even expired) or null/absent, and
// refuses anything else with 400 instead of dropping it silently.
describe("POST /api/accounting/info with pictureUrl", () => {
  let office: AccountingOffice;
  let token: string;
  const save = (pictureUrl: unknown) =>
    call<{ pictureUrl: string | null }>(infoPost, { token, body: { accounting: { ...validOffice(), pictureUrl } } });
  const row = () => getDb().accountingOffice.findUniqueOrThrow({ where: { id: office.id } });
  const uploadLogo = async () => {
    const res = await call<{ pictureUrl: string }>(logoPost, {
      token,
      body: { base64url: toDataUrl(await pngImage(24, 24), "image/png") },
    });
    expect(res.status).toBe(200);
    return (await row()).pictureKey!;
  };

  beforeAll(async () => {
    office = await createOffice();
    token = await login((await createAccountingOperator({ office, type: 0 })).user.email);
  });

  test("null while the office has no logo → 200, still no logo", async () => {
    const res = await save(null);
    expect(res.status).toBe(200);
    expect(res.json.data!.pictureUrl).toBeNull();
    expect((await row()).pictureKey).toBeNull();
  });

  test("the current logo's signed link (as GET gave it, or expired since) → 200, logo kept", async () => {
    const key = await uploadLogo();
    const shown = (await call<{ pictureUrl: string }>(infoGet, { token })).json.data!.pictureUrl;
    const fresh = await save(shown);
    expect(fresh.status).toBe(200);
    expect(fresh.json.data!.pictureUrl).toContain(key);
    const expired = await save(signDocumentUrl(key, { ttlSeconds: 60, now: Date.now() - 61_000 }));
    expect(expired.status).toBe(200);
    expect(await row()).toMatchObject({ pictureKey: key });
    expect(await getBlobStore().exists(key)).toBe(true);
  });

  test("null while the office has a logo → 200, the logo stays (removing is not a call of the contract)", async () => {
    const { pictureKey } = await row();
    expect((await save(null)).status).toBe(200);
    expect((await row()).pictureKey).toBe(pictureKey);
  });

  test("anything but the current logo → 400 at accounting.pictureUrl, nothing saved", async () => {
    const previous = (await row()).pictureKey!;
    const current = await uploadLogo();
    const [, query] = signDocumentUrl(current).split("?");
    const tampered = `/api/files/${current}?${query!.replace(/sig=(.)/, (_m, c: string) => `sig=${c === "A" ? "B" : "A"}`)}`;
    const otherOffice = `offices/${officeA.id}/logo/0b0e0f00-0000-4000-8000-000000000000.webp`;
    for (const pictureUrl of [
      signDocumentUrl(previous),
      signDocumentUrl(otherOffice),
      tampered,
      "https://exemplo.com/logo.png",
      "",
      42,
    ]) {
      const before = await row();
      const res = await save(pictureUrl);
      expect(res.status).toBe(400);
      expect(res.json.error!.fields).toContainEqual({ path: "accounting.pictureUrl", message: expect.any(String) });
      expect(await row()).toEqual(before);
    }
  });
});
