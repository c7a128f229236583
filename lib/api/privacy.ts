import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PersonalDataRequestAnswer, RetentionAnswer, RetentionHoldAnswer } from "@/lib/contract/privacy";
import { api } from "./api";
import { operatorKeys } from "./operators";

// Retention ('Política de retenção', 'Suspender exclusão') and a person's data ('Baixar meus dados',
// 'Excluir minha conta'): docs/decisions/0310-retention.md, 0311-personal-data.md.

export const privacyKeys = {
  retention: ["privacy", "retention"] as const,
  hold: (clientId: number) => ["privacy", "hold", clientId] as const,
};

export function useRetention(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: privacyKeys.retention,
    queryFn: ({ signal }) => api.request<RetentionAnswer>("/api/accounting/retention", {}, { signal }),
  });
}

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    /** What was typed: a number, or the text itself when it is none (the server's 400 names the field). */
    mutationFn: (years: number | string) => api.request<RetentionAnswer>("/api/accounting/retention", { years }),
    onSuccess: (saved) => queryClient.setQueryData(privacyKeys.retention, saved),
  });
}

export function useRetentionHold(clientId: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: privacyKeys.hold(clientId),
    queryFn: ({ signal }) => api.request<RetentionHoldAnswer>("/api/client/retention", { clientId }, { signal }),
  });
}

export function useSetRetentionHold(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (held: boolean) => api.request<RetentionHoldAnswer>("/api/client/retention", { clientId, held }),
    onSuccess: (saved) => queryClient.setQueryData(privacyKeys.hold(clientId), saved),
  });
}

export function useRequestPersonalData() {
  return useMutation({
    mutationFn: () => api.request<PersonalDataRequestAnswer>("/api/user/data", {}),
  });
}

export function useEraseOwnAccount() {
  return useMutation({
    mutationFn: (password: string) => api.request<Record<string, never>>("/api/user/erase", { password }),
  });
}

export function useEraseOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<Record<string, never>>("/api/operator/erase", { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
