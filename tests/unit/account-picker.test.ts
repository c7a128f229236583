import { pickerKey } from "@/components/blocks/account-picker-rules";

// The account picker's keys (an ARIA 1.2 combobox) over a list of four options.

const closed = { altKey: false, open: false, activeIndex: -1, count: 4 };
const on = (activeIndex: number, extra: Partial<typeof closed> = {}) => ({
  ...closed,
  open: true,
  activeIndex,
  ...extra,
});

describe("the account picker's keys", () => {
  test("↓ opens the list on the chosen account, then moves down and wraps; Alt+↓ only opens", () => {
    expect(pickerKey("ArrowDown", closed)).toEqual({ prevent: true, kind: "open" });
    expect(pickerKey("ArrowDown", { ...closed, altKey: true })).toEqual({ prevent: true, kind: "open" });
    expect(pickerKey("ArrowDown", on(1))).toEqual({ prevent: true, kind: "move", index: 2 });
    expect(pickerKey("ArrowDown", on(3))).toEqual({ prevent: true, kind: "move", index: 0 });
    expect(pickerKey("ArrowDown", on(1, { altKey: true }))).toEqual({ prevent: true, kind: "none" });
  });

  test("↑ opens the list on the last option, then moves up and wraps", () => {
    expect(pickerKey("ArrowUp", closed)).toEqual({ prevent: true, kind: "open", index: 3 });
    expect(pickerKey("ArrowUp", on(2))).toEqual({ prevent: true, kind: "move", index: 1 });
    expect(pickerKey("ArrowUp", on(0))).toEqual({ prevent: true, kind: "move", index: 3 });
    expect(pickerKey("ArrowUp", on(-1))).toEqual({ prevent: true, kind: "move", index: 3 });
  });

  test("Home and End go to the ends of an open list with options, else stay the input's", () => {
    expect(pickerKey("Home", on(2))).toEqual({ prevent: true, kind: "move", index: 0 });
    expect(pickerKey("End", on(0))).toEqual({ prevent: true, kind: "move", index: 3 });
    expect(pickerKey("Home", closed)).toBeNull();
    expect(pickerKey("End", on(-1, { count: 0 }))).toBeNull();
  });

  test("Enter picks and Escape closes an open list; Tab closes it and still leaves", () => {
    expect(pickerKey("Enter", on(1))).toEqual({ prevent: true, kind: "pick" });
    expect(pickerKey("Escape", on(1))).toEqual({ prevent: true, kind: "close" });
    expect(pickerKey("Tab", on(1))).toEqual({ prevent: false, kind: "close" });
    for (const key of ["Enter", "Escape", "Tab"]) expect(pickerKey(key, closed)).toBeNull();
  });

  test("other keys are the input's", () => {
    expect(pickerKey("a", on(1))).toBeNull();
    expect(pickerKey("ArrowLeft", on(1))).toBeNull();
  });
});
