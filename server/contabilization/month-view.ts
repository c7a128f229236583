import "server-only";
import { LAST_CONTABILIZED } from "@/lib/constants";
import type { ClientAccount } from "@/lib/contract/accounts";
import type { Block, BlocksByMonth } from "@/lib/contract/blocks";
import type { ContabilizationAccount, ContabilizationMonth } from "@/lib/contract/contabilization";
import { loadMonthAccounts } from "@/server/accounts/client-accounts";
import type { Db, Tx } from "@/server/db/client";
import { loadBlockRows, type LoadedBlock, type MonthFilter } from "@/server/blocks/rows";
import type { Actor } from "@/server/policy/actor";

// One month of a client's contabilization, read with the statements the block list already uses (the
// month's accounts from the activation rules, the month's live blocks in one query): the accounts with
// their uncontabilised counts and next block, and the last contabilised blocks.

/** A block waiting to be posted: categorised, not contabilised, no open pendency (it waits for the client). */
export const isUncontabilized = (block: Block) =>
  block.accountId !== null && !block.contabilizedDatetime && !block.hasPendency;

// The next block of an account: the oldest payment date first, then the earliest sent.
const oldestFirst = (a: Block, b: Block) =>
  (a.date ?? "").localeCompare(b.date ?? "") || a.sentDatetime.localeCompare(b.sentDatetime) || a.id - b.id;
const lastPostedFirst = (a: Block, b: Block) =>
  (b.contabilizedDatetime ?? "").localeCompare(a.contabilizedDatetime ?? "") || b.id - a.id;

/** The month's categorised blocks (contabilised included): year → month → account id → blocks. */
export function categorizedByMonth(blocks: Block[], { year, month }: MonthFilter): BlocksByMonth {
  const byAccount: Record<string, Block[]> = {};
  for (const block of blocks) if (block.accountId !== null) (byAccount[String(block.accountId)] ??= []).push(block);
  return { [String(year)]: { [String(month)]: byAccount } };
}

export type MonthData = { view: Omit<ContabilizationMonth, "leaseExpiresDatetime">; blocks: Block[] };

export async function loadMonthData(
  db: Db | Tx,
  actor: Actor,
  clientId: number,
  period: MonthFilter,
): Promise<MonthData> {
  const operatorId = actor.accounting?.operatorId ?? -1;
  const [plan, loaded] = await Promise.all([
    loadMonthAccounts(db, actor, clientId, period.year, period.month),
    loadBlockRows(db, { clientId, operatorId, month: period }),
  ]);
  return monthData(plan, loaded, clientId, period);
}

/**
 * How many blocks wait to be posted in the month, in all and per account, when `loaded` holds only
 * some of the month's blocks (a posting's answer: each account's next block and the last posted ones,
 * with the counts taken in SQL over the whole month).
 */
export type WaitingCounts = { total: number; byAccount: ReadonlyMap<number, number> };

/**
 * The month's view from its available accounts and its live blocks (of any order). Without `counts`,
 * `loaded` is the whole month; with them, it need only hold every account's next block and the last
 * LAST_CONTABILIZED posted blocks, and the counts are those given.
 */
export function monthData(
  plan: ClientAccount[],
  loaded: LoadedBlock[],
  clientId: number,
  period: MonthFilter,
  counts?: WaitingCounts,
): MonthData {
  const blocks = loaded.map((row) => row.block).filter((block) => block.accountId !== null);
  const waiting = blocks.filter(isUncontabilized).sort(oldestFirst);
  const accounts: ContabilizationAccount[] = plan.map((account) => {
    const mine = waiting.filter((block) => block.accountId === account.id);
    return {
      ...account,
      uncontabilizedCount: counts ? (counts.byAccount.get(account.id) ?? 0) : mine.length,
      next: mine[0] ?? null,
    };
  });
  // Stable: accounts with blocks to post first, each group keeping the plan's order by code.
  accounts.sort((a, b) => Number(b.uncontabilizedCount > 0) - Number(a.uncontabilizedCount > 0));
  const lastContabilized = blocks
    .filter((block) => block.contabilizedDatetime)
    .sort(lastPostedFirst)
    .slice(0, LAST_CONTABILIZED);
  const uncontabilizedCount = counts ? counts.total : waiting.length;
  return {
    view: { clientId, year: period.year, month: period.month, accounts, uncontabilizedCount, lastContabilized },
    blocks,
  };
}

export async function loadContabilizationMonth(
  db: Db | Tx,
  actor: Actor,
  clientId: number,
  period: MonthFilter,
  leaseExpiresAt: Date,
): Promise<ContabilizationMonth> {
  const { view } = await loadMonthData(db, actor, clientId, period);
  return { ...view, leaseExpiresDatetime: leaseExpiresAt.toISOString() };
}

/** The contabilised blocks of one account in one month, most recently posted first ('Visualizar Historico'). */
export async function loadHistory(
  db: Db | Tx,
  actor: Actor,
  clientId: number,
  period: MonthFilter,
  accountId: number,
): Promise<Block[]> {
  const loaded = await loadBlockRows(db, { clientId, operatorId: actor.accounting?.operatorId ?? -1, month: period });
  return loaded
    .map((row) => row.block)
    .filter((block) => block.accountId === accountId && block.contabilizedDatetime)
    .sort(lastPostedFirst);
}
