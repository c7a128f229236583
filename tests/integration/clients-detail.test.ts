// The client detail endpoints: GET/POST /api/client and POST /api/client/logo — the company of
// a business operator, a client of the caller's office, and the owner's save with spec §5 rules.
import { GET as clientGet, POST as clientPost } from "@/app/api/client/route";
import { POST as logoPost } from "@/app/api/client/logo/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { getDb, type Client } from "@/server/db/client";
import { getBlobStore } from "@/server/storage";
import {
  createAccountingOperator,
  createClient,
  createClientOperator,
  createOffice,
  randomCnpj,
  randomCpf,
  randomPhone,
  shareClient,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { pngImage, toDataUrl } from "../helpers/images";

const login = async (email: string) =>
  (await call<{ access: string }>(tokenPost, { body: { username: email, password: "demo1234" } })).json.data!.access;

const address = {
  cep: "01310100",
  city: "São Paulo",
  neighboor: "Bela Vista",
  number: "1578",
  state: "SP",
  street: "Avenida Paulista",
};
const juridic = () => ({
  name: "Nova Razão Ltda",
  code: randomCnpj(),
  email: "Financeiro@Nova.Demo",
  phone: randomPhone(),
  address,
});

let company: Client;
let individual: Client;
const t = {} as Record<"owner" | "regular" | "individualOwner" | "ownerA" | "regularA" | "sharedA" | "ownerB", string>;

beforeAll(async () => {
  const officeA = await createOffice();
  const ownerA = await createAccountingOperator({ office: officeA, type: 0 });
  const regularA = await createAccountingOperator({ office: officeA, type: 2 });
  const sharedA = await createAccountingOperator({ office: officeA, type: 2 });
  company = await createClient({ office: officeA, responsible: ownerA, modifiedAt: new Date("2024-01-01T00:00:00Z") });
  individual = await createClient({ office: officeA, responsible: ownerA, type: "individual" });
  await shareClient({ client: company, operator: sharedA });
  t.owner = await login((await createClientOperator({ client: company, type: 0 })).user.email);
  t.regular = await login((await createClientOperator({ client: company, type: 2 })).user.email);
  t.individualOwner = await login((await createClientOperator({ client: individual, type: 0 })).user.email);
  t.ownerA = await login(ownerA.user.email);
  t.regularA = await login(regularA.user.email);
  t.sharedA = await login(sharedA.user.email);
  t.ownerB = await login((await createAccountingOperator({ type: 0 })).user.email);
});

const row = (id = company.id) => getDb().client.findUniqueOrThrow({ where: { id } });

describe("GET /api/client", () => {
  test.each(["owner", "regular"] as const)("the %s reads its own company", async (who) => {
    const res = await call(clientGet, { token: t[who] });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: company.id,
      type: "juridicPerson",
      person: { name: company.name, code: company.code, pictureUrl: null },
    });
  });

  test("an accounting-only caller → 403; anonymous → 401", async () => {
    expect((await call(clientGet, { token: t.ownerA })).status).toBe(403);
    expect((await call(clientGet)).status).toBe(401);
  });
});

describe("POST /api/client {clientId}", () => {
  test.each([
    ["ownerA", 200],
    ["sharedA", 200],
    ["regularA", 404],
    ["ownerB", 404],
    ["owner", 403],
  ] as const)("%s → %i", async (who, status) => {
    const res = await call(clientPost, { token: t[who], body: { clientId: company.id } });
    expect(res.status).toBe(status);
    if (status === 200)
      expect(res.json.data).toMatchObject({ id: company.id, person: { address: { cep: "01001000" } } });
  });
});

describe("POST /api/client {client}", () => {
  test("the client owner saves; stored forms; modified_at bumped; audited", async () => {
    const body = juridic();
    const res = await call(clientPost, { token: t.owner, body: { client: body } });
    expect(res.json.error).toBeUndefined();
    expect(res.json.data).toMatchObject({
      person: { name: body.name, code: body.code, email: "financeiro@nova.demo", phone: body.phone, address },
    });
    const saved = await row();
    expect(saved.modifiedAt.getTime()).toBeGreaterThan(new Date("2024-01-02").getTime());
    expect(await getDb().auditEvent.count({ where: { clientId: company.id, action: "client.update" } })).toBe(1);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["CNPJ", { code: "123" }, "client.code", "CNPJ inválido"],
    ["CEP", { address: { ...address, cep: "1" } }, "client.address.cep", "CEP inválido"],
    ["phone", { phone: "12" }, "client.phone", "Telefone inválido"],
    ["empty phone", { phone: "" }, "client.phone", "Este campo não pode ficar vazio"],
    ["e-mail", { email: "x@" }, "client.email", "Este e-mail não é válido"],
    ["empty name", { name: "" }, "client.name", "Este campo não pode ficar vazio"],
    [
      "empty number",
      { address: { ...address, number: " " } },
      "client.address.number",
      "Este campo não pode ficar vazio",
    ],
    ["empty city", { address: { ...address, city: "" } }, "client.address.city", "Este campo não pode ficar vazio"],
  ];
  test.each(invalid)("juridic: invalid %s → 400 at its path, nothing saved", async (_n, change, path, message) => {
    const before = await row();
    const res = await call(clientPost, { token: t.owner, body: { client: { ...juridic(), ...change } } });
    expect(res.status).toBe(400);
    expect(res.json.error!.fields).toContainEqual({ path, message });
    expect(await row()).toEqual(before);
  });

  test("individual: CPF required, phone and e-mail optional", async () => {
    const code = randomCpf();
    const ok = await call(clientPost, {
      token: t.individualOwner,
      body: { client: { name: "Fulana", code, email: "", phone: "", address } },
    });
    expect(ok.status).toBe(200);
    expect(await row(individual.id)).toMatchObject({ code, phone: null, email: null });
    const cnpj = await call(clientPost, {
      token: t.individualOwner,
      body: { client: { name: "Fulana", code: randomCnpj(), address } },
    });
    expect(cnpj.status).toBe(400);
    expect(cnpj.json.error!.fields).toContainEqual({ path: "client.code", message: "CPF inválido" });
    const phone = await call(clientPost, {
      token: t.individualOwner,
      body: { client: { name: "Fulana", code, phone: "123", address } },
    });
    expect(phone.json.error!.fields).toContainEqual({ path: "client.phone", message: "Telefone inválido" });
  });

  test("the CPF/CNPJ of another client of the office → 409 at client.code", async () => {
    const other = await createClient({ office: { id: company.officeId } });
    const before = await row();
    const res = await call(clientPost, { token: t.owner, body: { client: { ...juridic(), code: other.code } } });
    expect(res.status).toBe(409);
    expect(res.json.error!.fields).toContainEqual({
      path: "client.code",
      message: "Este CPF/CNPJ já pertence a outro cliente do escritório.",
    });
    expect(await row()).toEqual(before);
  });

  test.each(["regular", "ownerA"] as const)("%s may not save (403), row unchanged", async (who) => {
    const before = await row();
    const res = await call(clientPost, { token: t[who], body: { client: juridic() } });
    expect(res.status).toBe(403);
    expect(await row()).toEqual(before);
  });

  test("anonymous → 401", async () => {
    expect((await call(clientPost, { body: { client: juridic() } })).status).toBe(401);
  });
});

describe("POST /api/client/logo", () => {
  const image = async () => toDataUrl(await pngImage(40, 40), "image/png");

  test("the client owner replaces the logo; the previous blob is deleted", async () => {
    expect((await call(logoPost, { token: t.owner, body: { base64url: await image() } })).status).toBe(200);
    const first = (await row()).pictureKey!;
    expect(first).toMatch(new RegExp(`^clients/${company.id}/logo/[0-9a-f-]{36}\\.webp$`));
    const res = await call<{ pictureUrl: string }>(logoPost, { token: t.owner, body: { base64url: await image() } });
    const second = (await row()).pictureKey!;
    expect(res.json.data!.pictureUrl).toContain(second);
    expect(await getBlobStore().exists(first)).toBe(false);
    expect(await getBlobStore().exists(second)).toBe(true);
    expect(await getDb().auditEvent.count({ where: { clientId: company.id, action: "client.logo" } })).toBe(2);
  });

  test.each(["regular", "ownerA"] as const)("%s → 403, logo unchanged", async (who) => {
    const before = await row();
    expect((await call(logoPost, { token: t[who], body: { base64url: await image() } })).status).toBe(403);
    expect(await row()).toEqual(before);
  });

  test("anonymous → 401", async () => {
    expect((await call(logoPost, { body: { base64url: "x" } })).status).toBe(401);
  });
});

// Spec §3's client detail carries person.pictureUrl; a save that sends it back must not drop it silently:
// the current logo's link (or none) is accepted, anything else is 400 and nothing is saved.
describe("POST /api/client {client} with pictureUrl", () => {
  test("the current logo's signed link or null is accepted; another link is 400 at client.pictureUrl", async () => {
    const logo = await call<{ pictureUrl: string }>(logoPost, {
      token: t.owner,
      body: { base64url: toDataUrl(await pngImage(32, 32), "image/png") },
    });
    const current = logo.json.data!.pictureUrl;
    expect(
      (await call(clientPost, { token: t.owner, body: { client: { ...juridic(), pictureUrl: current } } })).status,
    ).toBe(200);
    expect(
      (await call(clientPost, { token: t.owner, body: { client: { ...juridic(), pictureUrl: null } } })).status,
    ).toBe(200);
    expect((await row()).pictureKey).not.toBeNull(); // a data save never removes the logo
    const before = await row();
    const res = await call(clientPost, {
      token: t.owner,
      body: { client: { ...juridic(), pictureUrl: "https://example.com/other.png" } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error!.fields?.map((f) => f.path)).toEqual(["client.pictureUrl"]);
    expect(await row()).toEqual(before);
  });
});
