// Pure rules of the account picker (spec §2): the two groups and the option text.

/** reducedCode: 'Código no sistema contábil', shown beside the option text and searched. */
export type PickerAccount = { id: number; code: string; description: string; reducedCode?: string | null };

/** An account as the year's chart lists it: inactive ones and groups (synthetic) are never offered. */
export type ChartPickerAccount = PickerAccount & { active: boolean; type: string };

/** Option text 'code - description'. */
export function accountLabel(account: PickerAccount): string {
  return `${account.code} - ${account.description}`;
}

const byCode = (a: PickerAccount, b: PickerAccount) =>
  a.code.localeCompare(b.code, "pt-BR", { numeric: true }) || a.id - b.id;

/**
 * 'Contas ativas' (the client's accounts of the month) first, then 'Todas as contas' (the rest of the
 * year's chart: an active account is listed once, in the first group). Both sorted by code, but the
 * suggested account (`suggestedId`), when offered, heads the first group.
 */
export function pickerGroups(
  active: readonly PickerAccount[],
  all: readonly PickerAccount[],
  suggestedId: number | null = null,
): { active: PickerAccount[]; all: PickerAccount[] } {
  const activeIds = new Set(active.map((account) => account.id));
  const sorted = [...active].sort(byCode);
  const suggested = suggestedId === null ? -1 : sorted.findIndex((account) => account.id === suggestedId);
  if (suggested > 0) sorted.unshift(...sorted.splice(suggested, 1));
  return { active: sorted, all: all.filter((account) => !activeIds.has(account.id)).sort(byCode) };
}

/**
 * What the picker offers: the year's active analytic accounts, and the client's accounts of the month
 * among them (an account deactivated in the chart, or a group, leaves both lists; a block already in
 * one keeps showing it as its value through the picker's `known`).
 */
export function offeredAccounts<A extends PickerAccount>(
  active: readonly A[],
  chart: readonly ChartPickerAccount[],
): { active: Array<A & { reducedCode: string | null }>; all: ChartPickerAccount[] } {
  const refused = new Set(
    chart.filter((account) => !account.active || account.type !== "analytic").map((account) => account.id),
  );
  // The chart's reduced code, for a month's account that does not carry its own (shown and searched alike).
  const reduced = new Map(chart.map((account) => [account.id, account.reducedCode ?? null]));
  return {
    active: active
      .filter((account) => !refused.has(account.id))
      .map((account) => ({ ...account, reducedCode: account.reducedCode ?? reduced.get(account.id) ?? null })),
    all: chart.filter((account) => !refused.has(account.id)),
  };
}

/**
 * What a key does in the picker's input (an ARIA 1.2 combobox) over `count` options: ↓ opens (on the
 * chosen account) or moves down, wrapping (Alt+↓ only opens); ↑ opens on the last option or moves up,
 * wrapping; Home/End go to the first/last option; Enter picks the active option (closes when there is
 * none); Escape closes; Tab closes and leaves. `prevent`: the key's default is cancelled. Null: the key
 * is the input's own.
 */
export type PickerKeyAction = { prevent: boolean } & (
  | { kind: "open"; index?: number }
  | { kind: "move"; index: number }
  | { kind: "pick" }
  | { kind: "close" }
  | { kind: "none" }
);

export function pickerKey(
  key: string,
  { altKey, open, activeIndex, count }: { altKey: boolean; open: boolean; activeIndex: number; count: number },
): PickerKeyAction | null {
  const last = count - 1;
  switch (key) {
    case "ArrowDown":
      if (!open) return { prevent: true, kind: "open" };
      if (altKey) return { prevent: true, kind: "none" };
      return { prevent: true, kind: "move", index: activeIndex >= last ? 0 : activeIndex + 1 };
    case "ArrowUp":
      if (!open) return { prevent: true, kind: "open", index: last };
      return { prevent: true, kind: "move", index: activeIndex <= 0 ? last : activeIndex - 1 };
    case "Home":
    case "End":
      return open && count > 0 ? { prevent: true, kind: "move", index: key === "Home" ? 0 : last } : null;
    case "Enter":
      return open ? { prevent: true, kind: "pick" } : null;
    case "Escape":
      return open ? { prevent: true, kind: "close" } : null;
    case "Tab":
      return open ? { prevent: false, kind: "close" } : null;
    default:
      return null;
  }
}
