// The starter chart of accounts offered to a new office: well-formed codes, each account under a
// synthetic parent, the five usual groups, and at least 20 analytic accounts with the common expenses.
import { ACCOUNT_CODE_PATTERN } from "@/lib/contract/accounts";
import { STARTER_CHART } from "@/server/accounts/starter-chart";

const byCode = new Map(STARTER_CHART.map((account) => [account.code, account]));

test("codes are digits separated by dots, unique, and reduced codes unique", () => {
  for (const account of STARTER_CHART)
    expect([account.code, ACCOUNT_CODE_PATTERN.test(account.code)]).toEqual([account.code, true]);
  expect(byCode.size).toBe(STARTER_CHART.length);
  expect(new Set(STARTER_CHART.map((account) => account.reducedCode)).size).toBe(STARTER_CHART.length);
});

test("the five groups are synthetic, every other account sits under a synthetic parent, leaves are analytic", () => {
  expect(STARTER_CHART.filter((a) => !a.code.includes(".")).map((a) => [a.code, a.description, a.type])).toEqual([
    ["1", "Ativo", "synthetic"],
    ["2", "Passivo", "synthetic"],
    ["3", "Receitas", "synthetic"],
    ["4", "Custos", "synthetic"],
    ["5", "Despesas", "synthetic"],
  ]);
  for (const account of STARTER_CHART.filter((a) => a.code.includes("."))) {
    const parent = byCode.get(account.code.slice(0, account.code.lastIndexOf(".")));
    expect([account.code, parent?.type]).toEqual([account.code, "synthetic"]);
  }
  const parents = new Set(STARTER_CHART.map((a) => a.code.slice(0, a.code.lastIndexOf("."))));
  for (const account of STARTER_CHART)
    expect([account.code, account.type]).toEqual([account.code, parents.has(account.code) ? "synthetic" : "analytic"]);
});

test("at least 20 analytic accounts, with the common expense accounts", () => {
  const analytic = STARTER_CHART.filter((a) => a.type === "analytic").map((a) => a.description);
  expect(analytic.length).toBeGreaterThanOrEqual(20);
  for (const name of [
    "Caixa",
    "Bancos conta movimento",
    "Clientes",
    "Fornecedores",
    "Salários a pagar",
    "Impostos a recolher",
    "Receita de vendas",
    "Receita de serviços",
    "Aluguel",
    "Energia elétrica",
    "Água e esgoto",
    "Telefone e internet",
    "Material de escritório",
    "Combustíveis",
    "Honorários contábeis",
    "Tarifas bancárias",
    "Pró-labore",
  ]) {
    expect(analytic).toContain(name);
  }
});
