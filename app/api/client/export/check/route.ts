import { exportMonthBody } from "@/lib/contract/exports";
import { checkExport } from "@/server/exports/export-client";
import { route, otherMethods } from "@/server/http/route";

// POST /api/client/export/check — {clientId, year, month}: what stops the month's export, and its previous exports.
export const POST = route({ body: exportMonthBody }, ({ actor, body }) => checkExport({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
