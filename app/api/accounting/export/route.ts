import { exportOfficeBody } from "@/lib/contract/exports";
import { exportOffice } from "@/server/exports/export-office";
import { heavyReads } from "@/server/http/heavy-reads";
import { route, otherMethods } from "@/server/http/route";

// POST /api/accounting/export — {year, month, format}: every client's month as one ZIP, the clients whose
// check fails listed in pendencias.txt (owner and administrators). A heavy read: admitted by heavyReads.
export const POST = route({ body: exportOfficeBody, shed: () => heavyReads }, ({ actor, body }) =>
  exportOffice({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
