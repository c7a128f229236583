// Whether `npm start` seeds the demo data (whose logins share a published password). The embedded
// database is a local playground: seeded on its first start unless SEED=0. A database given by
// DATABASE_URL may be a real one: seeded only when asked with SEED=1.

/**
 * @param {{ embedded: boolean, seed: string | undefined }} options
 * @returns {boolean}
 */
export function shouldSeed({ embedded, seed }) {
  if (seed === "1") return true;
  if (seed === "0") return false;
  return embedded;
}
