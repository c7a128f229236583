// Pure rules of the account picker (spec §2): the two groups and the option text.

export type PickerAccount = { id: number; code: string; description: string };

/** Option text 'code - description'. */
export function accountLabel(account: PickerAccount): string {
  return `${account.code} - ${account.description}`;
}

const byCode = (a: PickerAccount, b: PickerAccount) => a.code.localeCompare(b.code, "pt-BR", { numeric: true }) || a.id - b.id;

/**
 * 'Contas ativas' (the client's accounts of the month) first, then 'Todas as contas' (the rest of the
 * year's chart: an active account is listed once, in the first group). Both sorted by code.
 */
export function pickerGroups(active: readonly PickerAccount[], all: readonly PickerAccount[]): { active: PickerAccount[]; all: PickerAccount[] } {
  const activeIds = new Set(active.map((account) => account.id));
  return { active: [...active].sort(byCode), all: all.filter((account) => !activeIds.has(account.id)).sort(byCode) };
}
