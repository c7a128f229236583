// The month lists a process keeps (server/blocks/month-cache.ts): bounded by lists and by blocks,
// replaced per key, dropped when the minute of the lists' links has passed.
import { heldMonth, heldSize, keepMonth, monthKey, type HeldMonth } from "@/server/blocks/month-cache";
import { listLinkExpiry } from "@/server/documents/signed-url";

const entry = (size: number, version = "1"): HeldMonth => ({
  version,
  who: 1,
  linkExpiry: listLinkExpiry(),
  blocks: {},
  size,
});
const month = { year: 2026, month: 11 };
// Keys of users no other test uses (the module's lists live for the whole file).
let user = 1_000_000;
const key = () => monthKey(++user, 7, month);

test("a list is kept under its key and replaced by a newer one, counted once", () => {
  const k = key();
  const before = heldSize();
  keepMonth(k, entry(10, "1"));
  keepMonth(k, entry(12, "2"));
  expect(heldMonth(k)?.version).toBe("2");
  expect(heldSize()).toEqual({ lists: before.lists + 1, blocks: before.blocks + 12 });
});

test("the keys tell users, clients, companies and months apart", () => {
  const keys = new Set([
    monthKey(1, 7, month),
    monthKey(2, 7, month),
    monthKey(1, 8, month),
    monthKey(1, undefined, month),
    monthKey(1, 7, { year: 2026, month: 10 }),
  ]);
  expect(keys.size).toBe(5);
});

test("at most 30,000 blocks are held: the lists kept longest ago go first, and a month over 3,000 blocks is not kept", () => {
  const first = key();
  keepMonth(first, entry(2_000));
  for (let i = 0; i < 20; i++) keepMonth(key(), entry(2_000));
  expect(heldSize().blocks).toBeLessThanOrEqual(30_000);
  expect(heldMonth(first)).toBeNull();
  const big = key();
  keepMonth(big, entry(3_001));
  expect(heldMonth(big)).toBeNull();
  expect(heldSize().blocks).toBeLessThanOrEqual(30_000);
});

test("at most 2,000 lists are held", () => {
  for (let i = 0; i < 2_100; i++) keepMonth(key(), entry(1));
  expect(heldSize().lists).toBeLessThanOrEqual(2_000);
});

test("a list is dropped once the lists' links are signed with a later expiry", () => {
  const k = key();
  keepMonth(k, entry(3));
  expect(heldMonth(k)).not.toBeNull();
  const later = Date.now() + 61_000;
  const clock = jest.spyOn(Date, "now").mockImplementation(() => later);
  try {
    const before = heldSize();
    expect(heldMonth(k)).toBeNull();
    expect(heldSize()).toEqual({ lists: before.lists - 1, blocks: before.blocks - 3 });
  } finally {
    clock.mockRestore();
  }
});
