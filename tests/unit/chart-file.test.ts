import { accountsMessages } from "@/lib/i18n/sections/accounts";
import { AppError } from "@/server/errors";
import { ChartFileError, previewChartFile, readChartFile } from "@/lib/accounts/chart-file";
import { decodeDataUrl, parseChartFile, type ChartFile } from "@/server/accounts/chart-file";

// The chart-of-accounts file of POST /api/account/import read into rows (server/accounts/chart-file.ts,
// docs/decisions/0060-chart-file-reading.md).

const m = accountsMessages.chartFile;
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const parse = (text: string, columns?: Parameters<typeof parseChartFile>[1]) => parseChartFile(utf8(text), columns);
const brief = (file: ChartFile) => file.rows.map((r) => [r.line, r.code, r.description]);

/** The AppError a call throws (fails the test when it throws nothing or something else). */
function errorOf(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("no error thrown");
}

describe("decodeDataUrl", () => {
  test("any declared type, with parameters or none, padded or not", () => {
    const payload = Buffer.from("Código;Descrição\n1;Ativo\n").toString("base64");
    expect(Buffer.from(decodeDataUrl(`data:text/csv;base64,${payload}`)).toString()).toBe(
      "Código;Descrição\n1;Ativo\n",
    );
    expect(
      Buffer.from(decodeDataUrl(`data:application/vnd.ms-excel;charset=utf-8;base64,${payload}`)).toString(),
    ).toContain("Ativo");
    expect(Buffer.from(decodeDataUrl(`data:;base64,${payload}`)).toString()).toContain("Ativo");
    expect(Buffer.from(decodeDataUrl("data:text/plain;base64,QUI")).toString()).toBe("AB");
    expect(Buffer.from(decodeDataUrl("data:text/plain;base64,QUI=")).toString()).toBe("AB");
  });

  test.each([
    ["not a data URL", "Código;Descrição"],
    ["no base64 marker", "data:text/csv,1;Ativo"],
    ["a character outside the alphabet", "data:text/csv;base64,QUJD*RUY="],
    ["base64url characters", "data:text/csv;base64,-_-_"],
    ["spaces inside", "data:text/csv;base64,QUJD RUY="],
    ["a length no base64 has", "data:text/csv;base64,QUJDR"],
    ["padding where none fits", "data:text/csv;base64,QUJ=="],
    ["padding in the middle", "data:text/csv;base64,QQ==QUJD"],
  ])("400 for %s", (_, input) => {
    const error = errorOf(() => decodeDataUrl(input));
    expect(error.status).toBe(400);
    expect(error.message).toBe(m.invalidDataUrl);
  });

  test("400 for a value that is not a string (a script's mistake)", () => {
    expect(errorOf(() => decodeDataUrl(42 as unknown as string)).status).toBe(400);
  });
});

describe("encodings", () => {
  test("UTF-8 without BOM", () => {
    const file = parse("Código;Descrição\n1.1;Água e esgoto\n");
    expect(file.header).toEqual(["Código", "Descrição"]);
    expect(brief(file)).toEqual([[2, "1.1", "Água e esgoto"]]);
  });

  test("UTF-8 with BOM: the BOM is not part of the first header name", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from("Código;Descrição\n1.1;Água\n")]);
    const file = parseChartFile(bytes);
    expect(file.header).toEqual(["Código", "Descrição"]);
    expect(file.columns).toEqual({ code: 0, description: 1 });
    expect(brief(file)).toEqual([[2, "1.1", "Água"]]);
  });

  test("Windows-1252 when the bytes are not UTF-8", () => {
    // "Água – luz €" in Windows-1252: Á is 0xC1, the dash 0x96, the euro 0x80 (not valid UTF-8).
    const cp1252 = new Uint8Array([...Buffer.from("C\xf3digo;Descri\xe7\xe3o\n1.1;\xc1gua \x96 luz \x80\n", "latin1")]);
    expect(cp1252.includes(0xc1)).toBe(true); // Á
    const file = parseChartFile(cp1252);
    expect(file.header).toEqual(["Código", "Descrição"]);
    expect(brief(file)).toEqual([[2, "1.1", "Água – luz €"]]);
  });
});

describe("delimiters and quotes", () => {
  test("semicolon", () => {
    expect(brief(parse("Conta;Nome\n1;Ativo\n1.1;Circulante"))).toEqual([
      [2, "1", "Ativo"],
      [3, "1.1", "Circulante"],
    ]);
  });

  test("comma", () => {
    expect(brief(parse("Conta,Nome\n1,Ativo\n1.1,Circulante\n"))).toEqual([
      [2, "1", "Ativo"],
      [3, "1.1", "Circulante"],
    ]);
  });

  test("both in the header: the semicolon, and commas are then part of the cells", () => {
    const file = parse("Conta;Nome, descrição\n3.1;Aluguel, condomínio\n");
    expect(file.header).toEqual(["Conta", "Nome, descrição"]);
    expect(brief(file)).toEqual([[2, "3.1", "Aluguel, condomínio"]]);
  });

  test("quoted cells keep their delimiters, doubled quotes and line breaks", () => {
    const file = parse(
      'Código,Descrição\n4.1,"Aluguel, condomínio"\n4.2,"Serviços ""PJ"""\n4.3,"Duas\nlinhas"\n4.4,Fim\n',
    );
    expect(brief(file)).toEqual([
      [2, "4.1", "Aluguel, condomínio"],
      [3, "4.2", 'Serviços "PJ"'],
      [4, "4.3", "Duas\nlinhas"],
      [6, "4.4", "Fim"],
    ]);
  });

  test("a quote inside an unquoted cell is a character; CRLF and CR line ends count as one line each", () => {
    const file = parse('Código;Descrição\r\n1;Tela 15"\r\n2;Outra\r3;Mais');
    expect(brief(file)).toEqual([
      [2, "1", 'Tela 15"'],
      [3, "2", "Outra"],
      [4, "3", "Mais"],
    ]);
  });

  test("a quote never closed is a 400 naming its line", () => {
    const error = errorOf(() => parse('Código;Descrição\n1;Ativo\n2;"Passivo\n3;Receitas\n'));
    expect(error.status).toBe(400);
    expect(error.message).toBe(m.unclosedQuote(3));
  });

  test("cells are trimmed", () => {
    const file = parse("  Código ; Descrição \n 1.1 ;  Caixa  \n");
    expect(file.header).toEqual(["Código", "Descrição"]);
    expect(brief(file)).toEqual([[2, "1.1", "Caixa"]]);
  });
});

describe("columns", () => {
  test("header names ignore case and accents, in any order, with the optional columns", () => {
    const file = parse("TIPO;codigo reduzido;DESCRICAO;classificação\nS;10;Ativo;1\nA;11;Caixa;1.1\n");
    expect(file.columns).toEqual({ type: 0, reducedCode: 1, description: 2, code: 3 });
    expect(file.rows).toEqual([
      { line: 2, code: "1", description: "Ativo", reducedCode: "10", type: "synthetic" },
      { line: 3, code: "1.1", description: "Caixa", reducedCode: "11", type: "analytic" },
    ]);
  });

  test("'Código reduzido' is the reduced code and 'Descrição da conta' the description, not the code", () => {
    const file = parse("Código reduzido;Classificação;Descrição da conta\n7;1.1.01;Caixa\n");
    expect(file.columns).toEqual({ reducedCode: 0, code: 1, description: 2 });
    expect(file.rows[0]).toMatchObject({ code: "1.1.01", description: "Caixa", reducedCode: "7" });
  });

  test("the strongest code name wins: Classificação over Código over Conta; a Código beside a Classificação is the reduced code", () => {
    const dominio = parse("Código;Classificação;Descrição\n7;1.1.01;Caixa\n");
    expect(dominio.columns).toEqual({ reducedCode: 0, code: 1, description: 2 });
    expect(dominio.rows[0]).toMatchObject({ code: "1.1.01", reducedCode: "7" });
    // a column named as the reduced code keeps that role; the other Código is then left alone
    expect(parse("Código;Reduzido;Classificação;Nome\n7;8;1.1;Caixa\n").columns).toEqual({
      reducedCode: 1,
      code: 2,
      description: 3,
    });
    expect(parse("Conta;Código;Nome\n1;1.1;Caixa\n").columns).toEqual({ code: 1, description: 2 });
    expect(parse("Nome;Conta;Conta contábil\nCaixa;1.1;x\n").columns).toEqual({ description: 0, code: 1 });
  });

  test("a word inside another is no name: 'Saldo contábil' is not the code", () => {
    const file = parse("Saldo contábil;Conta;Nome\n100,00;1.1;Caixa\n");
    expect(file.columns).toEqual({ code: 1, description: 2 });
  });

  test("only one of code and description named: the other is the first column no name claims", () => {
    expect(parse("Conta;Histórico\n1.1;Caixa\n").columns).toEqual({ code: 0, description: 1 });
    expect(parse("Reduzido;Descrição;Classif\n7;Caixa;1.1\n").columns).toEqual({
      reducedCode: 0,
      description: 1,
      code: 2,
    });
  });

  test("no header: a first line starting with a code is data, code in column 1 and description in 2", () => {
    const file = parse("1;Ativo;x\n1.1;Caixa;y\n");
    expect(file.header).toEqual([]);
    expect(file.columns).toEqual({ code: 0, description: 1 });
    expect(brief(file)).toEqual([
      [1, "1", "Ativo"],
      [2, "1.1", "Caixa"],
    ]);
  });

  test.each([
    ["names only optional columns", "Reduzido;Tipo\n1;A\n", m.noColumns],
    ["names nothing known and does not start with a code", "Histórico;Valor\n1.1;Caixa\n", m.noColumns],
    ["names the code and leaves no column for the description", "Conta;Tipo\n1.1;A\n", m.noDescriptionColumn],
    ["has a single column", "Lista\n1.1\n", m.oneColumn],
  ])("400 when the header %s", (_, text, message) => {
    const error = errorOf(() => parse(text));
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  test("explicit columns (0-based) win over the names; the header stays a header", () => {
    const file = parse("Reduzido;Nome;Conta;Tipo\n7;Caixa;1.1;S\n8;Bancos;1.2;\n", { code: 2, description: 1 });
    expect(file.header).toEqual(["Reduzido", "Nome", "Conta", "Tipo"]);
    expect(file.columns).toEqual({ code: 2, description: 1 });
    expect(file.rows).toEqual([
      { line: 2, code: "1.1", description: "Caixa", reducedCode: null, type: "analytic" },
      { line: 3, code: "1.2", description: "Bancos", reducedCode: null, type: "analytic" },
    ]);
    const all = parse("Reduzido;Nome;Conta;Tipo\n7;Caixa;1.1;S\n", {
      code: 2,
      description: 1,
      reducedCode: 0,
      type: 3,
    });
    expect(all.rows).toEqual([{ line: 2, code: "1.1", description: "Caixa", reducedCode: "7", type: "synthetic" }]);
  });

  test("explicit columns on a file without header: the first line is data", () => {
    const file = parse("Caixa;1.1\nBancos;1.2\n", { code: 1, description: 0 });
    expect(file.header).toEqual([]);
    expect(brief(file)).toEqual([
      [1, "1.1", "Caixa"],
      [2, "1.2", "Bancos"],
    ]);
  });

  test("explicit columns past the first line are a 400; past a later line, that line is refused", () => {
    const error = errorOf(() => parse("Conta;Nome\n1;Ativo\n", { code: 0, description: 2 }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(m.columnOutOfRange(2, 2));
    const file = parse("Conta;Nome;Tipo\n1;Ativo;S\n1.1\n1.2;Bancos\n", { code: 0, description: 1, type: 2 });
    expect(brief(file)).toEqual([
      [2, "1", "Ativo"],
      [4, "1.2", "Bancos"],
    ]);
    expect(file.refused).toEqual([{ line: 3, message: m.missingCells }]);
  });

  test.each([
    ["the same column for code and description", { code: 1, description: 1 }],
    ["a negative column", { code: -1, description: 1 }],
    ["a fractional column", { code: 0, description: 1.5 }],
  ])("400 for %s", (_, columns) => {
    const error = errorOf(() => parse("Conta;Nome\n1;Ativo\n", columns));
    expect(error.status).toBe(400);
    expect(error.message).toBe(m.invalidColumns);
  });
});

describe("types", () => {
  test("type cells: S, Sintética, T, Título are synthetic; A, Analítica analytic", () => {
    const text = "Conta;Nome;Tipo\n1;a;S\n2;b;Sintética\n3;c;T\n4;d;Título\n5;e;A\n6;f;analítica\n7;g;sintetico\n";
    expect(parse(text).rows.map((r) => r.type)).toEqual([
      "synthetic",
      "synthetic",
      "synthetic",
      "synthetic",
      "analytic",
      "analytic",
      "synthetic",
    ]);
  });

  test("a blank or unknown type, or no type column: synthetic when a later or earlier code sits under it", () => {
    const file = parse(
      "Conta;Nome;Tipo\n1;Ativo;\n1.1;Circulante;?\n1.1.01;Caixa;\n10;Outro;\n2.1.01;Fornecedores;\n2.1;Passivo circulante;\n",
    );
    expect(file.rows.map((r) => [r.code, r.type])).toEqual([
      ["1", "synthetic"],
      ["1.1", "synthetic"],
      ["1.1.01", "analytic"],
      ["10", "analytic"],
      ["2.1.01", "analytic"],
      ["2.1", "synthetic"],
    ]);
    expect(parse("Conta;Nome\n1;Ativo\n1.1;Caixa\n").rows.map((r) => r.type)).toEqual(["synthetic", "analytic"]);
  });

  test("an explicit type wins over the codes", () => {
    expect(parse("Conta;Nome;Tipo\n1;Ativo;A\n1.1;Caixa;S\n").rows.map((r) => r.type)).toEqual([
      "analytic",
      "synthetic",
    ]);
  });
});

describe("refused lines", () => {
  test("each reason, with the file's line numbers, blank lines skipped but counted", () => {
    const text = [
      "Código;Descrição", // 1
      "1;Ativo", // 2
      "", // 3
      ";Sem código", // 4
      "1.a;Letra", // 5
      "1..1;Ponto duplo", // 6
      ".1;Ponto no início", // 7
      "1.;Ponto no fim", // 8
      "1 1;Espaço", // 9
      "1.1;", // 10
      "   ;   ", // 11: only blanks, skipped
      ";;", // 12: empty cells, skipped
      "1;Ativo de novo", // 13
      "1.1;Caixa", // 14
      "-1;Negativo", // 15
    ].join("\n");
    const file = parse(text);
    expect(brief(file)).toEqual([
      [2, "1", "Ativo"],
      [14, "1.1", "Caixa"],
    ]);
    expect(file.refused).toEqual([
      { line: 4, message: m.emptyCode },
      { line: 5, message: m.invalidCode("1.a") },
      { line: 6, message: m.invalidCode("1..1") },
      { line: 7, message: m.invalidCode(".1") },
      { line: 8, message: m.invalidCode("1.") },
      { line: 9, message: m.invalidCode("1 1") },
      { line: 10, message: m.emptyDescription },
      { line: 13, message: m.duplicateCode("1", 2) },
      { line: 15, message: m.invalidCode("-1") },
    ]);
  });

  test("a duplicate keeps the first, whatever the second says", () => {
    const file = parse("Conta;Nome;Reduzido\n3.1;Aluguel;31\n3.2;Luz;32\n3.1;Aluguel e condomínio;99\n");
    expect(file.rows.map((r) => [r.code, r.description, r.reducedCode])).toEqual([
      ["3.1", "Aluguel", "31"],
      ["3.2", "Luz", "32"],
    ]);
    expect(file.refused).toEqual([{ line: 4, message: m.duplicateCode("3.1", 2) }]);
  });

  test("a long wrong code is cut in its message", () => {
    const code = "9".repeat(30) + "x".repeat(30);
    expect(parse(`Conta;Nome\n${code};Longa\n`).refused[0].message).toBe(m.invalidCode(`${code.slice(0, 40)}…`));
  });
});

describe("empty files", () => {
  test.each([
    ["no bytes", "", m.empty],
    ["blank lines", "\n  \r\n\n", m.empty],
    ["a BOM alone", "\ufeff", m.empty],
    ["only the header", "Código;Descrição\n\n", m.noAccounts],
    ["the header and lines of empty cells", "Código;Descrição\n;\n ; \n", m.noAccounts],
  ])("400 for %s", (_, text, message) => {
    const error = errorOf(() => parse(text));
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });
});

test("a 5,000-line chart is read whole, in order", () => {
  const lines = ["Classificação;Descrição;Reduzido"];
  for (let group = 1; group <= 50; group++) {
    lines.push(`${group};Grupo ${group};${group * 1000}`);
    for (let leaf = 1; leaf <= 99; leaf++)
      lines.push(`${group}.${leaf};"Conta ${group}, ${leaf}";${group * 1000 + leaf}`);
  }
  expect(lines).toHaveLength(5001);
  const file = parse(lines.join("\r\n"));
  expect(file.refused).toEqual([]);
  expect(file.rows).toHaveLength(5000);
  expect(file.rows[4999]).toEqual({
    line: 5001,
    code: "50.99",
    description: "Conta 50, 99",
    reducedCode: "50099",
    type: "analytic",
  });
  expect(file.rows.filter((r) => r.type === "synthetic").map((r) => r.code)).toEqual(
    Array.from({ length: 50 }, (_, i) => `${i + 1}`),
  );
  // a round trip through the data URL the screen sends
  const url = `data:text/csv;base64,${Buffer.from(lines.join("\n")).toString("base64")}`;
  expect(parseChartFile(decodeDataUrl(url)).rows).toHaveLength(5000);
});

describe("the preview the import dialog shows (lib/accounts/chart-file.ts)", () => {
  test("the first lines, the width and the columns the server picks by itself", () => {
    const text = 'Código;Classificação;Descrição;Tipo\n7;1;Ativo;S\n8;1.1;"Caixa; geral";A\n9;1.2;Bancos;A\n';
    const preview = previewChartFile(utf8(text), 2);
    expect(preview).toEqual({
      rows: [
        ["Código", "Classificação", "Descrição", "Tipo"],
        ["7", "1", "Ativo", "S"],
      ],
      width: 4,
      hasHeader: true,
      columns: { reducedCode: 0, code: 1, description: 2, type: 3 },
    });
    // the columns it shows, sent back, read the file as the server would have by itself
    expect(parse(text, preview.columns)).toEqual(parse(text));
    expect(previewChartFile(utf8("1;Ativo\n1.1;Caixa\n"))).toMatchObject({
      hasHeader: false,
      columns: { code: 0, description: 1 },
    });
  });

  test("a file the import answers 400 for is a ChartFileError, a file of refused lines is not", () => {
    for (const text of ["", "Reduzido;Tipo\n1;A\n"]) expect(() => previewChartFile(utf8(text))).toThrow(ChartFileError);
    expect(() => readChartFile(utf8("Conta;Nome\n"))).toThrow(ChartFileError);
    expect(readChartFile(utf8("Conta;Nome\nx;y\n")).refused).toEqual([{ line: 2, message: m.invalidCode("x") }]);
  });
});
