// The month lists an app process keeps (server/blocks/kept-months.ts): answered again only at the
// version they were read at, per caller, client and month, within the minute of their links, and
// bounded by blocks.
import type { Block, BlocksByMonth } from "@/lib/contract/blocks";
import { keptMonth, keptSize, type MonthOf } from "@/server/blocks/kept-months";

const month = { year: 2026, month: 12 };
const of = (who: MonthOf["who"], clientId = 1): MonthOf => ({ who, clientId, month });
const listOf = (blocks: number): BlocksByMonth => ({
  "2026": { "12": { "0": Array.from({ length: blocks }, (_, id) => ({ id }) as unknown as Block) } },
});

/** keptMonth with a reader that counts its reads. */
function reader(blocks = 1) {
  const reads = { count: 0 };
  const read = async () => {
    reads.count += 1;
    return listOf(blocks);
  };
  return { reads, read };
}

test("a list read again at the same version is the kept one; at another version it is read again", async () => {
  const { reads, read } = reader();
  const first = await keptMonth(of("operator:1"), "10", read);
  expect(await keptMonth(of("operator:1"), "10", read)).toBe(first);
  expect(reads.count).toBe(1);
  const next = await keptMonth(of("operator:1"), "11", read);
  expect(next).not.toBe(first);
  expect(reads.count).toBe(2);
});

test("kept per caller and per client: another operator, the company or another client read their own", async () => {
  const { reads, read } = reader();
  await keptMonth(of("operator:2", 5), "7", read);
  await keptMonth(of("operator:3", 5), "7", read);
  await keptMonth(of("company", 5), "7", read);
  await keptMonth(of("operator:2", 6), "7", read);
  expect(reads.count).toBe(4);
  await keptMonth(of("company", 5), "7", read);
  expect(reads.count).toBe(4);
});

test("read again once the minute of its links has passed", async () => {
  const { reads, read } = reader();
  await keptMonth(of("operator:4"), "1", read);
  const later = Date.now() + 61_000;
  const clock = jest.spyOn(Date, "now").mockImplementation(() => later);
  try {
    await keptMonth(of("operator:4"), "1", read);
  } finally {
    clock.mockRestore();
  }
  expect(reads.count).toBe(2);
});

test("a month over a tenth of the limit is answered, not kept; the process keeps at most 30,000 blocks", async () => {
  const big = reader(3_001);
  await keptMonth(of("operator:5"), "1", big.read);
  await keptMonth(of("operator:5"), "1", big.read);
  expect(big.reads.count).toBe(2);
  for (let client = 100; client < 120; client++) await keptMonth(of("operator:6", client), "1", reader(2_000).read);
  expect(keptSize().blocks).toBeLessThanOrEqual(30_000);
  expect(keptSize().lists).toBeLessThan(20);
});
