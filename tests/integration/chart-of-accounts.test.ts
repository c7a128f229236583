// The office's chart of accounts ('Plano de contas'): POST /api/account/import (with its dry run),
// /starter, /rollover, /create, /update and /activate — shapes, each validation error, the re-import
// rules (update by code, delete or deactivate what the file lacks), the rights (owner and administrators;
// a regular operator 403, the import before its file is read), another office's rows 404; and the rule
// that an inactive or synthetic account is never saved into nor activated for a client.
import { POST as importPost } from "@/app/api/account/import/route";
import { POST as starterPost } from "@/app/api/account/starter/route";
import { POST as rolloverPost } from "@/app/api/account/rollover/route";
import { POST as createPost } from "@/app/api/account/create/route";
import { POST as updatePost } from "@/app/api/account/update/route";
import { POST as activatePost } from "@/app/api/account/activate/route";
import { POST as changePost } from "@/app/api/account/change/route";
import { POST as allPost } from "@/app/api/account/all/route";
import { POST as savePost } from "@/app/api/block/save/route";
import type { AccountImportAnswer, ChangedAccount, ChartAccount } from "@/lib/contract/accounts";
import { currentYearMonth } from "@/lib/format/dates";
import { messages } from "@/lib/i18n/messages";
import { STARTER_CHART } from "@/server/accounts/starter-chart";
import { getDb, type AccountingOffice, type Client } from "@/server/db/client";
import {
  activateAccount,
  createAccount,
  createBlock,
  createClient,
  createClientOperator,
  type OperatorWithUser,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { Client as PgClient } from "pg";
import { buildClientWorld, worldLogins } from "./world";
import { captureLog } from "../helpers/log";

const { year: thisYear, month: thisMonth } = currentYearMonth();
const thisMonthDay = `${thisYear}-${String(thisMonth).padStart(2, "0")}-01`;

let officeA: AccountingOffice;
let officeB: { id: number };
let regularA: OperatorWithUser;
let alpha: Client;
let gamma: Client; // office B
const t = {} as Record<"ownerA" | "adminA" | "regularA" | "sharedA" | "outsiderA" | "ownerB" | "business", string>;

beforeAll(async () => {
  const world = await buildClientWorld();
  ({ officeA, regularA, alpha } = world);
  officeB = { id: world.ownerB.officeId };
  gamma = await createClient({ office: officeB, responsible: world.ownerB });
  Object.assign(t, await worldLogins(world, { business: await createClientOperator({ client: alpha, type: 0 }) }));
});

const csv = (text: string) => `data:text/csv;base64,${Buffer.from(text, "utf8").toString("base64")}`;
const chartOf = async (officeId: number, yearOfExercise: number) =>
  getDb().account.findMany({
    where: { officeId, yearOfExercise },
    orderBy: { code: "asc" },
    select: { code: true, description: true, reducedCode: true, type: true, active: true },
  });
const audits = (officeId: number, action: string) => getDb().auditEvent.count({ where: { officeId, action } });
const doImport = (token: string, body: Record<string, unknown>) =>
  call<AccountImportAnswer>(importPost, { token, body: { format: "csv", ...body } });

describe("POST /api/account/starter", () => {
  test("loads the starter chart into an empty year; 409 only when that year has accounts", async () => {
    await createAccount({ office: officeA, yearOfExercise: 2040 }); // another year's chart does not matter
    const res = await call<{ created: number }>(starterPost, { token: t.adminA, body: { year: 2041 } });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ created: STARTER_CHART.length });
    const chart = await call<ChartAccount[]>(allPost, { token: t.regularA, body: { year: 2041 } });
    const analytic = chart.json.data!.filter((account) => account.type === "analytic");
    expect(analytic.length).toBeGreaterThanOrEqual(20);
    expect(
      chart.json.data!.filter((a) => a.code.split(".").length === 1).map((a) => [a.code, a.description, a.type]),
    ).toEqual([
      ["1", "Ativo", "synthetic"],
      ["2", "Passivo", "synthetic"],
      ["3", "Receitas", "synthetic"],
      ["4", "Custos", "synthetic"],
      ["5", "Despesas", "synthetic"],
    ]);
    expect(chart.json.data).toContainEqual(
      expect.objectContaining({
        code: "5.1.02.001",
        description: "Aluguel",
        type: "analytic",
        active: true,
        reducedCode: expect.any(String),
      }),
    );
    expect(await audits(officeA.id, "account.starter")).toBe(1);

    const again = await call(starterPost, { token: t.ownerA, body: { year: 2041 } });
    expect([again.status, again.json.error?.message]).toEqual([409, "O plano de contas de 2041 já tem contas."]);
    expect((await call(starterPost, { token: t.ownerA, body: { year: 2040 } })).status).toBe(409);
  });

  test("validation and rights", async () => {
    for (const year of [1999, 2101, "2042", undefined])
      expect((await call(starterPost, { token: t.ownerA, body: { year } })).status).toBe(400);
    expect((await call(starterPost, { token: t.regularA, body: { year: 2043 } })).status).toBe(403);
    expect((await call(starterPost, { token: t.business, body: { year: 2043 } })).status).toBe(403);
    expect((await call(starterPost, { body: { year: 2043 } })).status).toBe(401);
    expect(await getDb().account.count({ where: { yearOfExercise: 2043 } })).toBe(0);
  });
});

describe("POST /api/account/rollover", () => {
  test("copies every account of a year, inactive and synthetic ones with their flags, into an empty year", async () => {
    await createAccount({ office: officeA, yearOfExercise: 2050, code: "1", description: "Ativo", type: "synthetic" });
    await createAccount({
      office: officeA,
      yearOfExercise: 2050,
      code: "1.1.01.001",
      description: "Caixa",
      reducedCode: "5",
    });
    await createAccount({
      office: officeA,
      yearOfExercise: 2050,
      code: "1.1.01.002",
      description: "Cofre",
      active: false,
    });
    await createAccount({ office: officeB, yearOfExercise: 2050, code: "9.9", description: "Do outro escritório" });
    const res = await call<{ created: number }>(rolloverPost, {
      token: t.ownerA,
      body: { fromYear: 2050, toYear: 2051 },
    });
    expect([res.status, res.json.data]).toEqual([200, { created: 3 }]);
    expect(await chartOf(officeA.id, 2051)).toEqual([
      { code: "1", description: "Ativo", reducedCode: null, type: "synthetic", active: true },
      { code: "1.1.01.001", description: "Caixa", reducedCode: "5", type: "analytic", active: true },
      { code: "1.1.01.002", description: "Cofre", reducedCode: null, type: "analytic", active: false },
    ]);
    expect(await audits(officeA.id, "account.rollover")).toBe(1);

    const full = await call(rolloverPost, { token: t.ownerA, body: { fromYear: 2050, toYear: 2051 } });
    expect([full.status, full.json.error?.message]).toEqual([409, "O plano de contas de 2051 já tem contas."]);
    const empty = await call(rolloverPost, { token: t.ownerA, body: { fromYear: 2052, toYear: 2053 } });
    expect([empty.status, empty.json.error?.message]).toEqual([
      409,
      "O plano de contas de 2052 não tem contas para copiar.",
    ]);
    expect(await getDb().account.count({ where: { yearOfExercise: 2053 } })).toBe(0);
  });

  test("validation and rights", async () => {
    const same = await call(rolloverPost, { token: t.ownerA, body: { fromYear: 2050, toYear: 2050 } });
    expect([same.status, same.json.error?.fields?.[0]?.path]).toEqual([400, "toYear"]);
    for (const body of [{ fromYear: 2050 }, { fromYear: 1999, toYear: 2054 }, { fromYear: 2050, toYear: 2101 }]) {
      expect((await call(rolloverPost, { token: t.ownerA, body })).status).toBe(400);
    }
    expect((await call(rolloverPost, { token: t.sharedA, body: { fromYear: 2050, toYear: 2054 } })).status).toBe(403);
    expect((await call(rolloverPost, { token: t.business, body: { fromYear: 2050, toYear: 2054 } })).status).toBe(403);
  });
});

describe("POST /api/account/create and /update", () => {
  test("create: an analytic account by default, trimmed, reduced code optional; a code the year has is 409", async () => {
    const res = await call<ChartAccount>(createPost, {
      token: t.adminA,
      body: { year: 2060, code: " 4.1.01.001 ", description: "  Aluguel ", reducedCode: " 77 " },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      id: expect.any(Number),
      code: "4.1.01.001",
      description: "Aluguel",
      yearOfExercise: 2060,
      active: true,
      type: "analytic",
      reducedCode: "77",
    });
    const group = await call<ChartAccount>(createPost, {
      token: t.ownerA,
      body: { year: 2060, code: "4", description: "Despesas", type: "synthetic", reducedCode: "" },
    });
    expect(group.json.data).toMatchObject({ type: "synthetic", reducedCode: null });
    const dup = await call(createPost, {
      token: t.ownerA,
      body: { year: 2060, code: "4.1.01.001", description: "Outra" },
    });
    expect([dup.status, dup.json.error?.message]).toEqual([
      409,
      "Já existe uma conta com este código no plano de contas de 2060.",
    ]);
    // The same code in another office or another year is another account.
    expect(
      (await call(createPost, { token: t.ownerB, body: { year: 2060, code: "4.1.01.001", description: "Aluguel B" } }))
        .status,
    ).toBe(200);
    expect(
      (await call(createPost, { token: t.ownerA, body: { year: 2061, code: "4.1.01.001", description: "Aluguel" } }))
        .status,
    ).toBe(200);
    expect(await audits(officeA.id, "account.create")).toBe(3);
  });

  test("create: each validation error, rights", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "1..2", description: "X" }, "code"],
      [{ code: "a.1", description: "X" }, "code"],
      [{ code: "1.", description: "X" }, "code"],
      [{ code: "", description: "X" }, "code"],
      [{ code: "1.2", description: "   " }, "description"],
      [{ code: "1.2" }, "description"],
      [{ code: "1.2", description: "X", type: "titulo" }, "type"],
      [{ code: "1.2", description: "X", year: 1999 }, "year"],
    ];
    for (const [over, path] of cases) {
      const res = await call(createPost, { token: t.ownerA, body: { year: 2062, ...over } });
      expect([over, res.status, res.json.error?.fields?.[0]?.path]).toEqual([over, 400, path]);
    }
    const invalidCode = await call(createPost, {
      token: t.ownerA,
      body: { year: 2062, code: "1,2", description: "X" },
    });
    expect(invalidCode.json.error?.fields).toEqual([{ path: "code", message: messages.accounts.invalidCode }]);
    expect(
      (await call(createPost, { token: t.outsiderA, body: { year: 2062, code: "1.2", description: "X" } })).status,
    ).toBe(403);
    expect(
      (await call(createPost, { token: t.business, body: { year: 2062, code: "1.2", description: "X" } })).status,
    ).toBe(403);
    expect(await getDb().account.count({ where: { yearOfExercise: 2062 } })).toBe(0);
  });

  test("update: rename, reduced code set and cleared, deactivate and reactivate; only the fields sent change", async () => {
    const account = await createAccount({
      office: officeA,
      yearOfExercise: 2063,
      code: "5.1",
      description: "Luz",
      reducedCode: "9",
    });
    const renamed = await call<ChartAccount>(updatePost, {
      token: t.ownerA,
      body: { accountId: account.id, description: " Energia elétrica " },
    });
    expect(renamed.json.data).toEqual({
      id: account.id,
      code: "5.1",
      description: "Energia elétrica",
      yearOfExercise: 2063,
      active: true,
      type: "analytic",
      reducedCode: "9",
    });
    const off = await call<ChartAccount>(updatePost, {
      token: t.adminA,
      body: { accountId: account.id, active: false, reducedCode: null },
    });
    expect(off.json.data).toMatchObject({ description: "Energia elétrica", active: false, reducedCode: null });
    const on = await call<ChartAccount>(updatePost, { token: t.adminA, body: { accountId: account.id, active: true } });
    expect(on.json.data).toMatchObject({ active: true });
    expect(await audits(officeA.id, "account.update")).toBe(3);
    const nothing = await call<ChartAccount>(updatePost, { token: t.adminA, body: { accountId: account.id } });
    expect([nothing.status, nothing.json.data?.description]).toEqual([200, "Energia elétrica"]);
    expect(await audits(officeA.id, "account.update")).toBe(3);

    expect((await call(updatePost, { token: t.ownerA, body: { accountId: account.id, description: "" } })).status).toBe(
      400,
    );
    expect((await call(updatePost, { token: t.ownerA, body: { accountId: account.id, active: "não" } })).status).toBe(
      400,
    );
    expect((await call(updatePost, { token: t.ownerA, body: { description: "X" } })).status).toBe(400);
    expect(
      (await call(updatePost, { token: t.regularA, body: { accountId: account.id, description: "X" } })).status,
    ).toBe(403);
    expect(
      (await call(updatePost, { token: t.business, body: { accountId: account.id, description: "X" } })).status,
    ).toBe(403);
    const other = await call(updatePost, { token: t.ownerB, body: { accountId: account.id, description: "X" } });
    expect([other.status, other.json.error?.message]).toEqual([404, messages.accounts.notFound]);
    expect((await getDb().account.findUniqueOrThrow({ where: { id: account.id } })).description).toBe(
      "Energia elétrica",
    );
  });
});

describe("POST /api/account/import", () => {
  const FILE = [
    "Código;Descrição;Reduzido;Tipo",
    "1;Ativo;1;S",
    "1.1.01.001;Caixa;10;A",
    "1.1.01.002;Bancos;11;A",
    "",
    ";Sem código;12;A",
    "1.x;Código ruim;13;A",
    "1.1.01.003;;14;A",
    "1.1.01.001;Caixa repetido;15;A",
    "2.1.01.001;Fornecedores;20;A",
  ].join("\r\n");

  test("a first import creates the accounts and refuses bad lines with their reasons; the dry run answers the same and writes nothing", async () => {
    const preview = await doImport(t.ownerA, { year: 2070, base64url: csv(FILE), dryRun: true });
    expect(preview.status).toBe(200);
    expect(await chartOf(officeA.id, 2070)).toEqual([]);
    expect(await audits(officeA.id, "account.import")).toBe(0);

    const res = await doImport(t.ownerA, { year: 2070, base64url: csv(FILE) });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual(preview.json.data);
    const data = res.json.data!;
    expect([data.created, data.updated, data.deactivated]).toEqual([4, 0, 0]);
    expect(data.refused.map((r) => r.line)).toEqual([6, 7, 8, 9]);
    for (const r of data.refused) expect(r.message).toEqual(expect.any(String));
    expect(await chartOf(officeA.id, 2070)).toEqual([
      { code: "1", description: "Ativo", reducedCode: "1", type: "synthetic", active: true },
      { code: "1.1.01.001", description: "Caixa", reducedCode: "10", type: "analytic", active: true },
      { code: "1.1.01.002", description: "Bancos", reducedCode: "11", type: "analytic", active: true },
      { code: "2.1.01.001", description: "Fornecedores", reducedCode: "20", type: "analytic", active: true },
    ]);
    expect(await audits(officeA.id, "account.import")).toBe(1);
  });

  test("a re-import updates by code, deletes what nothing refers to, deactivates the rest, reactivates what comes back; the dry run first", async () => {
    const year = 2071;
    const mk = (code: string, description: string, extra: { active?: boolean; reducedCode?: string } = {}) =>
      createAccount({ office: officeA, yearOfExercise: year, code, description, ...extra });
    await mk("1.1", "Caixa", { reducedCode: "1" }); // unchanged
    await mk("1.2", "Bancos", { reducedCode: "2" }); // renamed
    await mk("1.3", "Estoques", { active: false, reducedCode: "3" }); // back in the file: active again
    await mk("1.4", "Solta"); // missing, nothing refers to it: deleted
    const withBlock = await mk("1.5", "Com bloco"); // missing, a block in it: deactivated
    const withActivation = await mk("1.6", "Ativada"); // missing, a client activated it: deactivated
    const withSuggestion = await mk("1.7", "Sugerida"); // missing, a block's suggestion: deactivated
    await mk("1.8", "Já inativa", { active: false }); // missing, inactive, nothing refers to it: deleted
    const inactiveKept = await mk("1.10", "Inativa com bloco", { active: false }); // missing, inactive, a block: stays, not counted
    const block = await createBlock({ client: alpha, state: "categorized", operator: regularA, account: withBlock });
    await createBlock({ client: alpha, state: "categorized", operator: regularA, account: inactiveKept });
    await activateAccount({ client: alpha, account: withActivation });
    const suggested = await createBlock({ client: alpha, state: "uncategorized" });
    await getDb().block.update({ where: { id: suggested.id }, data: { suggestedAccountId: withSuggestion.id } });
    const file = csv(
      "codigo;descricao;reduzido\n1.1;Caixa;1\n1.2;Bancos conta movimento;2\n1.3;Estoques;3\n1.9;Nova;9\n",
    );
    const before = await chartOf(officeA.id, year);

    const preview = await doImport(t.adminA, { year, base64url: file, dryRun: true });
    expect(preview.json.data).toEqual({ created: 1, updated: 2, deactivated: 3, refused: [] });
    expect(await chartOf(officeA.id, year)).toEqual(before);

    const res = await doImport(t.adminA, { year, base64url: file });
    expect(res.json.data).toEqual({ created: 1, updated: 2, deactivated: 3, refused: [] });
    expect(await chartOf(officeA.id, year)).toEqual([
      { code: "1.1", description: "Caixa", reducedCode: "1", type: "analytic", active: true },
      { code: "1.10", description: "Inativa com bloco", reducedCode: null, type: "analytic", active: false },
      { code: "1.2", description: "Bancos conta movimento", reducedCode: "2", type: "analytic", active: true },
      { code: "1.3", description: "Estoques", reducedCode: "3", type: "analytic", active: true },
      { code: "1.5", description: "Com bloco", reducedCode: null, type: "analytic", active: false },
      { code: "1.6", description: "Ativada", reducedCode: null, type: "analytic", active: false },
      { code: "1.7", description: "Sugerida", reducedCode: null, type: "analytic", active: false },
      { code: "1.9", description: "Nova", reducedCode: "9", type: "analytic", active: true },
    ]);
    // The block keeps its account; the same file again changes nothing.
    expect((await getDb().block.findUniqueOrThrow({ where: { id: block.id } })).accountId).toBe(withBlock.id);
    expect((await doImport(t.adminA, { year, base64url: file })).json.data).toEqual({
      created: 0,
      updated: 0,
      deactivated: 0,
      refused: [],
    });
    // A file without the reduced-code column keeps the reduced codes.
    await doImport(t.adminA, { year, base64url: csv("codigo;descricao\n1.1;Caixa\n") });
    expect((await chartOf(officeA.id, year))[0]).toMatchObject({ code: "1.1", reducedCode: "1" });
  });

  test("a file of which every line is refused changes nothing (200 with the refused lines)", async () => {
    await createAccount({ office: officeA, yearOfExercise: 2076, code: "1.1", description: "Caixa" });
    const res = await doImport(t.ownerA, { year: 2076, base64url: csv("codigo;descricao\nx;Caixa\n1.2;\n") });
    expect([res.status, res.json.data?.created, res.json.data?.deactivated, res.json.data?.refused.length]).toEqual([
      200, 0, 0, 2,
    ]);
    expect(await chartOf(officeA.id, 2076)).toMatchObject([{ code: "1.1", active: true }]);
  });

  test("a line past the form's limits or with a control character is refused with its reason, as the dry run says", async () => {
    const m = messages.accounts.chartFile;
    const file = csv(
      "codigo;descricao;reduzido\n" +
        `1.1;Caixa;1\n1.2;${"x".repeat(201)};2\n${"1.".repeat(30)}1;Longa;3\n1.3;Banco\u0000;4\n1.4;Bancos;${"9".repeat(31)}\n1.5;Aplicações;5\u0007\n`,
    );
    const expected = {
      created: 1,
      updated: 0,
      deactivated: 0,
      refused: [
        { line: 3, message: m.descriptionTooLong(200) },
        { line: 4, message: m.codeTooLong(50) },
        { line: 5, message: m.invalidCharacters },
        { line: 6, message: m.reducedCodeTooLong(30) },
        { line: 7, message: m.invalidCharacters },
      ],
    };
    const dry = await doImport(t.ownerA, { year: 2083, base64url: file, dryRun: true });
    expect([dry.status, dry.json.data]).toEqual([200, expected]);
    const res = await doImport(t.ownerA, { year: 2083, base64url: file });
    expect([res.status, res.json.data]).toEqual([200, expected]);
    expect(await chartOf(officeA.id, 2083)).toMatchObject([{ code: "1.1", description: "Caixa", reducedCode: "1" }]);
  });

  test("an update without reduced codes, and a type changed by the file", async () => {
    await createAccount({ office: officeA, yearOfExercise: 2077, code: "2", description: "Passivo" });
    await createAccount({ office: officeA, yearOfExercise: 2077, code: "2.1", description: "Fornecedor" });
    const res = await doImport(t.ownerA, {
      year: 2077,
      base64url: csv("codigo;descricao\n2;Passivo\n2.1;Fornecedores\n"),
    });
    expect(res.json.data).toEqual({ created: 0, updated: 2, deactivated: 0, refused: [] });
    expect(await chartOf(officeA.id, 2077)).toEqual([
      { code: "2", description: "Passivo", reducedCode: null, type: "synthetic", active: true },
      { code: "2.1", description: "Fornecedores", reducedCode: null, type: "analytic", active: true },
    ]);
  });

  test("columns chosen by the preview", async () => {
    const res = await doImport(t.ownerA, {
      year: 2072,
      base64url: csv("Caixa;1.1;x\nBancos;1.2;y\n"),
      columns: { code: 1, description: 0, reducedCode: 2 },
    });
    expect(res.json.data).toEqual({ created: 2, updated: 0, deactivated: 0, refused: [] });
    expect(await chartOf(officeA.id, 2072)).toMatchObject([
      { code: "1.1", description: "Caixa", reducedCode: "x" },
      { code: "1.2", description: "Bancos", reducedCode: "y" },
    ]);
  });

  test("400: 'dominio', invalid base64, an empty file, a header naming no column, bad fields; nothing written", async () => {
    const dominio = await doImport(t.ownerA, { year: 2073, format: "dominio", base64url: csv(FILE) });
    expect([dominio.status, dominio.json.error?.message]).toEqual([400, "Formato ainda não suportado"]);
    const bad = [
      { base64url: "data:text/csv;base64,***" },
      { base64url: "texto;sem;data-url" },
      { base64url: "data:text/csv;base64," },
      { base64url: csv("\n\n") },
      { base64url: csv("arquivo;outra coisa\nfoo;bar\n") },
      { base64url: "" },
      { base64url: csv(FILE), format: "xls" },
      { base64url: csv(FILE), year: 1999 },
      { base64url: csv(FILE), columns: { code: -1, description: 1 } },
      { base64url: csv(FILE), dryRun: "sim" },
    ];
    for (const body of bad)
      expect([body, (await doImport(t.ownerA, { year: 2073, ...body })).status]).toEqual([body, 400]);
    expect(await getDb().account.count({ where: { yearOfExercise: 2073 } })).toBe(0);
  });

  test("rights: a regular operator 403 before its file is read (invalid base64 is 403, not 400); a business user 403; anonymous 401", async () => {
    expect((await doImport(t.regularA, { year: 2074, base64url: csv(FILE) })).status).toBe(403);
    expect((await doImport(t.regularA, { year: 2074, base64url: "data:text/csv;base64,***" })).status).toBe(403);
    const unread = await call(importPost, { token: t.outsiderA, rawBody: "{not json" });
    expect(unread.status).toBe(403);
    expect((await doImport(t.business, { year: 2074, base64url: csv(FILE) })).status).toBe(403);
    expect((await call(importPost, { body: { year: 2074, format: "csv", base64url: csv(FILE) } })).status).toBe(401);
    // Another office's import writes its own chart only.
    expect((await doImport(t.ownerB, { year: 2074, base64url: csv(FILE) })).json.data?.created).toBe(4);
    expect(await getDb().account.count({ where: { yearOfExercise: 2074, officeId: officeA.id } })).toBe(0);
  });

  test("a chart of thousands of accounts fits the body limit", async () => {
    const lines = ["codigo;descricao;reduzido"];
    const text = "com uma descrição longa, como as que os sistemas contábeis exportam para as contas analíticas";
    for (let i = 1; i <= 8000; i += 1)
      lines.push(`3.1.${Math.floor(i / 100)}.${String(i).padStart(4, "0")};Conta de despesa número ${i} ${text};${i}`);
    const body = { year: 2075, base64url: csv(lines.join("\n")) };
    expect(JSON.stringify(body).length).toBeGreaterThan(1_048_576); // past the default 1 MiB cap
    const started = Date.now();
    const res = await doImport(t.ownerA, body);
    expect(res.status).toBe(200);
    expect(res.json.data?.created).toBe(8000);
    const created = Date.now();
    const again = await doImport(t.ownerA, { ...body, base64url: csv(lines.join("\n").replaceAll("longa", "curta")) });
    expect(again.json.data?.updated).toBe(8000);
    console.info(`import of 8000 accounts: create ${created - started} ms, update ${Date.now() - created} ms`);
  });
});

describe("POST /api/account/activate", () => {
  test("activates many accounts from this month on, skipping those active; the answer lists the activated", async () => {
    const [a1, a2, a3] = await Promise.all(
      ["6.1", "6.2", "6.3"].map((code) =>
        createAccount({ office: officeA, yearOfExercise: thisYear, code, description: `Conta ${code}` }),
      ),
    );
    await activateAccount({ client: alpha, account: a2 });
    const res = await call<ChangedAccount[]>(activatePost, {
      token: t.regularA,
      body: { clientId: alpha.id, accountIds: [a3.id, a2.id, a1.id] },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        id: a1.id,
        code: "6.1",
        description: "Conta 6.1",
        yearOfExercise: thisYear,
        active: true,
        type: "analytic",
        reducedCode: null,
        activated: true,
      },
      {
        id: a3.id,
        code: "6.3",
        description: "Conta 6.3",
        yearOfExercise: thisYear,
        active: true,
        type: "analytic",
        reducedCode: null,
        activated: true,
      },
    ]);
    const rows = await getDb().clientAccount.findMany({
      where: { clientId: alpha.id, accountId: { in: [a1.id, a2.id, a3.id] }, deactivatedAt: null },
    });
    expect(rows).toHaveLength(3);
    expect(
      await getDb().auditEvent.count({
        where: { clientId: alpha.id, action: "account.activate", targetId: { in: [String(a1.id), String(a3.id)] } },
      }),
    ).toBe(2);
    // Again: nothing left to activate.
    expect(
      (await call(activatePost, { token: t.regularA, body: { clientId: alpha.id, accountIds: [a1.id, a2.id] } })).json
        .data,
    ).toEqual([]);
  });

  test("an inactive or synthetic account is 400 and nothing is written; another office's account or client 404", async () => {
    const ok = await createAccount({ office: officeA, yearOfExercise: thisYear, code: "6.4" });
    const inactive = await createAccount({ office: officeA, yearOfExercise: thisYear, code: "6.5", active: false });
    const synthetic = await createAccount({ office: officeA, yearOfExercise: thisYear, code: "6", type: "synthetic" });
    const foreign = await createAccount({ office: officeB, yearOfExercise: thisYear, code: "6.4" });
    for (const refused of [inactive, synthetic]) {
      const res = await call(activatePost, {
        token: t.ownerA,
        body: { clientId: alpha.id, accountIds: [ok.id, refused.id] },
      });
      expect([res.status, res.json.error?.message]).toEqual([400, messages.accounts.notActivatable]);
      // account/change refuses activating it too.
      expect(
        (await call(changePost, { token: t.ownerA, body: { clientId: alpha.id, accountId: refused.id } })).status,
      ).toBe(400);
    }
    const other = await call(activatePost, {
      token: t.ownerA,
      body: { clientId: alpha.id, accountIds: [ok.id, foreign.id] },
    });
    expect([other.status, other.json.error?.message]).toEqual([404, messages.accounts.notFound]);
    expect(
      (await call(activatePost, { token: t.ownerA, body: { clientId: gamma.id, accountIds: [ok.id] } })).status,
    ).toBe(404);
    expect(
      (await call(activatePost, { token: t.outsiderA, body: { clientId: alpha.id, accountIds: [ok.id] } })).status,
    ).toBe(404);
    expect(
      (await call(activatePost, { token: t.business, body: { clientId: alpha.id, accountIds: [ok.id] } })).status,
    ).toBe(403);
    expect(
      await getDb().clientAccount.count({ where: { accountId: { in: [ok.id, inactive.id, synthetic.id] } } }),
    ).toBe(0);
  });

  test("validation: empty, repeated, too many, not ids", async () => {
    const ok = await createAccount({ office: officeA, yearOfExercise: thisYear, code: "6.6" });
    const bodies = [
      { clientId: alpha.id, accountIds: [] },
      { clientId: alpha.id, accountIds: [ok.id, ok.id] },
      { clientId: alpha.id, accountIds: Array.from({ length: 2001 }, (_, i) => i + 1) },
      { clientId: alpha.id, accountIds: ["1"] },
      { clientId: alpha.id },
      { accountIds: [ok.id] },
    ];
    for (const body of bodies) expect((await call(activatePost, { token: t.ownerA, body })).status).toBe(400);
  });

  test("account/change may still take an inactive account off a client's plan", async () => {
    const account = await createAccount({ office: officeA, yearOfExercise: thisYear, code: "6.7" });
    await activateAccount({ client: alpha, account });
    await getDb().account.update({ where: { id: account.id }, data: { active: false } });
    const res = await call<ChangedAccount>(changePost, {
      token: t.ownerA,
      body: { clientId: alpha.id, accountId: account.id },
    });
    expect([res.status, res.json.data?.activated]).toEqual([200, false]);
  });
});

describe("POST /api/block/save into an inactive or synthetic account", () => {
  test("400 with its message; a block already in the account keeps it (a re-save is 200)", async () => {
    const inactive = await createAccount({ office: officeA, yearOfExercise: thisYear, code: "7.1" });
    const synthetic = await createAccount({ office: officeA, yearOfExercise: thisYear, code: "7", type: "synthetic" });
    const kept = await createBlock({
      client: alpha,
      state: "categorized",
      operator: regularA,
      account: inactive,
      paymentDate: new Date(`${thisMonthDay}T00:00:00Z`),
    });
    await getDb().account.update({ where: { id: inactive.id }, data: { active: false } });
    for (const account of [inactive, synthetic]) {
      const block = await createBlock({ client: alpha, state: "uncategorized" });
      const res = await call(savePost, {
        token: t.regularA,
        body: {
          block: { id: block.id, date: thisMonthDay, value: "10.00", accountId: account.id },
          version: block.version,
        },
      });
      expect([res.status, res.json.error?.message, res.json.error?.fields?.[0]?.path]).toEqual([
        400,
        messages.blocks.accountNotPostable,
        "block.accountId",
      ]);
      expect((await getDb().block.findUniqueOrThrow({ where: { id: block.id } })).accountId).toBeNull();
    }
    const resave = await call(savePost, {
      token: t.regularA,
      body: {
        block: { id: kept.id, date: thisMonthDay, value: "20.00", accountId: inactive.id },
        version: kept.version,
      },
    });
    expect(resave.status).toBe(200);
    expect((await getDb().block.findUniqueOrThrow({ where: { id: kept.id } })).accountId).toBe(inactive.id);
  });
});

describe("the database going away in the middle of an import", () => {
  test("the import's connection cut while it waits on the chart: 503 with the pt-BR message, nothing written", async () => {
    const admin = new PgClient({ connectionString: process.env.DATABASE_URL });
    const holder = new PgClient({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await holder.connect();
    const log = captureLog();
    try {
      // Another change of the chart holds the office: the import queues behind it, inside its transaction.
      const importsBefore = await audits(officeA.id, "account.import");
      const holderPid = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
      await holder.query("BEGIN");
      await holder.query("SELECT id FROM accounting_offices WHERE id = $1 FOR UPDATE", [officeA.id]);
      const importing = doImport(t.ownerA, { year: 2097, base64url: csv("codigo;descricao\n1;Ativo\n1.1;Caixa\n") });
      // Waits on the state (the import's backend blocked on the office's row), never on time.
      let pid: number | undefined;
      while (pid === undefined) {
        const { rows } = await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%accounting_offices%FOR UPDATE%' AND pid <> $1",
          [holderPid],
        );
        pid = rows[0]?.pid;
      }
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      const res = await importing;
      expect(res.status).toBe(503);
      expect(res.json.error?.message).toBe(messages.api.databaseUnavailable);
      await holder.query("ROLLBACK");
      expect(await chartOf(officeA.id, 2097)).toHaveLength(0);
      expect(await audits(officeA.id, "account.import")).toBe(importsBefore);
      // The next import, the database back to normal, goes through.
      const again = await doImport(t.ownerA, { year: 2097, base64url: csv("codigo;descricao\n1;Ativo\n1.1;Caixa\n") });
      expect(again.status).toBe(200);
      expect(await chartOf(officeA.id, 2097)).toHaveLength(2);
    } finally {
      log.restore();
      await holder.end();
      await admin.end();
    }
  });
});
