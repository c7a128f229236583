import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ACCOUNT_LIST_RETRY } from "@/lib/constants";
import type { ClientAccount, ClientAccountsByMonth } from "@/lib/contract/accounts";
import type { BusinessBlocksAnswer, ReturnedDocument, SentBlock, SentOperator } from "@/lib/contract/business";
import { pollWhilePreparing } from "@/lib/fiscal/page-in-preparation";
import { api } from "./api";
import { businessKeys } from "./business-blocks";
import type { PeriodAccounts } from "./client-detail";

// What the business home, Blocos enviados and Devolvidos read and change. Every
// key starts with "business": a change anywhere on the business platform (a block sent, a pendency
// solved, a document restored) may invalidate the whole prefix and every screen — and the side bar's
// Pendencias badge, read from the home's block list — refreshes.

export type { BusinessBlocksAnswer, ReturnedDocument, SentBlock, SentOperator };
// The keys and the month's block list live in ./business-blocks (the business frame's badge reads the
// list on every business page; the rest of this module is for the screens that use it).
export { businessKeys, useBusinessBlocks } from "./business-blocks";

/** POST /api/account/client without clientId: the company's active accounts of a month (or every month). */
export function useBusinessAccounts(year: number, month: number) {
  return useQuery({
    queryKey: businessKeys.accounts(year, month),
    queryFn: ({ signal }): Promise<PeriodAccounts> =>
      month === 0
        ? api.request<ClientAccountsByMonth>("/api/account/client", {}, { signal }).then((byMonth) => ({ byMonth }))
        : api.request<ClientAccount[]>("/api/account/client", { year, month }, { signal }).then((list) => ({ list })),
    ...ACCOUNT_LIST_RETRY,
  });
}

/** GET /api/operator/sent/get: the caller first, then the colleagues who share their sent blocks. */
export function useSentOperators() {
  return useQuery({
    queryKey: businessKeys.sentOperators,
    queryFn: ({ signal }) => api.request<SentOperator[]>("/api/operator/sent/get", undefined, { signal }),
  });
}

/**
 * POST /api/block/sent {operatorId, year, month}: that operator's blocks of the month, newest first.
 * Asked again while an imported page is in preparation (pollWhilePreparing).
 */
export function useSentBlocks(operatorId: number | null, year: number, month: number) {
  return useQuery({
    enabled: operatorId !== null,
    queryKey: businessKeys.sent(operatorId ?? 0, year, month),
    queryFn: ({ signal }) =>
      api.request<SentBlock[]>("/api/block/sent", month === 0 ? { operatorId, year } : { operatorId, year, month }, {
        signal,
      }),
    refetchInterval: (query) => pollWhilePreparing(query.state.data),
  });
}

/** POST /api/block/sent/undo {blockId}: the block leaves the list, its documents return to the gallery. */
export function useUndoSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: number) =>
      api.request<{ blockId: number; undoneDatetime: string }>("/api/block/sent/undo", { blockId }),
    // A refused undo (409: categorised meanwhile, window over) refreshes too: the block shows its new state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: businessKeys.all }),
  });
}

/** GET /api/document/devolved: the company's returned documents, soonest deadline first. */
export function useDevolvedDocuments() {
  return useQuery({
    queryKey: businessKeys.devolved,
    queryFn: ({ signal }) => api.request<ReturnedDocument[]>("/api/document/devolved", undefined, { signal }),
  });
}

function useDocumentAction(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => api.request<unknown>(path, { documentId }),
    onSuccess: (_data, documentId) =>
      queryClient.setQueryData<ReturnedDocument[]>(businessKeys.devolved, (list) =>
        list?.filter((doc) => doc.id !== documentId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: businessKeys.all }),
  });
}

/** POST /api/document/devolved/restore {documentId}: back to the gallery as rescued; it leaves the list. */
export function useRestoreDocument() {
  return useDocumentAction("/api/document/devolved/restore");
}

/** POST /api/document/remove {documentId}: permanent (asked first). */
export function useRemoveDocument() {
  return useDocumentAction("/api/document/remove");
}
