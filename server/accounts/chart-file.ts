import "server-only";
import { accountsMessages } from "@/lib/i18n/sections/accounts";
import { ChartFileError, readChartFile, type ChartColumns, type ChartFile } from "@/lib/accounts/chart-file";
import { AppError } from "@/server/errors";

// The chart of accounts an office's accounting system exports (POST /api/account/import, format "csv"):
// the data URL to bytes, and the bytes to rows by the rules of lib/accounts/chart-file.ts (which the
// import dialog's preview shares), a file that cannot be read answering 400.

export type { ChartColumns, ChartFile, ChartFileRefusal, ChartFileRow } from "@/lib/accounts/chart-file";

const m = accountsMessages.chartFile;
const DATA_URL_HEADER = /^data:[^,]*;base64,/i;
// Standard alphabet, padded or not; Buffer.from("...", "base64") would skip anything else silently.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A data URL `data:<any type>;base64,<payload>` to its bytes; anything else is a 400. */
export function decodeDataUrl(base64url: string): Uint8Array {
  const header = typeof base64url === "string" ? DATA_URL_HEADER.exec(base64url.slice(0, 256)) : null;
  if (!header) throw new AppError("invalid_input", m.invalidDataUrl);
  const payload = base64url.slice(header[0].length);
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  const valid = BASE64.test(payload) && payload.length % 4 !== 1 && (padding === 0 || payload.length % 4 === 0);
  if (!valid) throw new AppError("invalid_input", m.invalidDataUrl);
  const bytes = Buffer.from(payload, "base64");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Reads a chart-of-accounts file: its header (empty when the file has none), the columns used (0-based),
 * the accepted rows and the refused lines with their reasons (lines are the file's, 1-based). An empty
 * file, a file with only its header, or a header naming neither a code nor a description column is a 400.
 */
export function parseChartFile(bytes: Uint8Array, columns?: ChartColumns): ChartFile {
  try {
    return readChartFile(bytes, columns);
  } catch (error) {
    if (error instanceof ChartFileError) throw new AppError("invalid_input", error.message);
    throw error;
  }
}
