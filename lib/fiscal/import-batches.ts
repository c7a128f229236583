// How 'Importar XML' splits the files it sends: POST /api/block/import takes at most IMPORT_FILES_MAX
// files and the server refuses large bodies, so many files go in several requests. Pure, no React.

/**
 * Files per request: the contract's IMPORT_FILES_MAX (lib/contract/fiscal.ts), written again here because
 * importing the contract would bring zod into the page (tests/unit/fiscal-import-ui.test.ts checks both).
 */
export const IMPORT_BATCH_FILES = 100;

/** Raw bytes per request: as data URLs a third more (about 21 MiB), well under the 64 MiB body limit. */
export const IMPORT_BATCH_BYTES = 16 * 1024 * 1024;

export type SizedFile = { name: string; size: number };

/** Whether a picked or dropped file is one the import takes (the server then decides by its bytes). */
export const isImportable = (file: { name: string }) => /\.(xml|zip)$/i.test(file.name);

const isZip = (file: { name: string }) => /\.zip$/i.test(file.name);

/**
 * The files' indexes grouped into requests, in order: a ZIP alone (its refusal — too large, too many
 * entries — names that ZIP only), XMLs together up to IMPORT_BATCH_FILES files and `maxBytes` bytes.
 */
export function planBatches(
  files: readonly SizedFile[],
  maxFiles = IMPORT_BATCH_FILES,
  maxBytes = IMPORT_BATCH_BYTES,
): number[][] {
  const batches: number[][] = [];
  let open: number[] = [];
  let bytes = 0;
  const close = () => {
    if (open.length > 0) batches.push(open);
    open = [];
    bytes = 0;
  };
  files.forEach((file, index) => {
    if (isZip(file)) {
      close();
      batches.push([index]);
      return;
    }
    if (open.length >= maxFiles || (open.length > 0 && bytes + file.size > maxBytes)) close();
    open.push(index);
    bytes += file.size;
  });
  close();
  return batches;
}

export type ImportTally = { created: number; duplicate: number; invalid: number };

/** How many results of each status. */
export function tally(results: readonly { status: keyof ImportTally }[]): ImportTally {
  const counts: ImportTally = { created: 0, duplicate: 0, invalid: 0 };
  for (const result of results) counts[result.status] += 1;
  return counts;
}
