import { notificationPreferenceBody } from "@/lib/contract/notifications";
import { route, otherMethods } from "@/server/http/route";
import { listNotificationPreferences, setNotificationPreference } from "@/server/notifications/preferences";

// GET /api/operator/notifications — the caller's notification e-mails, each kind with whether it is on
export const GET = route({}, ({ actor }) => listNotificationPreferences({ actor }));

// POST /api/operator/notifications — turns one kind on or off for the caller
export const POST = route({ body: notificationPreferenceBody }, ({ actor, body }) =>
  setNotificationPreference({ actor, body }),
);

// Any other verb: 405 in the envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
