// Demo users with the published password are seeded into the embedded database
// only, unless SEED=1 asks for it explicitly; SEED=0 never seeds.
import { shouldSeed } from "@/scripts/lib/seed-policy.mjs";

test.each([
  { embedded: true, seed: undefined, expected: true },
  { embedded: true, seed: "", expected: true },
  { embedded: true, seed: "0", expected: false },
  { embedded: true, seed: "1", expected: true },
  { embedded: false, seed: undefined, expected: false },
  { embedded: false, seed: "", expected: false },
  { embedded: false, seed: "0", expected: false },
  { embedded: false, seed: "1", expected: true },
  { embedded: false, seed: "true", expected: false },
])("embedded=$embedded SEED=$seed → seeds: $expected", ({ embedded, seed, expected }) => {
  expect(shouldSeed({ embedded, seed })).toBe(expected);
});
