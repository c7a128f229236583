import "server-only";
import type { BlocksByMonth } from "@/lib/contract/blocks";
import { listLinkExpiry } from "@/server/documents/signed-url";
import { toJson } from "@/server/http/respond";
import type { MonthFilter } from "./rows";

// The month lists this process answered lately, each with the client's data version it was read at
// (client_block_counts.data_version, which the triggers of migration 20261126160000 move with every
// write to the client's blocks, documents, pendencies and block views). The next read of the same
// month by the same user sends that version to PostgreSQL with the actor load; while it is still the
// client's version (and the caller is still the operator, or the company, the list was read for), the
// statement skips the blocks and the kept list is the answer. Nothing here is trusted without that
// check: the caller, the scope and the badge counts are read on every call, and a second process keeps
// its own lists, checked the same way. An entry lives while the lists' links it holds are the ones the
// minute signs (listLinkExpiry): after that minute it is read again.

export type HeldMonth = {
  /** client_block_counts.data_version as text, when the list was read. */
  version: string;
  /** The operator (office) or the company (business) the list was read for. */
  who: number;
  linkExpiry: string;
  blocks: BlocksByMonth;
  /** How many blocks `blocks` holds: what the entry weighs against BLOCK_LIMIT. */
  size: number;
};

// Bounded by lists and by blocks (a block with its links is under 1 KB): at most about 30 MB per
// process whatever the months' sizes; a month larger than a tenth of that is answered, not kept.
const LIST_LIMIT = 2_000;
const BLOCK_LIMIT = 30_000;
const held = new Map<string, HeldMonth>();
let heldBlocks = 0;

// The JSON text of each kept list's `blocks`, made when it is kept: a kept list is answered again and
// again, and serialising it each time (a month of blocks with their links is several KB) cost about
// 15 µs of the call's CPU (measured in a CPU profile under `npm run bench`). Weak: it goes with the list.
const texts = new WeakMap<BlocksByMonth, string>();

function drop(key: string): void {
  const entry = held.get(key);
  if (!entry) return;
  held.delete(key);
  heldBlocks -= entry.size;
}

/** The key of a user's month list of one client (office) or of its own company (`clientId` absent). */
export function monthKey(userId: number, clientId: number | undefined, month: MonthFilter): string {
  return `${userId}:${clientId ?? "own"}:${month.year}-${month.month}`;
}

/** The list kept for `key`, while its links are this minute's; null otherwise. */
export function heldMonth(key: string): HeldMonth | null {
  const entry = held.get(key);
  if (!entry) return null;
  if (entry.linkExpiry !== listLinkExpiry()) {
    drop(key);
    return null;
  }
  return entry;
}

/**
 * Keeps a list read at `version` (never mutated afterwards); past the limits the lists kept longest
 * ago go first.
 */
export function keepMonth(key: string, entry: HeldMonth): void {
  drop(key);
  if (entry.size > BLOCK_LIMIT / 10) return;
  texts.set(entry.blocks, toJson(entry.blocks));
  held.set(key, entry);
  heldBlocks += entry.size;
  while (held.size > LIST_LIMIT || heldBlocks > BLOCK_LIMIT) drop(held.keys().next().value as string);
}

/** `blocks` of a list kept by keepMonth as JSON text (undefined for any other value). */
export function keptText(blocks: BlocksByMonth): string | undefined {
  return texts.get(blocks);
}

/** What this process holds: lists and blocks (for the tests of the limits). */
export function heldSize(): { lists: number; blocks: number } {
  return { lists: held.size, blocks: heldBlocks };
}
