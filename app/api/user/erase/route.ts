import { eraseSelfBody } from "@/lib/contract/privacy";
import { route, otherMethods } from "@/server/http/route";
import { eraseOwnAccount } from "@/server/privacy/erase-account";

// POST /api/user/erase — {password}: 'Excluir minha conta' (irreversible; every session ends).
export const POST = route({ body: eraseSelfBody }, ({ actor, body }) => eraseOwnAccount({ actor, body }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
