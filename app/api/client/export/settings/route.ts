import { exportSettingsBody } from "@/lib/contract/exports";
import { exportSettings } from "@/server/exports/export-settings";
import { route, otherMethods } from "@/server/http/route";

// POST /api/client/export/settings — {clientId} reads, {clientId, counterpartAccount, historyCode, complement}
// saves the client's 'Configurações de exportação'.
export const POST = route({ body: exportSettingsBody }, ({ actor, body }) => exportSettings({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
