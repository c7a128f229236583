import { unsubscribeQuery } from "@/lib/contract/notifications";
import { publicRoute, otherMethods } from "@/server/http/route";
import { unsubscribe } from "@/server/notifications/unsubscribe";

// POST /api/notifications/unsubscribe/one-click?token= — RFC 8058's one-click POST of the
// List-Unsubscribe header (public)
export const POST = publicRoute({}, ({ req }) =>
  unsubscribe({ body: unsubscribeQuery.parse(Object.fromEntries(new URL(req.url).searchParams)) }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
