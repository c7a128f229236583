// The ranking behind a block's account suggestion (docs/decisions/0295-account-suggestions.md), pure so
// that the replay of a client's history and the server rank alike. The inputs are the earlier
// categorisations of the block's supplier; every use counts for the account code it was saved to
// (charts are per year: the code carries across them), weighted by:
// - recency: the newest use weighs 1, each older one RECENCY times the one after it, so the last
//   twenty or so uses decide and an account the client left fades;
// - the value: a use of the block's own value weighs 1 + VALUE_BONUS times more, one a little off
//   less (nothing from √2 apart), so one earlier purchase of the same size outweighs several of
//   another: the same supplier's large purchases often go to another account than its small ones;
// - corrections: a use whose account the office saved over another one outweighs every older use.
// The ranking breaks ties by the newest use, then by code.

export type AccountUse = {
  code: string;
  /** When the block was categorised (ms since the epoch). */
  at: number;
  valueCents: number | null;
  /** The office saved this account over another one. */
  corrected: boolean;
};

export type RankedAccount = { code: string; score: number; count: number; lastAt: number };

export const RECENCY = 0.9;
export const VALUE_BONUS = 8;

function byCode(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * How close two values are: 1 when equal, falling fast (a quarter at 19% apart) to 0 from a factor of
 * √2 apart; 0 when one is unknown.
 */
export function valueCloseness(a: number | null, b: number | null): number {
  if (a === null || b === null || a <= 0 || b <= 0) return 0;
  return Math.max(0, 1 - 2 * Math.abs(Math.log2(a / b))) ** 2;
}

/** The accounts the uses point to, best first; `valueCents` is the block's own value (null: unknown). */
export function rankAccounts(uses: readonly AccountUse[], valueCents: number | null): RankedAccount[] {
  // Newest first; uses of one instant in code order, so the ranking never depends on the input's order.
  const newestFirst = [...uses].sort((a, b) => b.at - a.at || byCode(a.code, b.code));
  const weights = newestFirst.map(
    (use, i) => RECENCY ** i * (1 + VALUE_BONUS * valueCloseness(use.valueCents, valueCents)),
  );
  // A correction outweighs what came before it: its weight grows by every older use's.
  let older = 0;
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const own = weights[i];
    if (newestFirst[i].corrected) weights[i] += older;
    older += own;
  }
  const ranked = new Map<string, RankedAccount>();
  newestFirst.forEach((use, i) => {
    const one = ranked.get(use.code) ?? { code: use.code, score: 0, count: 0, lastAt: use.at };
    one.score += weights[i];
    one.count += 1;
    one.lastAt = Math.max(one.lastAt, use.at);
    ranked.set(use.code, one);
  });
  return [...ranked.values()].sort((a, b) => b.score - a.score || b.lastAt - a.lastAt || byCode(a.code, b.code));
}
