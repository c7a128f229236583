import { accountImportBody, CHART_FILE_MAX_CHARS } from "@/lib/contract/accounts";
import { chartOfficeOf } from "@/server/accounts/chart";
import { importChart } from "@/server/accounts/import-chart";
import { route, otherMethods } from "@/server/http/route";

// A chart file of thousands of accounts as a data URL (up to CHART_FILE_MAX_CHARS characters) and the
// rest of the body. The caller's right is asked before a byte of it is read (guard); a larger declared
// length is 413 at once.
const IMPORT_BODY_MAX_BYTES = CHART_FILE_MAX_CHARS + 65_536;

// POST /api/account/import — {year, format, base64url, columns?, dryRun?}: loads (or previews) a chart file
export const POST = route(
  { body: accountImportBody, maxBytes: IMPORT_BODY_MAX_BYTES, upload: true, guard: chartOfficeOf },
  ({ actor, body }) => importChart({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
