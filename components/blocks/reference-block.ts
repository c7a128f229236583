import type { Block } from "@/lib/contract/blocks";

/**
 * A block known by its id only ('Possível duplicado'): the viewer fills it from the client's cached
 * lists when there (useLatestBlock: any real version beats -1), and its images from the documents call.
 */
export function referenceBlock(id: number): Block {
  const none: string[] = [];
  return {
    id,
    date: null,
    value: null,
    viewed: true,
    documentsUrl: none,
    thumbnailsUrl: none,
    accountId: null,
    sentDatetime: new Date(0).toISOString(),
    version: -1,
    hasPendency: false,
    reading: null,
    readingPending: false,
    accountSuggestion: null,
  };
}
