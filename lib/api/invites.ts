import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InviteAnswer } from "@/lib/contract/invites";
import type { ChosenPlatform } from "@/lib/platform";
import { api } from "./api";

// Spec §7 "Accounting": pending operator invites of the caller's platform (issue-3 contract).

export type Invite = InviteAnswer;

export const inviteKeys = {
  all: ["invites"] as const,
  operators: (platform: ChosenPlatform) => ["invites", "operator", platform] as const,
};

// The platform is explicit: a user of both platforms invites to the one on screen.
export function useInvites(platform: ChosenPlatform, enabled = true) {
  return useQuery({
    queryKey: inviteKeys.operators(platform),
    queryFn: ({ signal }) => api.request<Invite[]>("/api/invited/list", { kind: "operator", platform }, { signal }),
    enabled,
  });
}

export function useAddInvite(platform: ChosenPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.request<Invite>("/api/invited/add", { email, kind: "operator", platform }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}

export function useRemoveInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) => api.request<unknown>("/api/invited/remove", { inviteId }),
    // Refused too: the invite may have been accepted or withdrawn meanwhile (404), so the list is asked again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
