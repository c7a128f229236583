import { formatDate, formatTime, type DateInput } from "./dates";
import { decimalTextToCents, formatCents } from "./money";

/** Lower case without accents: 'Energia Elétrica' -> 'energia eletrica'. */
export function normalizeSearch(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

function contains(haystack: string, needle: string): boolean {
  return normalizeSearch(haystack).includes(needle);
}

/**
 * Spec §5: an account matches when its code or description contains the term; '' matches all. The
 * reduced code ('Código no sistema contábil'), when the account has one, is searched too.
 */
export function matchesAccount(
  account: { code: string; description: string; reducedCode?: string | null },
  term: string,
): boolean {
  const needle = normalizeSearch(term.trim());
  if (needle === "") return true;
  return (
    contains(account.code, needle) ||
    contains(account.description, needle) ||
    (account.reducedCode ? contains(account.reducedCode, needle) : false)
  );
}

/** Spec §5: a client card matches by name, modified date (dd/mm/aaaa) or time (HH:mm). */
export function matchesClient(client: { name: string; modifiedAt: DateInput }, term: string): boolean {
  const needle = normalizeSearch(term.trim());
  if (needle === "") return true;
  return (
    contains(client.name, needle) ||
    formatDate(client.modifiedAt).includes(needle) ||
    formatTime(client.modifiedAt).includes(needle)
  );
}

/**
 * 'Buscar valor' (client detail): a block matches when its value, written as the card shows it
 * ('R$ 1.234,56') or plainly ('1234,56', '1234.56'), contains the term, with or without its 'R$';
 * '' matches all, a block without a value matches only ''.
 */
export function matchesValue(value: string | null, term: string): boolean {
  const needle = normalizeSearch(term.trim());
  if (needle === "") return true;
  if (value === null) return false;
  const cents = decimalTextToCents(value);
  if (cents === null) return false;
  const shown = formatCents(cents).toLowerCase();
  // The term and the value without the currency sign ('R$ 1234,56', 'R$1.234,56' are typed too).
  const bare = needle.replace(/^r\$\s*/, "");
  const grouped = shown.replace(/^r\$\s*/, "");
  const plain = grouped.replace(/\./g, "");
  return (
    shown.includes(needle) || grouped.includes(bare) || plain.includes(bare) || plain.replace(",", ".").includes(bare)
  );
}
