import { groupByDay, isUndoable, operatorOptions, shortOperatorName } from "@/components/business/sent-rules";
import type { SentBlock, SentOperator } from "@/lib/contract/business";

const block = (id: number, date: string, extra: Partial<SentBlock> = {}): SentBlock => ({
  id,
  date,
  accountId: null,
  documentsUrl: [],
  thumbnailsUrl: [],
  operatorId: 1,
  undoableUntil: null,
  ...extra,
});
const op = (id: number, name: string, isMe = false): SentOperator => ({ id, name, pictureUrl: null, isMe });

describe("shortOperatorName (spec §9: names over 25 characters cut with an ellipsis)", () => {
  test("25 characters stay whole; 26 are cut to 25 plus the ellipsis", () => {
    expect(shortOperatorName("A".repeat(25))).toBe("A".repeat(25));
    expect(shortOperatorName("A".repeat(26))).toBe(`${"A".repeat(25)}…`);
  });
  test("a cut on a space leaves no trailing space; accents count as one character", () => {
    expect(shortOperatorName("Maria Aparecida da Conceição Souza")).toBe("Maria Aparecida da Concei…");
    expect(shortOperatorName("João Antônio de Magalhães Silva")).toBe("João Antônio de Magalhães…");
    expect(shortOperatorName("Ana Maria Souza Lima Pint Costa")).toBe("Ana Maria Souza Lima Pint…");
    expect(shortOperatorName("Ana Maria Souza Lima Pin Costa")).toBe("Ana Maria Souza Lima Pin…");
  });
});

describe("operatorOptions", () => {
  test("the caller first as 'Voce', then the others; at most 7", () => {
    const list = [
      op(2, "Bruno"),
      op(1, "Eu Mesmo", true),
      ...Array.from({ length: 8 }, (_, i) => op(10 + i, `Colega ${i}`)),
    ];
    const options = operatorOptions(list);
    expect(options).toHaveLength(7);
    expect(options[0]).toEqual({ value: 1, label: "Voce" });
    expect(options[1]).toEqual({ value: 2, label: "Bruno" });
    expect(options.at(-1)).toEqual({ value: 14, label: "Colega 4" });
  });
  test("long colleague names are cut", () => {
    expect(operatorOptions([op(1, "Me", true), op(2, "Fernanda Cristina Albuquerque Moraes")])[1].label).toBe(
      "Fernanda Cristina Albuque…",
    );
  });
});

describe("groupByDay", () => {
  test("groups by São Paulo day, newest first (a UTC date past midnight is still the evening before)", () => {
    const groups = groupByDay([
      block(1, "2026-03-09T12:00:00.000Z"),
      block(3, "2026-03-10T02:30:00.000Z"), // 23:30 on 09/03 in São Paulo
      block(4, "2026-03-10T13:00:00.000Z"),
      block(2, "2026-03-09T12:00:00.000Z"),
    ]);
    expect(groups.map((g) => [g.day, g.blocks.map((b) => b.id)])).toEqual([
      ["10/03/2026", [4]],
      ["09/03/2026", [3, 2, 1]],
    ]);
  });
  test("no blocks, no groups", () => expect(groupByDay([])).toEqual([]));
});

test("isUndoable: only while undoableUntil is in the future", () => {
  const now = Date.parse("2026-03-10T13:00:00.000Z");
  expect(isUndoable(block(1, "2026-03-10T12:50:00.000Z", { undoableUntil: "2026-03-10T13:05:00.000Z" }), now)).toBe(
    true,
  );
  expect(isUndoable(block(1, "2026-03-10T12:40:00.000Z", { undoableUntil: "2026-03-10T13:00:00.000Z" }), now)).toBe(
    false,
  );
  expect(isUndoable(block(1, "2026-03-10T12:58:00.000Z"), now)).toBe(false);
});
