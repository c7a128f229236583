import type { ClientCard } from "@/lib/contract/clients";
import { matchesClient } from "@/lib/format/search";

// The pure rules of the client list (spec §2, §5): which cards a search matches, their order while
// searching, and which status icons a card shows.

type Searchable = Pick<ClientCard, "id" | "name" | "modifiedDatetime">;

/** Ids of the cards the term matches: name, modified date (dd/mm/aaaa) or time (HH:mm); '' matches all. */
export function matchingIds(cards: readonly Searchable[], term: string): Set<number> {
  return new Set(
    cards
      .filter((card) => matchesClient({ name: card.name, modifiedAt: card.modifiedDatetime }, term))
      .map((card) => card.id),
  );
}

/** While searching, the matches come first (a phone would otherwise show a screen of dimmed cards). */
export function matchesFirst<T extends Pick<ClientCard, "id">>(cards: readonly T[], matching: Set<number>): T[] {
  if (cards.every((card) => matching.has(card.id))) return [...cards];
  return [...cards.filter((card) => matching.has(card.id)), ...cards.filter((card) => !matching.has(card.id))];
}

export type StatusKind = "shared" | "uncategorized" | "pendencies";

/** The status icons of a card, in this order: green shared, purple uncategorised blocks, orange pendencies. */
export function statusesOf(
  card: Pick<ClientCard, "isShared" | "hasUncategorizedBlocks" | "hasPendencies">,
): StatusKind[] {
  const kinds: StatusKind[] = [];
  if (card.isShared) kinds.push("shared");
  if (card.hasUncategorizedBlocks) kinds.push("uncategorized");
  if (card.hasPendencies) kinds.push("pendencies");
  return kinds;
}
