import { exportClientBody } from "@/lib/contract/exports";
import { exportClient } from "@/server/exports/export-client";
import { route, otherMethods } from "@/server/http/route";

// POST /api/client/export — {clientId, year, month, format}: the month's postings as a Domínio or CSV file
// (attachment), recorded; 422 export_blocked with the check's `errors` while something stops it.
export const POST = route({ body: exportClientBody }, ({ actor, body }) => exportClient({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
