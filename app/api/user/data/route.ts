import { route, otherMethods } from "@/server/http/route";
import { requestPersonalData } from "@/server/privacy/personal-data";

// POST /api/user/data — 'Baixar meus dados': a job builds the ZIP and e-mails the caller a one-time link.
export const POST = route({}, ({ actor }) => requestPersonalData({ actor }));

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
