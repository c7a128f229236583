import { useQuery } from "@tanstack/react-query";
import { ACCOUNT_LIST_RETRY, POLL_INTERVAL_MS } from "@/lib/constants";
import type { ClientAccount, ClientAccountsByMonth } from "@/lib/contract/accounts";
import type { ClientBlocksAnswer, Pendency } from "@/lib/contract/blocks";
import type { ClientBusyAnswer, ClientCard } from "@/lib/contract/clients";
import { blocksOfMap, pollWhilePreparing } from "@/lib/fiscal/page-in-preparation";
import { api } from "./api";

// What /home/client reads: the client's card (isResponsable), its busy state (polled,
// paused while the tab is hidden), the accounts and blocks of the chosen period and the pendencies of
// a year. Keys start with the prefixes the mutations of the viewer and the drawers invalidate:
// ["clients"], ["accounts"], ["blocks", clientId], ["pendencies", clientId].

export const clientDetailKeys = {
  /** Every period's accounts of the client (a prefix for invalidation). */
  allAccounts: (clientId: number) => ["accounts", "client", clientId] as const,
  /** Every year's pendencies of the client (a prefix for invalidation). */
  allPendencies: (clientId: number) => ["pendencies", clientId] as const,
  card: (clientId: number) => ["clients", "card", clientId] as const,
  busy: (clientId: number) => ["clients", "busy", clientId] as const,
  accounts: (clientId: number, year: number, month: number) => ["accounts", "client", clientId, year, month] as const,
  blocks: (clientId: number, year: number, month: number) => ["blocks", clientId, year, month] as const,
  pendencies: (clientId: number, year: number) => ["pendencies", clientId, year] as const,
};

/** POST /api/clients {clientId}: the one card (isResponsable, operator, busy…). */
export function useClientCard(clientId: number) {
  return useQuery({
    queryKey: clientDetailKeys.card(clientId),
    queryFn: ({ signal }) => api.request<ClientCard>("/api/clients", { clientId }, { signal }),
  });
}

/** POST /api/client/busy, every POLL_INTERVAL_MS while the tab is visible (TanStack pauses hidden tabs). */
export function useClientBusy(clientId: number) {
  return useQuery({
    queryKey: clientDetailKeys.busy(clientId),
    queryFn: ({ signal }) =>
      api.request<ClientBusyAnswer & { contabilizing?: ClientBusyAnswer["busy"] }>(
        "/api/client/busy",
        { clientId },
        { signal },
      ),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}

/** One month's list, or (month 0) the year → month map of every month. */
export type PeriodAccounts = { list: ClientAccount[] } | { byMonth: ClientAccountsByMonth };

/**
 * The accounts of a month (month 1..12) or, for 'Todos' (month 0), the year → month map of every
 * month. Retried every 500 ms until it loads (spec §4).
 */
export function usePeriodAccounts(clientId: number, year: number, month: number) {
  return useQuery({
    queryKey: clientDetailKeys.accounts(clientId, year, month),
    queryFn: ({ signal }): Promise<PeriodAccounts> =>
      month === 0
        ? api
            .request<ClientAccountsByMonth>("/api/account/client", { clientId }, { signal })
            .then((byMonth) => ({ byMonth }))
        : api
            .request<ClientAccount[]>("/api/account/client", { clientId, year, month }, { signal })
            .then((list) => ({ list })),
    ...ACCOUNT_LIST_RETRY,
  });
}

/**
 * POST /api/block/list: one month alone, or (month 0) the whole year → month → account map. Asked
 * again while an imported page is in preparation (pollWhilePreparing).
 */
export function usePeriodBlocks(clientId: number, year: number, month: number) {
  return useQuery({
    queryKey: clientDetailKeys.blocks(clientId, year, month),
    queryFn: ({ signal }) =>
      api.request<ClientBlocksAnswer>("/api/block/list", month === 0 ? { clientId } : { clientId, year, month }, {
        signal,
      }),
    refetchInterval: (query) => pollWhilePreparing(blocksOfMap(query.state.data?.blocks)),
  });
}

/** POST /api/pendency/list {clientId, year}: the year's pendencies, newest first. */
export function usePendencies(clientId: number, year: number) {
  return useQuery({
    queryKey: clientDetailKeys.pendencies(clientId, year),
    queryFn: ({ signal }) => api.request<Pendency[]>("/api/pendency/list", { clientId, year }, { signal }),
  });
}
