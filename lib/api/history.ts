import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ClientHistoryAnswer, ClientHistoryItem, HistoryEntry, HistoryKind } from "@/lib/contract/history";
import { api } from "./api";

// The history of a block (the viewer's 'Histórico') and of a client (the client detail's drawer). Keys
// under ["blocks", clientId]: every write to the client's blocks invalidates that prefix, so an open
// history refreshes after a save, a posting or a devolve.

export type { ClientHistoryItem, HistoryEntry, HistoryKind };

export type ClientHistoryFilters = {
  kind: HistoryKind | null;
  operatorId: number | null;
  from: string | null;
  to: string | null;
};

export const historyKeys = {
  block: (clientId: number, blockId: number) => ["blocks", clientId, "history", blockId] as const,
  client: (clientId: number, filters: ClientHistoryFilters) => ["blocks", clientId, "client-history", filters] as const,
};

/** POST /api/block/history {blockId}: the block's entries, oldest first (asked once the section opens). */
export function useBlockHistory(clientId: number, blockId: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: historyKeys.block(clientId, blockId),
    queryFn: ({ signal }) => api.request<HistoryEntry[]>("/api/block/history", { blockId }, { signal }),
    staleTime: 0,
  });
}

/** POST /api/client/history: the client's entries, newest first, a page at a time ('Carregar mais'). */
export function useClientHistory(clientId: number, filters: ClientHistoryFilters, enabled: boolean) {
  return useInfiniteQuery({
    enabled,
    queryKey: historyKeys.client(clientId, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.request<ClientHistoryAnswer>(
        "/api/client/history",
        {
          clientId,
          cursor: pageParam,
          kind: filters.kind,
          operatorId: filters.operatorId,
          from: filters.from,
          to: filters.to,
        },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}
