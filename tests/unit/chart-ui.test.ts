import { offeredAccounts } from "@/components/blocks/account-picker-rules";
import { previewChartBytes } from "@/components/chart/csv-preview";
import { ChartFileError } from "@/lib/accounts/chart-file";
import { matchesAccount } from "@/lib/format/search";

// The pure rules behind 'Plano de contas' (the import's preview of a file) and the pickers (what they offer).

describe("chart file preview", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  test("the first lines and the columns the server would pick by the header's names", () => {
    const preview = previewChartBytes(
      bytes('Descrição;Código;Reduzido\r\n\r\nAtivo;1;\n"Caixa; geral";1.1;10;extra\n'),
      3,
    );
    expect(preview.rows).toEqual([
      ["Descrição", "Código", "Reduzido"],
      ["Ativo", "1", ""],
      ["Caixa; geral", "1.1", "10", "extra"],
    ]);
    expect(preview).toMatchObject({
      width: 3,
      hasHeader: true,
      columns: { code: 1, description: 0, reducedCode: 2 },
      problem: null,
    });
  });

  test("a first line starting with a code is data: code 1, description 2", () => {
    expect(previewChartBytes(bytes("1,Ativo\n1.1,Caixa"))).toMatchObject({
      hasHeader: false,
      width: 2,
      columns: { code: 0, description: 1 },
      problem: null,
    });
  });

  test("a header the server cannot read is shown with its reason, for the person to pick the columns", () => {
    const preview = previewChartBytes(bytes("Histórico;Valor\nCaixa;1.1"));
    expect(preview.hasHeader).toBe(true);
    expect(preview.columns).toEqual({ code: 0, description: 1 });
    expect(preview.problem).toEqual(expect.any(String));
  });

  test("Windows-1252 bytes are read as such", () => {
    expect(
      previewChartBytes(new Uint8Array([0x43, 0xf3, 0x64, 0x3b, 0x44, 0x65, 0x73, 0x63, 0x72, 0x69, 0xe7, 0xe3, 0x6f]))
        .rows[0],
    ).toEqual(["Cód", "Descrição"]);
  });

  test("an empty file is refused", () => {
    expect(() => previewChartBytes(bytes("\n  \n"))).toThrow(ChartFileError);
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
