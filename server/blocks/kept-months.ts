import "server-only";
import { LRUCache } from "lru-cache";
import type { BlocksByMonth } from "@/lib/contract/blocks";
import { listLinkExpiry } from "@/server/documents/signed-url";
import type { MonthFilter } from "./rows";

// The month lists this process answered lately (docs/decisions/0203-per-process-caches.md). Each is kept
// with the version of what it shows (client_list_versions, which PostgreSQL moves with every committed
// write to a row a list answers with) and answered again only while the caller's call reads the same
// version: nothing here is trusted without that check, made on every call with the caller's scope and
// the badge counts. A list lives while its links are the ones this minute signs (listLinkExpiry). Each
// process keeps its own lists, checked the same way.

/** The version of what a list shows, as PostgreSQL's sum or value reads it (text: int8 and numeric). */
export type ListVersion = string;

type Kept = { version: ListVersion; blocks: BlocksByMonth };

// Bounded by blocks (a block with its links is under 1 KB): about 30 MB per process at most, whatever
// the months' sizes; a month over a tenth of that is answered, not kept.
const BLOCK_LIMIT = 30_000;
const kept = new LRUCache<string, Kept>({
  maxSize: BLOCK_LIMIT,
  maxEntrySize: BLOCK_LIMIT / 10,
  sizeCalculation: (entry) => 1 + countBlocks(entry.blocks),
  // A minute's links expire with it: an entry of a past minute is never read again.
  ttl: 120_000,
});

function countBlocks(blocks: BlocksByMonth): number {
  let count = 0;
  for (const months of Object.values(blocks))
    for (const accounts of Object.values(months)) for (const list of Object.values(accounts)) count += list.length;
  return count;
}

/**
 * Who a list is read for: the office's operator (its own `viewed`) or the company (`company`), and the
 * client and month.
 */
export type MonthOf = { who: `operator:${number}` | "company"; clientId: number; month: MonthFilter };

const keyOf = ({ who, clientId, month }: MonthOf) =>
  `${listLinkExpiry()} ${who} ${clientId} ${month.year}-${month.month}`;

/**
 * The month's blocks: the list kept for `of` at `version`, or `read()`'s, then kept. A list read while
 * a write commits may already show it: kept at the version read before it, it is only answered again
 * to callers who read that version, for whom it is at most newer than their snapshot.
 */
export async function keptMonth(
  of: MonthOf,
  version: ListVersion,
  read: () => Promise<BlocksByMonth>,
): Promise<BlocksByMonth> {
  const key = keyOf(of);
  const held = kept.get(key);
  if (held?.version === version) return held.blocks;
  const blocks = await read();
  kept.set(key, { version, blocks });
  return blocks;
}

/** What this process holds: lists and blocks (for the tests of the limits). */
export function keptSize(): { lists: number; blocks: number } {
  return { lists: kept.size, blocks: kept.calculatedSize };
}
