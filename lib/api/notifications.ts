import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  NotificationPreferenceBody,
  NotificationPreferencesAnswer,
  UnsubscribeAnswer,
} from "@/lib/contract/notifications";
import { api } from "./api";

// The caller's notification e-mails (GET/POST /api/operator/notifications) and the e-mailed unsubscribe
// link (POST /api/notifications/unsubscribe, public: the token is the key). Shapes: lib/contract/notifications.ts.

export const notificationKeys = { preferences: ["notifications", "preferences"] as const };

export function useNotificationPreferences(enabled = true) {
  return useQuery({
    enabled,
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) =>
      api.request<NotificationPreferencesAnswer>("/api/operator/notifications", undefined, { signal }),
  });
}

/** One switch: the answer is the whole list, put in the cache as it comes. */
export function useSetNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferenceBody) =>
      api.request<NotificationPreferencesAnswer>("/api/operator/notifications", body),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences, answer),
  });
}

export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return api.request<UnsubscribeAnswer>("/api/notifications/unsubscribe", { token }, { auth: false });
}
