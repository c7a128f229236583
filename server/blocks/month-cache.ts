import "server-only";
import type { BlocksByMonth } from "@/lib/contract/blocks";
import { listLinkExpiry } from "@/server/documents/signed-url";
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
};

const LIMIT = 2_000;
const held = new Map<string, HeldMonth>();

/** The key of a user's month list of one client (office) or of its own company (`clientId` absent). */
export function monthKey(userId: number, clientId: number | undefined, month: MonthFilter): string {
  return `${userId}:${clientId ?? "own"}:${month.year}-${month.month}`;
}

/** The list kept for `key`, while its links are this minute's; null otherwise. */
export function heldMonth(key: string): HeldMonth | null {
  const entry = held.get(key);
  if (!entry) return null;
  if (entry.linkExpiry !== listLinkExpiry()) {
    held.delete(key);
    return null;
  }
  return entry;
}

/** Keeps a list read at `version` (never mutated afterwards); the least recently kept goes first past LIMIT. */
export function keepMonth(key: string, entry: HeldMonth): void {
  held.delete(key);
  held.set(key, entry);
  if (held.size > LIMIT) held.delete(held.keys().next().value as string);
}
