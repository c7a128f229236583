import { offeredAccounts } from "@/components/blocks/account-picker-rules";
import { chartDelimiter, decodeChartBytes, guessChartColumns, previewChartFile, splitChartLine } from "@/components/chart/csv-preview";
import { matchesAccount } from "@/lib/format/search";

// The pure rules behind 'Plano de contas' (the import's preview of a file) and the pickers (what they offer).

describe("chart file preview", () => {
  test("reads UTF-8 (with or without a BOM) and falls back to Windows-1252", () => {
    const utf8 = new TextEncoder().encode("Código;Descrição");
    expect(decodeChartBytes(utf8)).toBe("Código;Descrição");
    expect(decodeChartBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe("Código;Descrição");
    // 'ó' and 'ç' in Windows-1252: not valid UTF-8
    expect(decodeChartBytes(new Uint8Array([0x43, 0xf3, 0x64, 0x3b, 0xe7]))).toBe("Cód;ç");
  });

  test("the delimiter is ';' when the header has one, else ','", () => {
    expect(chartDelimiter("codigo;descricao")).toBe(";");
    expect(chartDelimiter("codigo,descricao")).toBe(",");
    expect(chartDelimiter("codigo;descricao,x")).toBe(";");
  });

  test("splits quoted cells", () => {
    expect(splitChartLine('1.1;"Caixa; geral";"a ""b"""', ";")).toEqual(["1.1", "Caixa; geral", 'a "b"']);
  });

  test("guesses columns by header name, ignoring case and accents; else code 1 and description 2", () => {
    expect(guessChartColumns(["Reduzido", "Classificação", "Nome", "Tipo"])).toEqual({ code: 1, description: 2, reducedCode: 0, type: 3 });
    expect(guessChartColumns(["Código reduzido", "DESCRICAO", "Conta"])).toEqual({ code: 2, description: 1, reducedCode: 0 });
    expect(guessChartColumns(["a", "b", "c"])).toEqual({ code: 0, description: 1 });
    // only the code named: the description is the first column no name claims
    expect(guessChartColumns(["Reduzido", "Conta", "Histórico"])).toEqual({ code: 1, description: 2, reducedCode: 0 });
  });

  test("keeps the first non-blank lines, the header first", () => {
    const preview = previewChartFile("descricao;codigo;x\r\n\r\nAtivo;1\nCaixa;1.1;extra\n", 3);
    expect(preview.rows).toEqual([["descricao", "codigo", "x"], ["Ativo", "1"], ["Caixa", "1.1", "extra"]]);
    expect(preview).toMatchObject({ width: 3, hasHeader: true, columns: { code: 1, description: 0 } });
  });

  test("a file whose first line starts with a code has no header: code 1, description 2", () => {
    expect(previewChartFile("1,Ativo\n1.1,Caixa")).toMatchObject({ hasHeader: false, width: 2, columns: { code: 0, description: 1 } });
  });
});

describe("accounts offered by the pickers", () => {
  const chart = [
    { id: 1, code: "3", description: "Despesas", active: true, type: "synthetic", reducedCode: null },
    { id: 2, code: "3.1", description: "Aluguel", active: true, type: "analytic", reducedCode: "310" },
    { id: 3, code: "3.2", description: "Energia", active: false, type: "analytic", reducedCode: null },
  ];

  test("inactive and synthetic accounts are never offered, in either group", () => {
    const clientMonth = [
      { id: 2, code: "3.1", description: "Aluguel" },
      { id: 3, code: "3.2", description: "Energia" },
    ];
    const offered = offeredAccounts(clientMonth, chart);
    expect(offered.all.map((account) => account.id)).toEqual([2]);
    expect(offered.active.map((account) => account.id)).toEqual([2]);
    // the month's account shows (and is searched by) the chart's reduced code
    expect(offered.active[0].reducedCode).toBe("310");
  });

  test("the reduced code is searched beside code and description", () => {
    expect(matchesAccount(chart[1], "310")).toBe(true);
    expect(matchesAccount(chart[1], "ALUGUÉL")).toBe(true);
    expect(matchesAccount(chart[2], "310")).toBe(false);
  });
});
