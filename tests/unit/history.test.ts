// The history's pure rules: the opaque cursor (round trip, refusals), what a categorisation changed, and
// each entry's detail in pt-BR words.
import { detailLines, whoAndWhen } from "@/components/blocks/history-entry";
import { clientHistoryBody, decodeHistoryCursor, encodeHistoryCursor, type HistoryEntry } from "@/lib/contract/history";
import { historyMessages } from "@/lib/i18n/sections/history";
import { categorizationChanges } from "@/server/history/entries";
import { historyStatement } from "@/server/history/sources";

describe("cursor", () => {
  test("round trip, base64url without padding", () => {
    const cursor = { at: "2026-05-10T15:00:00.000Z", source: 7, k1: 123_456_789_012, k2: 42 };
    const text = encodeHistoryCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeHistoryCursor(text)).toEqual(cursor);
  });

  test.each([
    ["not base64", "***"],
    ["base64 of text", Buffer.from("hello").toString("base64url")],
    ["three values", Buffer.from(JSON.stringify(["2026-05-10T15:00:00.000Z", 1, 2])).toString("base64url")],
    ["a bad instant", Buffer.from(JSON.stringify(["ontem", 1, 2, 0])).toString("base64url")],
    ["a negative key", Buffer.from(JSON.stringify(["2026-05-10T15:00:00.000Z", 1, -2, 0])).toString("base64url")],
    ["a fraction", Buffer.from(JSON.stringify(["2026-05-10T15:00:00.000Z", 1, 2.5, 0])).toString("base64url")],
    ["k2 past int4", Buffer.from(JSON.stringify(["2026-05-10T15:00:00.000Z", 1, 2, 2 ** 31])).toString("base64url")],
    ["too long", "a".repeat(201)],
  ])("%s is refused", (_label, text) => {
    expect(decodeHistoryCursor(text)).toBeNull();
  });

  test("the body refuses a bad cursor, a bad kind and a reversed period with pt-BR messages", () => {
    const result = clientHistoryBody.safeParse({
      clientId: 1,
      cursor: "x",
      kind: "x",
      from: "2026-02-02",
      to: "2026-02-01",
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining([historyMessages.invalidCursor, historyMessages.invalidKind]));
    const reversed = clientHistoryBody.safeParse({ clientId: 1, from: "2026-02-02", to: "2026-02-01" });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ["to"], message: historyMessages.periodOrder });
  });
});

describe("what a categorisation changed", () => {
  test("a first categorisation sets every field", () => {
    expect(
      categorizationChanges({
        before: { accountId: null, account: null, date: null, value: null },
        after: { accountId: 3, account: "1.1 Caixa", date: "2026-01-02", value: "10.00" },
      }),
    ).toEqual([
      { field: "account", before: null, after: "1.1 Caixa" },
      { field: "paymentDate", before: null, after: "2026-01-02" },
      { field: "value", before: null, after: "10.00" },
    ]);
  });

  test("only what differs; the same account is no change", () => {
    expect(
      categorizationChanges({
        before: { accountId: 3, account: "1.1 Caixa", date: "2026-01-02", value: "10.00" },
        after: { accountId: 3, account: "1.1 Caixa", date: "2026-01-05", value: "10.00" },
      }),
    ).toEqual([{ field: "paymentDate", before: "2026-01-02", after: "2026-01-05" }]);
  });

  test("an older event (before without its fields, after with the code only)", () => {
    expect(
      categorizationChanges({
        before: { accountId: 1 },
        after: { accountId: 2, code: "4.1", date: "2026-01-02", value: "5" },
      }),
    ).toEqual([
      { field: "account", before: null, after: "4.1" },
      { field: "paymentDate", before: null, after: "2026-01-02" },
      { field: "value", before: null, after: "5" },
    ]);
  });
});

describe("entries in words", () => {
  const entry = (patch: Partial<HistoryEntry>): HistoryEntry => ({
    kind: "sent",
    at: "2026-05-10T15:00:00.000Z",
    by: { id: 1, name: "Ana" },
    detail: null,
    ...patch,
  });

  test("who and when in São Paulo", () => {
    expect(whoAndWhen(entry({}))).toBe("Ana, 10/05/2026 às 12:00");
    expect(whoAndWhen(entry({ by: null }))).toBe("10/05/2026 às 12:00");
  });

  test("each kind's detail", () => {
    expect(
      detailLines(
        entry({
          kind: "categorized",
          detail: {
            changes: [
              { field: "account", before: null, after: "1.1 Caixa" },
              { field: "paymentDate", before: "2026-01-02", after: "2026-01-05" },
              { field: "value", before: "1234.50", after: "20.00" },
            ],
          },
        }),
      ),
    ).toEqual(["Conta: 1.1 Caixa", "Data de pagamento: 02/01/2026 → 05/01/2026", "Valor: R$ 1.234,50 → R$ 20,00"]);
    expect(detailLines(entry({ kind: "pendency_raised", detail: { issue: 2, observations: "" } }))).toEqual([
      "Incompleto",
    ]);
    expect(detailLines(entry({ kind: "pendency_solved", detail: { closedByDevolve: true } }))).toEqual([
      historyMessages.closedByDevolve,
    ]);
    expect(detailLines(entry({ kind: "contabilized", detail: { via: "mobile" } }))).toEqual(["Pelo celular"]);
    expect(detailLines(entry({ kind: "contabilized", detail: { via: "desktop" } }))).toEqual([]);
    expect(detailLines(entry({ kind: "devolved", detail: { reason: "Ilegível" } }))).toEqual(["Motivo: Ilegível"]);
    expect(detailLines(entry({ kind: "devolved", detail: { reason: null } }))).toEqual([]);
    expect(detailLines(entry({ kind: "exported", detail: { format: "dominio", postings: 1 } }))).toEqual([
      "Domínio, 1 lançamento",
    ]);
    expect(detailLines(entry({ kind: "viewed" }))).toEqual([]);
  });
});

describe("the statement", () => {
  test("a filter by a company-only kind and an office operator reads no source", () => {
    const { text } = historyStatement({
      mode: "client",
      clientId: 1,
      limit: 50,
      cursor: null,
      kind: "undone",
      operator: { operatorId: 2, userId: 3 },
      from: null,
      to: null,
    });
    expect(text).toContain("WHERE false");
  });

  test("only the values a source reads are bound (an unread parameter would have no type)", () => {
    const none = historyStatement({
      mode: "client",
      clientId: 1,
      limit: 50,
      cursor: { at: "2026-05-10T15:00:00.000Z", source: 5, k1: 1, k2: 0 },
      kind: "pendency_solved",
      operator: { operatorId: 2, userId: 3 },
      from: "2026-01-01",
      to: null,
    });
    expect(none.values).toEqual([]);
    const one = historyStatement({
      mode: "client",
      clientId: 9,
      limit: 50,
      cursor: null,
      kind: "viewed",
      operator: null,
      from: null,
      to: null,
    });
    expect(one.values).toEqual([9]);
    expect(one.text.match(/\$1::int/g)).toHaveLength(1);
  });

  test("values are bound, never written into the text", () => {
    const { text, values } = historyStatement({
      mode: "client",
      clientId: 77,
      limit: 50,
      cursor: { at: "2026-05-10T15:00:00.000Z", source: 6, k1: 9_999, k2: 0 },
      kind: null,
      operator: null,
      from: "2026-01-01",
      to: "2026-12-31",
    });
    expect(text).not.toContain("9999");
    expect(text).not.toContain("2026-");
    expect(values).toEqual(expect.arrayContaining([77, "2026-01-01", "2026-12-31", "2026-05-10T15:00:00.000Z", 9_999]));
  });
});
