// The export of a month's postings: POST /api/client/export/settings, /api/client/export/check,
// /api/client/export and /api/accounting/export — the files, the records, every refusal of the check,
// the 'already exported' warning, two exports at once, the viewer's mark and who may ask.
import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import { POST as officeExportPost } from "@/app/api/accounting/export/route";
import { POST as checkPost } from "@/app/api/client/export/check/route";
import { POST as exportPost } from "@/app/api/client/export/route";
import { POST as settingsPost } from "@/app/api/client/export/settings/route";
import { POST as documentBlockPost } from "@/app/api/document/block/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { getDb, type Account, type Client } from "@/server/db/client";
import { decodeWindows1252 } from "@/lib/windows-1252";
import {
  accessKeyOf,
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createFindings,
  createOffice,
  fiscalFinding,
  randomCnpj,
  shareClient,
} from "../helpers/factories";
import { call } from "../helpers/http";

type Who = "owner" | "admin" | "responsible" | "shared" | "outsider" | "otherOffice" | "company" | "otherCompany";
const t = {} as Record<Who, string>;
const login = async (email: string) =>
  (await call<{ access: string }>(tokenPost, { body: { username: email, password: "demo1234" } })).json.data!.access;

let makeClient: () => Promise<Client>;
let alpha: Client; // responsible's client, shared with `shared`: a clean March 2026
let beta: Client; // a client of the same office without settings, with an uncontabilised block
let withCode: Account;
let withoutCode: Account;
let longCode: Account;
const period = { year: 2026, month: 3 };
const supplierCnpj = "11222333000181";
const key = accessKeyOf({ cnpj: supplierCnpj, model: "55", issuedOn: "2026-03-01", number: 4321 });
let blockIds: number[] = [];

/** A file answer: status, headers and the raw bytes (the envelope when it is JSON). */
async function fetchFile(handler: typeof exportPost, token: string, body: unknown) {
  const res = await handler(
    new Request("http://localhost/api/test", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get("content-type")?.startsWith("application/json")
    ? JSON.parse(bytes.toString("utf8"))
    : null;
  return { status: res.status, headers: res.headers, bytes, json };
}

const contabilized = (client: Client, account: Account, day: string, cents: number, documents = 0) =>
  createBlock({
    client,
    state: "contabilized",
    account,
    paymentDate: new Date(`${day}T00:00:00Z`),
    valueCents: cents,
    documents,
    sentAt: new Date(`${day}T12:00:00Z`),
    categorizedAt: new Date(`${day}T13:00:00Z`),
    contabilizedAt: new Date(`${day}T14:00:00Z`),
  });

beforeAll(async () => {
  const office = await createOffice();
  const owner = await createAccountingOperator({ office, type: 0 });
  const admin = await createAccountingOperator({ office, type: 1 });
  const responsible = await createAccountingOperator({ office, type: 2 });
  const shared = await createAccountingOperator({ office, type: 2 });
  const outsider = await createAccountingOperator({ office, type: 2 });
  const otherOwner = await createAccountingOperator({ type: 0 });
  alpha = await createClient({ office, responsible, name: "Padaria Pão & Cia", code: randomCnpj() });
  beta = await createClient({ office, responsible, name: "Beta Comércio" });
  await shareClient({ client: alpha, operator: shared });
  makeClient = () => createClient({ office, responsible: owner });
  const otherClient = await createClient({ responsible: otherOwner });
  withCode = await createAccount({ office, code: "3.1.01.001", description: "Aluguel", reducedCode: "31" });
  withoutCode = await createAccount({ office, code: "3.1.01.002", description: "Energia", reducedCode: null });
  longCode = await createAccount({ office, code: "3.1.01.002.0001.00001.01", description: "Água", reducedCode: null });

  const first = await contabilized(alpha, withCode, "2026-03-05", 123456, 1);
  await createFindings(first.documents[0]!, [fiscalFinding(key, { supplierName: "Distribuidora São Luís" })]);
  const second = await contabilized(alpha, withoutCode, "2026-03-20", 5000);
  blockIds = [first.id, second.id];
  // Outside the month: neither listed nor exported.
  await contabilized(alpha, withCode, "2026-04-01", 999);
  await contabilized(alpha, withCode, "2026-02-28", 999);

  await createBlock({
    client: beta,
    state: "categorized",
    account: withCode,
    paymentDate: new Date("2026-03-10T00:00:00Z"),
    valueCents: 700,
    documents: 0,
  });
  await contabilized(beta, longCode, "2026-03-11", 800);

  Object.assign(t, {
    owner: await login(owner.user.email),
    admin: await login(admin.user.email),
    responsible: await login(responsible.user.email),
    shared: await login(shared.user.email),
    outsider: await login(outsider.user.email),
    otherOffice: await login(otherOwner.user.email),
    company: await login((await createClientOperator({ client: alpha, type: 0 })).user.email),
    otherCompany: await login((await createClientOperator({ client: otherClient, type: 0 })).user.email),
  });
}, 60_000);

const settings = {
  counterpartAccount: "1.1.1-5",
  historyCode: "120",
  complement: "NF {documento} {fornecedor} {chave}",
};

describe("POST /api/client/export/settings", () => {
  test("unset reads as nothing set; a save answers and reads back", async () => {
    const fresh = await call(settingsPost, { token: t.responsible, body: { clientId: beta.id } });
    expect(fresh.status).toBe(200);
    expect(fresh.json.data).toEqual({
      counterpartAccount: null,
      historyCode: null,
      complement: "{fornecedor} {documento}",
    });
    const saved = await call(settingsPost, { token: t.shared, body: { clientId: alpha.id, ...settings } });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toEqual(settings);
    const read = await call(settingsPost, { token: t.owner, body: { clientId: alpha.id } });
    expect(read.json.data).toEqual(settings);
  });

  test("a blank history code is null; an absent complement the default", async () => {
    const client = await makeClient();
    const saved = await call(settingsPost, {
      token: t.owner,
      body: { clientId: client.id, counterpartAccount: "5", historyCode: " " },
    });
    expect(saved.json.data).toEqual({
      counterpartAccount: "5",
      historyCode: null,
      complement: "{fornecedor} {documento}",
    });
  });

  const bad: { name: string; body: Record<string, unknown>; path: string }[] = [
    { name: "a counterpart with letters", body: { counterpartAccount: "12A" }, path: "counterpartAccount" },
    {
      name: "a counterpart of 21 characters",
      body: { counterpartAccount: "1".repeat(21) },
      path: "counterpartAccount",
    },
    { name: "an empty counterpart", body: { counterpartAccount: "" }, path: "counterpartAccount" },
    { name: "a counterpart with a NUL byte", body: { counterpartAccount: "1\u0000" }, path: "counterpartAccount" },
    { name: "a history code with letters", body: { counterpartAccount: "5", historyCode: "abc" }, path: "historyCode" },
    {
      name: "a complement of 201 characters",
      body: { counterpartAccount: "5", complement: "x".repeat(201) },
      path: "complement",
    },
    {
      name: "a complement with a line break",
      body: { counterpartAccount: "5", complement: "a\nb" },
      path: "complement",
    },
    { name: "a history code without the counterpart", body: { historyCode: "1" }, path: "counterpartAccount" },
  ];
  for (const { name, body, path } of bad) {
    test(`400: ${name}, nothing saved`, async () => {
      const res = await call(settingsPost, { token: t.responsible, body: { clientId: beta.id, ...body } });
      expect(res.status).toBe(400);
      expect(res.json.error?.fields?.map((f) => f.path)).toContain(path);
      expect(await getDb().clientExportSettings.findUnique({ where: { clientId: beta.id } })).toBeNull();
    });
  }

  test("ids past 2^31 and missing ids: 400", async () => {
    expect((await call(settingsPost, { token: t.owner, body: { clientId: 2 ** 31 } })).status).toBe(400);
    expect((await call(settingsPost, { token: t.owner, body: {} })).status).toBe(400);
  });

  test.each([
    ["responsible", 200],
    ["shared", 200],
    ["owner", 200],
    ["admin", 404],
    ["outsider", 404],
    ["otherOffice", 404],
    ["company", 403],
    ["otherCompany", 404],
  ] as const)("who may read: %s → %i", async (who, status) => {
    expect((await call(settingsPost, { token: t[who], body: { clientId: alpha.id } })).status).toBe(status);
  });
});

describe("POST /api/client/export/check", () => {
  test("every refusal: no counterpart, a block not contabilised, an account without a usable code", async () => {
    const res = await call<{ errors: { blockId?: number; message: string }[]; exports: unknown[] }>(checkPost, {
      token: t.responsible,
      body: { clientId: beta.id, ...period },
    });
    expect(res.status).toBe(200);
    const messages = res.json.data!.errors.map((e) => e.message);
    expect(messages).toEqual([
      "Defina a conta de contrapartida nas Configurações de exportação.",
      "O bloco de 10/03/2026 (R$ 7,00) ainda não foi contabilizado.",
      "A conta 3.1.01.002.0001.00001.01 – Água não tem Código no sistema contábil utilizável (até 20 dígitos, pontos ou traços).",
    ]);
    expect(res.json.data!.errors[1]!.blockId).toEqual(expect.any(Number));
    expect(res.json.data!.exports).toEqual([]);
  });

  test("an uncategorised block of the month is named by its send date", async () => {
    const client = await makeClient();
    const block = await createBlock({
      client,
      state: "uncategorized",
      documents: 0,
      sentAt: new Date("2026-03-09T15:00:00Z"),
    });
    await call(settingsPost, { token: t.owner, body: { clientId: client.id, counterpartAccount: "5" } });
    const res = await call<{ errors: { blockId?: number; message: string }[] }>(checkPost, {
      token: t.owner,
      body: { clientId: client.id, ...period },
    });
    expect(res.json.data!.errors).toEqual([
      { blockId: block.id, message: "O bloco enviado em 09/03/2026 ainda não foi contabilizado." },
    ]);
  });

  test("the export is refused with the same list (422 export_blocked), nothing recorded", async () => {
    const res = await fetchFile(exportPost, t.responsible, { clientId: beta.id, ...period, format: "dominio" });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("export_blocked");
    expect(res.json.error.message).toBe("A exportação tem pendências: corrija-as e tente de novo.");
    expect(res.json.error.errors).toHaveLength(3);
    expect(await getDb().export.count({ where: { clientId: beta.id } })).toBe(0);
  });

  test.each([
    ["a month of 13", { month: 13 }],
    ["a year before 2000", { year: 1999 }],
    ["no month", { month: undefined }],
    ["a client id past 2^31", { clientId: 2 ** 31 }],
  ])("400: %s", async (_name, change) => {
    const res = await call(checkPost, { token: t.owner, body: { clientId: alpha.id, ...period, ...change } });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/client/export", () => {
  test("the Domínio file of the month, its name, its record and the repeat warning", async () => {
    await call(settingsPost, { token: t.responsible, body: { clientId: alpha.id, ...settings } });
    const res = await fetchFile(exportPost, t.responsible, { clientId: alpha.id, ...period, format: "dominio" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=windows-1252");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toContain(`attachment; filename="lancamentos-padaria-pao-cia-${alpha.code}-2026-03.txt"`);
    const expected =
      `|0000|${alpha.code}|\r\n` +
      "|6000|X||||\r\n" +
      `|6100|05/03/2026|31|1.1.1-5|1234,56|120|NF 4321 Distribuidora São Luís ${key}||||\r\n` +
      "|6000|X||||\r\n" +
      "|6100|20/03/2026|3.1.01.002|1.1.1-5|50,00|120|NF||||\r\n";
    expect(res.bytes.toString("latin1")).toBe(expected);
    expect(decodeWindows1252(res.bytes)).toBe(expected);

    const record = await getDb().export.findFirstOrThrow({ where: { clientId: alpha.id }, include: { blocks: true } });
    expect(record).toMatchObject({ year: 2026, month: 3, format: "dominio", postings: 2, officeId: alpha.officeId });
    expect(record.sha256).toBe(createHash("sha256").update(res.bytes).digest("hex"));
    expect(record.blocks.map((b) => b.blockId).sort()).toEqual([...blockIds].sort());

    const check = await call<{ errors: unknown[]; exports: { at: string; by: string | null; postings: number }[] }>(
      checkPost,
      {
        token: t.shared,
        body: { clientId: alpha.id, ...period },
      },
    );
    expect(check.json.data!.errors).toEqual([]);
    expect(check.json.data!.exports).toEqual([{ at: record.at.toISOString(), by: expect.any(String), postings: 2 }]);

    // The viewer marks the block.
    const viewer = await call<{ exportedAt: string | null }>(documentBlockPost, {
      token: t.responsible,
      body: { blockId: blockIds[0] },
    });
    expect(viewer.json.data!.exportedAt).toBe(record.at.toISOString());
  });

  test("the CSV: read back, one line per posting, totals", async () => {
    const res = await fetchFile(exportPost, t.owner, { clientId: alpha.id, ...period, format: "csv" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("data;debito;credito;valor;historico;complemento;cnpj_fornecedor;chave;bloco");
    const rows = lines.slice(1).map((line) => line.split(";"));
    expect(rows).toEqual([
      [
        "05/03/2026",
        "31",
        "1.1.1-5",
        "1234,56",
        "120",
        `NF 4321 Distribuidora São Luís ${key}`,
        supplierCnpj,
        key,
        String(blockIds[0]),
      ],
      ["20/03/2026", "3.1.01.002", "1.1.1-5", "50,00", "120", "NF", "", "", String(blockIds[1])],
    ]);
    const total = rows.reduce((sum, row) => sum + Number(row[3]!.replace(",", "")), 0);
    expect(total).toBe(123456 + 5000);
  });

  test("two exports of one month at once: both answered, one record each, every block marked in each", async () => {
    const before = await getDb().export.count({ where: { clientId: alpha.id } });
    const [a, b] = await Promise.all([
      fetchFile(exportPost, t.responsible, { clientId: alpha.id, ...period, format: "dominio" }),
      fetchFile(exportPost, t.shared, { clientId: alpha.id, ...period, format: "dominio" }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    const records = await getDb().export.findMany({
      where: { clientId: alpha.id },
      include: { blocks: true },
      orderBy: { id: "asc" },
    });
    expect(records).toHaveLength(before + 2);
    for (const record of records.slice(-2)) expect(record.blocks).toHaveLength(2);
    const check = await call<{ exports: unknown[] }>(checkPost, {
      token: t.owner,
      body: { clientId: alpha.id, ...period },
    });
    expect(check.json.data!.exports).toHaveLength(before + 2);
  });

  test("an empty month: the header line alone, recorded with no postings", async () => {
    const res = await fetchFile(exportPost, t.responsible, {
      clientId: alpha.id,
      year: 2025,
      month: 1,
      format: "dominio",
    });
    expect(res.status).toBe(200);
    expect(res.bytes.toString("latin1")).toBe(`|0000|${alpha.code}|\r\n`);
  });

  test("400: an unknown format", async () => {
    const res = await fetchFile(exportPost, t.responsible, { clientId: alpha.id, ...period, format: "xlsx" });
    expect(res.status).toBe(400);
  });

  test.each([
    ["responsible", 200],
    ["shared", 200],
    ["owner", 200],
    ["admin", 404],
    ["outsider", 404],
    ["otherOffice", 404],
    ["company", 403],
    ["otherCompany", 404],
  ] as const)("who may export: %s → %i", async (who, status) => {
    const res = await fetchFile(exportPost, t[who], { clientId: alpha.id, ...period, format: "csv" });
    expect(res.status).toBe(status);
    const check = await call(checkPost, { token: t[who], body: { clientId: alpha.id, ...period } });
    expect(check.status).toBe(status);
  });
});

describe("POST /api/accounting/export", () => {
  test("the owner: one file per client, the failing ones in pendencias.txt, each file recorded", async () => {
    const before = await getDb().export.count({ where: { officeId: alpha.officeId } });
    const res = await fetchFile(officeExportPost, t.owner, { ...period, format: "dominio" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="lancamentos-.*-2026-03\.zip"/);
    const files = unzipSync(res.bytes);
    const names = Object.keys(files).sort();
    expect(names).toEqual([`lancamentos-padaria-pao-cia-${alpha.code}-2026-03.txt`, "pendencias.txt"]);
    const alphaFile = Buffer.from(files[names[0]!]!).toString("latin1");
    expect(alphaFile.startsWith(`|0000|${alpha.code}|\r\n`)).toBe(true);
    const pending = Buffer.from(files["pendencias.txt"]!).toString("utf8");
    expect(pending).toContain(`Beta Comércio (${beta.code})`);
    expect(pending).toContain("- Defina a conta de contrapartida nas Configurações de exportação.");
    // Clients with no block in the month are left out; the one client written is recorded.
    expect(await getDb().export.count({ where: { officeId: alpha.officeId } })).toBe(before + 1);
  });

  test.each([
    ["owner", 200],
    ["admin", 200],
    ["responsible", 403],
    ["shared", 403],
    ["outsider", 403],
    ["otherOffice", 200],
    ["company", 403],
    ["otherCompany", 403],
  ] as const)("who may export the office: %s → %i", async (who, status) => {
    const res = await fetchFile(officeExportPost, t[who], { ...period, format: "csv" });
    expect(res.status).toBe(status);
  });

  test("another office's ZIP holds none of this office's clients", async () => {
    const res = await fetchFile(officeExportPost, t.otherOffice, { ...period, format: "csv" });
    const names = Object.keys(unzipSync(res.bytes));
    expect(names).toEqual(["pendencias.txt"]);
  });

  test("400: a bad month or format", async () => {
    expect((await fetchFile(officeExportPost, t.owner, { year: 2026, month: 0, format: "csv" })).status).toBe(400);
    expect((await fetchFile(officeExportPost, t.owner, { year: 2026, month: 3, format: "pdf" })).status).toBe(400);
  });
});
