import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ACTIVATE_MAX, type AccountActivateAnswer } from "@/lib/contract/accounts";
import { api } from "./api";

// Apart from lib/api/chart.ts: this one needs the contract's ACTIVATE_MAX at run time (zod with it),
// which /home's first-visit offer, reading chart.ts, must not load.

/**
 * POST /api/account/activate {clientId, accountIds}: many accounts of the client's plan from this month
 * on, as one click each would. The client's blocks are refetched too (their accounts' flags).
 */
export function useActivateAccounts(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // A chart of thousands: ACTIVATE_MAX accounts a call, one call after the other.
    mutationFn: async (accountIds: number[]) => {
      const activated: AccountActivateAnswer = [];
      for (let start = 0; start < accountIds.length; start += ACTIVATE_MAX) {
        const part = accountIds.slice(start, start + ACTIVATE_MAX);
        activated.push(
          ...(await api.request<AccountActivateAnswer>("/api/account/activate", { clientId, accountIds: part })),
        );
      }
      return activated;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["accounts"] });
      void queryClient.invalidateQueries({ queryKey: ["blocks", clientId] });
    },
  });
}
