import { personalDataDownloadBody } from "@/lib/contract/privacy";
import { publicRoute, otherMethods } from "@/server/http/route";
import { downloadPersonalData } from "@/server/privacy/personal-data";

// POST /api/user/data/download — {token}: the ZIP of the e-mailed link, once (public: the token is the key).
export const POST = publicRoute({ body: personalDataDownloadBody }, ({ body }) => downloadPersonalData(body));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
