import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChangePasswordAnswer,
  ChangePasswordBody,
  OperatorAnswer,
  OperatorProfileBody,
  PictureAnswer,
  PlatformAnswer,
} from "@/lib/contract/operators";
import type { ChosenPlatform } from "@/lib/platform";
import { browserSession } from "@/lib/session";
import { api } from "./api";
import { authKeys } from "./auth";

// Spec §7 "Operators" and the issue-3 contract: the caller's profile, photo, password, the platform
// switch and the operator lists of the drawer 'Buscar operador'. Mutations invalidate by key.

export type Operator = OperatorAnswer;
export type ProfileBody = OperatorProfileBody;
export type PasswordBody = ChangePasswordBody;

export const operatorKeys = {
  all: ["operators"] as const,
  profile: (platform: ChosenPlatform) => ["operators", "profile", platform] as const,
  list: (platform: ChosenPlatform) => ["operators", "list", platform] as const,
};

const listPath = (platform: ChosenPlatform) =>
  platform === "accounting" ? "/api/operator/list/accounting" : "/api/operator/list/client";

export function useProfile(platform: ChosenPlatform, enabled = true) {
  return useQuery({
    enabled,
    queryKey: operatorKeys.profile(platform),
    queryFn: ({ signal }) => api.request<Operator>(`/api/operator/profile?platform=${platform}`, undefined, { signal }),
  });
}

/** The profile and /api/me/ both show the name and photo: a change refreshes both. */
function useInvalidateProfile() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.me }),
    ]);
}

export function useSaveProfile() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.request<Operator>("/api/operator/profile", body),
    onSuccess: invalidate,
  });
}

export function useUpdatePhoto() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (base64url: string) =>
      api.request<PictureAnswer>("/api/operator/update/photo", { type: "image/png", base64url }),
    onSuccess: invalidate,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordBody) => api.request<ChangePasswordAnswer>("/api/operator/changePassword", body),
    // Every other session was revoked: this device keeps working with the fresh pair.
    onSuccess: (pair) => browserSession.setTokens(pair),
  });
}

export function useOperators(platform: ChosenPlatform, enabled = true) {
  return useQuery({
    queryKey: operatorKeys.list(platform),
    queryFn: ({ signal }) => api.request<Operator[]>(listPath(platform), undefined, { signal }),
    enabled,
    staleTime: 0, // operators join (invite accepted) and change elsewhere: each opening asks again
  });
}

type OperatorAction = "admin" | "block" | "shared" | "remove";

function actionCall(action: OperatorAction, platform: ChosenPlatform, operatorId: number) {
  if (action === "admin") return api.request<Operator>("/api/operator/change/admin", { operatorId, platform });
  if (action === "block") return api.request<Operator>("/api/operator/block/change", { operatorId, platform });
  if (action === "shared") return api.request<Operator>("/api/operator/change/sharedto", { operatorId });
  const path = platform === "accounting" ? "/api/operator/remove/accounting" : "/api/operator/remove/client";
  return api.request<unknown>(path, { operatorId });
}

/** Block/unblock, admin on/off, shared gallery and removal: one mutation, the list refetched after. */
export function useOperatorAction(platform: ChosenPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, operatorId }: { action: OperatorAction; operatorId: number }) =>
      actionCall(action, platform, operatorId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}

/** PATCH /api/user/platform (the contract accepts POST too; the API client only speaks GET/POST). */
export function requestPlatformSwitch(): Promise<PlatformAnswer> {
  return api.request<PlatformAnswer>("/api/user/platform", {});
}
