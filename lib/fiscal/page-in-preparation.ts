// An imported note's page is drawn by a job after the import answers; until then every answer names
// public/pagina-em-preparo.svg as its picture (documentImageUrl). A screen that shows
// such a page asks for it again until it is drawn.

/** The picture a document's page has until the job draws it (public/pagina-em-preparo.svg). */
export const PAGE_IN_PREPARATION_PATH = "/pagina-em-preparo.svg";

export const isPageInPreparation = (url: string) => url.includes(PAGE_IN_PREPARATION_PATH);

/** While a page is not drawn yet, a screen that shows it asks for its blocks again this often. */
export const PAGE_IN_PREPARATION_POLL_MS = 3_000;

type ShownPictures = { documentsUrl: readonly string[]; thumbnailsUrl?: readonly string[] };

/**
 * react-query's refetchInterval for a screen showing these blocks (or one documents answer):
 * PAGE_IN_PREPARATION_POLL_MS while one of their pictures still says 'Página em preparo', else false.
 * An imported note's page is drawn by a job after the import answers; the screen shows it once drawn.
 */
export function pollWhilePreparing(blocks: Iterable<ShownPictures> | undefined): number | false {
  for (const block of blocks ?? []) {
    if (block.documentsUrl.some(isPageInPreparation) || block.thumbnailsUrl?.some(isPageInPreparation))
      return PAGE_IN_PREPARATION_POLL_MS;
  }
  return false;
}

/**
 * The same for one block's documents answer, which also asks again while one of its documents is still
 * to be read by the document-read job (`readingPending`): its reading may still arrive.
 */
export function pollWhilePending(answer: (ShownPictures & { readingPending: boolean }) | undefined): number | false {
  if (!answer) return false;
  return answer.readingPending ? PAGE_IN_PREPARATION_POLL_MS : pollWhilePreparing([answer]);
}

/** Every block of a year → month → account map (POST /api/block/list's `blocks`). */
export function* blocksOfMap<T>(
  byMonth: Record<string, Record<string, Record<string, T[]>>> | undefined,
): Generator<T> {
  for (const months of Object.values(byMonth ?? {}))
    for (const accounts of Object.values(months)) for (const blocks of Object.values(accounts)) yield* blocks;
}
