import {
  blocksOfMap,
  isPageInPreparation,
  PAGE_IN_PREPARATION_PATH,
  PAGE_IN_PREPARATION_POLL_MS,
  pollWhilePending,
  pollWhilePreparing,
} from "@/lib/fiscal/page-in-preparation";

const drawn = { documentsUrl: ["/api/files/a.webp?exp=1&sig=x"], thumbnailsUrl: ["/api/files/a-t.webp?exp=1&sig=x"] };
const preparing = { documentsUrl: [PAGE_IN_PREPARATION_PATH], thumbnailsUrl: [PAGE_IN_PREPARATION_PATH] };

describe("a screen asks again while an imported page is not drawn yet", () => {
  test("a picture is in preparation by its address", () => {
    expect(isPageInPreparation(PAGE_IN_PREPARATION_PATH)).toBe(true);
    expect(isPageInPreparation(drawn.documentsUrl[0]!)).toBe(false);
  });

  test("no data, no blocks, or every page drawn: no polling", () => {
    expect(pollWhilePreparing(undefined)).toBe(false);
    expect(pollWhilePreparing([])).toBe(false);
    expect(pollWhilePreparing([drawn, drawn])).toBe(false);
  });

  test("one page in preparation among drawn ones: polling", () => {
    expect(pollWhilePreparing([drawn, preparing])).toBe(PAGE_IN_PREPARATION_POLL_MS);
    // the second page of a block, or only its thumbnail
    expect(pollWhilePreparing([{ documentsUrl: [drawn.documentsUrl[0]!, PAGE_IN_PREPARATION_PATH] }])).toBe(
      PAGE_IN_PREPARATION_POLL_MS,
    );
    expect(pollWhilePreparing([{ ...drawn, thumbnailsUrl: [PAGE_IN_PREPARATION_PATH] }])).toBe(
      PAGE_IN_PREPARATION_POLL_MS,
    );
  });

  test("every block of a year → month → account map is looked at", () => {
    const map = { "2026": { "1": { "5": [drawn] }, "2": { uncategorized: [drawn], "7": [drawn, preparing] } } };
    expect([...blocksOfMap(map)]).toHaveLength(4);
    expect(pollWhilePreparing(blocksOfMap(map))).toBe(PAGE_IN_PREPARATION_POLL_MS);
    expect(pollWhilePreparing(blocksOfMap({ "2026": { "1": { "5": [drawn] } } }))).toBe(false);
    expect([...blocksOfMap(undefined)]).toEqual([]);
  });
});

describe("one block's documents answer", () => {
  test("asks again while a document is still to be read, or a page is in preparation", () => {
    expect(pollWhilePending(undefined)).toBe(false);
    expect(pollWhilePending({ ...drawn, readingPending: false })).toBe(false);
    expect(pollWhilePending({ ...drawn, readingPending: true })).toBe(PAGE_IN_PREPARATION_POLL_MS);
    expect(pollWhilePending({ ...preparing, readingPending: false })).toBe(PAGE_IN_PREPARATION_POLL_MS);
  });
});
