import type { ClientAccount, ClientAccountsByMonth } from "@/lib/contract/accounts";
import { UNCATEGORIZED_KEY } from "@/lib/constants";
import type { Block, BlocksByMonth } from "@/lib/contract/blocks";
import { matchesAccount, matchesValue } from "@/lib/format/search";

// The client detail's left panel as pure data: which accounts a period shows, their blocks, the
// warning, and the flat list. A period is one month, or (month 0, 'Todos') every month of a year.

export type AccountRow = {
  account: ClientAccount;
  blocks: Block[];
  /** 'Um ou mais blocos foram categorizados nesta conta, porém ela não faz parte das contas ativas…' */
  warning: boolean;
};

/** Blocks of one account, newest payment first (then newest id). */
function byDateDesc(a: Block, b: Block): number {
  const ad = a.date ?? a.sentDatetime.slice(0, 10);
  const bd = b.date ?? b.sentDatetime.slice(0, 10);
  return ad === bd ? b.id - a.id : ad < bd ? 1 : -1;
}

/** Every month of `year` (month 0) or one month, as account key → blocks. */
export function periodBlocks(blocks: BlocksByMonth | undefined, year: number, month: number): Map<string, Block[]> {
  const result = new Map<string, Block[]>();
  const months = blocks?.[String(year)] ?? {};
  const keys = month === 0 ? Object.keys(months) : [String(month)];
  for (const key of keys) {
    for (const [account, list] of Object.entries(months[key] ?? {})) {
      result.set(account, [...(result.get(account) ?? []), ...list]);
    }
  }
  for (const list of result.values()) list.sort(byDateDesc);
  return result;
}

/**
 * 'Todos': the accounts of every month of the year, once each. An account counts as active when an
 * activation covered any month of the year; its date is the latest activation seen.
 */
export function yearAccounts(byMonth: ClientAccountsByMonth | undefined, year: number): ClientAccount[] {
  const merged = new Map<number, ClientAccount>();
  for (const list of Object.values(byMonth?.[String(year)] ?? {})) {
    for (const account of list) {
      const seen = merged.get(account.id);
      if (!seen) merged.set(account.id, account);
      else
        merged.set(account.id, {
          ...seen,
          activated: seen.activated || account.activated,
          date:
            [seen.date, account.date]
              .filter((d): d is string => d !== null)
              .sort()
              .at(-1) ?? null,
        });
    }
  }
  return [...merged.values()].sort((a, b) => a.code.localeCompare(b.code, "pt-BR", { numeric: true }));
}

/** The account rows of a period: accounts sorted by code, each with its blocks and the warning. */
export function accountRows(accounts: ClientAccount[], blocks: Map<string, Block[]>): AccountRow[] {
  return [...accounts]
    .sort((a, b) => a.code.localeCompare(b.code, "pt-BR", { numeric: true }))
    .map((account) => {
      const list = blocks.get(String(account.id)) ?? [];
      return { account, blocks: list, warning: !account.activated && list.length > 0 };
    });
}

/** The rows whose code or description match 'Buscar conta' (spec §5). */
export function filterRows(rows: AccountRow[], term: string): AccountRow[] {
  return rows.filter((row) => matchesAccount(row.account, term));
}

/** 'Visualizar Blocos': every categorised block of the period, newest first, filtered by 'Buscar valor'. */
export function flatBlocks(blocks: Map<string, Block[]>, term: string): Block[] {
  return [...blocks.entries()]
    .filter(([key]) => key !== UNCATEGORIZED_KEY)
    .flatMap(([, list]) => list)
    .filter((block) => matchesValue(block.value, term))
    .sort(byDateDesc);
}
