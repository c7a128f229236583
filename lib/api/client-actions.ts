import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ACCOUNT_LIST_RETRY } from "@/lib/constants";
import type { ChangedAccount, ChartAccount, ClientAccount } from "@/lib/contract/accounts";
import type { OperatorAnswer } from "@/lib/contract/operators";
import type { SharedOperatorAnswer, TransferAnswer } from "@/lib/contract/sharing";
import { api } from "./api";

// The client detail's side bar actions: the chart of accounts and the client's
// plan of this month ('Gerenciar contas'), sharing, transferring and removing a client. Query keys live
// here; mutations invalidate by prefix: ["accounts"] and ["blocks", clientId] after an account change,
// ["clients"] after share, transfer and removal (the client list and its cards).

export type SharedOperator = SharedOperatorAnswer;
export type TransferOperator = OperatorAnswer;

export const clientActionKeys = {
  // Under the "accounts" prefix (an account change refreshes them) but apart from the page's
  // ["accounts", "client", …] and the viewer's ["accounts", "viewer", …]: those cache other shapes.
  chart: (year: number) => ["accounts", "plan-chart", year] as const,
  /** The client's accounts of one month, as the drawer edits them. */
  plan: (clientId: number, year: number, month: number) => ["accounts", "plan", clientId, year, month] as const,
  shared: (clientId: number) => ["clients", "shared", clientId] as const,
  transfer: (clientId: number) => ["clients", "transfer", clientId] as const,
};

// Spec §4: the account list request is retried every 500 ms until it succeeds. Retried forever while the
// drawer is open (the query is disabled once it closes, which stops the retries).

/** The office's chart of accounts for a year of exercise (POST /api/account/all). */
export function useChartAccounts(year: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: clientActionKeys.chart(year),
    queryFn: ({ signal }) => api.request<ChartAccount[]>("/api/account/all", { year }, { signal }),
    ...ACCOUNT_LIST_RETRY,
  });
}

/** The client's accounts of one month (POST /api/account/client with year and month). */
export function useClientPlan(clientId: number, year: number, month: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: clientActionKeys.plan(clientId, year, month),
    queryFn: ({ signal }) => api.request<ClientAccount[]>("/api/account/client", { clientId, year, month }, { signal }),
    staleTime: 0,
    ...ACCOUNT_LIST_RETRY,
  });
}

/**
 * Toggles an account of the client's plan from the current month on (POST /api/account/change). The
 * month's plan is updated from the answer at once (spec §4: adding moves the account to the active list
 * with activated true and today's date; removing drops it), then everything under ["accounts"] and the
 * client's blocks are refetched.
 */
export function useToggleAccount(clientId: number, year: number, month: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: number) => api.request<ChangedAccount>("/api/account/change", { clientId, accountId }),
    onSuccess: (changed) =>
      queryClient.setQueryData<ClientAccount[]>(clientActionKeys.plan(clientId, year, month), (plan) => {
        if (!plan) return plan;
        const others = plan.filter((account) => account.id !== changed.id);
        if (!changed.activated) return others;
        const added = {
          id: changed.id,
          code: changed.code,
          description: changed.description,
          date: new Date().toISOString(),
          activated: true,
          reducedCode: changed.reducedCode,
          active: changed.active,
          type: changed.type,
        };
        return [...others, added];
      }),
    // Not awaited: the toggle is done when the server answered; the lists refetch behind it (an
    // account list retried until it loads must not hold the next toggle's button).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["accounts"] });
      void queryClient.invalidateQueries({ queryKey: ["blocks", clientId] });
    },
  });
}

/** The office's operators other than the responsible, each with isShared (POST /api/operator/shared). */
export function useSharedOperators(clientId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: clientActionKeys.shared(clientId),
    queryFn: ({ signal }) => api.request<SharedOperator[]>("/api/operator/shared", { clientId }, { signal }),
    staleTime: 0,
  });
}

/** Flips one operator's share; the answer is the redrawn list (POST /api/operator/shared/change). */
export function useToggleShare(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountingOperatorId: number) =>
      api.request<SharedOperator[]>("/api/operator/shared/change", { clientId, accountingOperatorId }),
    onSuccess: (list) => queryClient.setQueryData(clientActionKeys.shared(clientId), list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["clients"] }),
  });
}

/** The operators a client may be transferred to (POST /api/operator/transfer). */
export function useTransferOperators(clientId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: clientActionKeys.transfer(clientId),
    queryFn: ({ signal }) => api.request<TransferOperator[]>("/api/operator/transfer", { clientId }, { signal }),
    staleTime: 0,
  });
}

/** Makes another operator responsible (POST /api/operator/transfer/change). */
export function useTransferClient(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountingOperatorId: number) =>
      api.request<TransferAnswer>("/api/operator/transfer/change", { clientId, accountingOperatorId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["clients"] }),
  });
}

/** Soft-removes a client (POST /api/client/remove; the books stay). */
export function useRemoveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => api.request<Record<string, never>>("/api/client/remove", { clientId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["clients"] }),
  });
}
