import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ACCOUNT_LIST_RETRY } from "@/lib/constants";
import type { ChartAccount, ClientAccount } from "@/lib/contract/accounts";
import type { Block, BlockDocumentsAnswer, BlockSaveBody } from "@/lib/contract/blocks";
import { pollWhilePending } from "@/lib/fiscal/page-in-preparation";
import { api } from "./api";
import { clientDetailKeys } from "./client-detail";

// The block viewer's calls (spec §7 Blocks/Documents): the block's documents and
// badges, mark viewed, save (with the block's version) and devolve. Every mutation invalidates the
// client's block list (blockKeys.client) so the page behind the viewer refreshes.

export type { Block, BlockDocumentsAnswer };

export const blockKeys = {
  all: ["blocks"] as const,
  client: (clientId: number) => ["blocks", clientId] as const,
  documents: (blockId: number) => ["blocks", "documents", blockId] as const,
};

/** The viewer's account lists live under the "accounts" prefix: an account change refreshes them too. */
export const viewerAccountKeys = {
  chart: (year: number) => ["accounts", "viewer", "chart", year] as const,
  client: (clientId: number, year: number, month: number) =>
    ["accounts", "viewer", "client", clientId, year, month] as const,
};

/**
 * POST /api/document/block: images, badges, version and the open pendency of one block; its reading,
 * sources and importer. Asked again while a page is in preparation or a document is still to be read
 * (pollWhilePending).
 */
export function useBlockDocuments(blockId: number | null) {
  return useQuery({
    enabled: blockId !== null,
    queryKey: blockKeys.documents(blockId ?? 0),
    queryFn: ({ signal }) => api.request<BlockDocumentsAnswer>("/api/document/block", { blockId }, { signal }),
    staleTime: 0,
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}

/**
 * POST /api/account/all {year}: the office chart of a year of exercise (retried every 500 ms until it
 * answers, spec §4).
 */
export function useChartAccounts(year: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: viewerAccountKeys.chart(year),
    queryFn: ({ signal }) => api.request<ChartAccount[]>("/api/account/all", { year }, { signal }),
    ...ACCOUNT_LIST_RETRY,
  });
}

/** POST /api/account/client {clientId, year, month}: the client's accounts of that month. */
export function useClientMonthAccounts(clientId: number, year: number, month: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: viewerAccountKeys.client(clientId, year, month),
    queryFn: ({ signal }) => api.request<ClientAccount[]>("/api/account/client", { clientId, year, month }, { signal }),
    ...ACCOUNT_LIST_RETRY,
  });
}

function useInvalidateBlocks(clientId: number) {
  const queryClient = useQueryClient();
  return (blockId?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: blockKeys.client(clientId) }),
      blockId === undefined ? null : queryClient.invalidateQueries({ queryKey: blockKeys.documents(blockId) }),
    ]);
}

/**
 * After a save (the viewer's or categorization's): the client's blocks, and its accounts. A block saved
 * into an account outside the active plan gives that account a row (with its warning) in 'Visualizar
 * Contas'.
 */
export function invalidateAfterSave(queryClient: QueryClient, clientId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: blockKeys.client(clientId) }),
    queryClient.invalidateQueries({ queryKey: clientDetailKeys.allAccounts(clientId) }),
  ]);
}

/** POST /api/block/viewed {blockId}: once per display; the list's unseen dot goes away. */
export function useMarkViewed(clientId: number) {
  const invalidate = useInvalidateBlocks(clientId);
  return useMutation({
    mutationFn: (blockId: number) => api.request<unknown>("/api/block/viewed", { blockId }),
    onSuccess: () => invalidate(),
  });
}

/**
 * POST /api/block/duplicate/dismiss {blockId, otherBlockId}: 'Não é duplicado'. The client's blocks and
 * both blocks' documents reload, so neither flags the other again.
 */
export function useDismissDuplicate(clientId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBlocks(clientId);
  return useMutation({
    mutationFn: (body: { blockId: number; otherBlockId: number }) =>
      api.request<unknown>("/api/block/duplicate/dismiss", body),
    onSuccess: (_data, body) =>
      Promise.all([
        invalidate(),
        queryClient.invalidateQueries({ queryKey: blockKeys.documents(body.blockId) }),
        queryClient.invalidateQueries({ queryKey: blockKeys.documents(body.otherBlockId) }),
      ]),
  });
}

/** POST /api/block/save {block, version}: a stale version answers 409; either way the block reloads. */
export function useSaveBlock(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockSaveBody) => api.request<unknown>("/api/block/save", body),
    onSettled: (_data, _error, body) =>
      Promise.all([
        invalidateAfterSave(queryClient, clientId),
        queryClient.invalidateQueries({ queryKey: blockKeys.documents(body.block.id) }),
      ]),
  });
}

/** POST /api/block/devolve {blockId, reason?}: permanent; the block leaves the list. */
export function useDevolveBlock(clientId: number) {
  const invalidate = useInvalidateBlocks(clientId);
  return useMutation({
    mutationFn: ({ blockId, reason }: { blockId: number; reason?: string }) =>
      api.request<unknown>("/api/block/devolve", reason?.trim() ? { blockId, reason: reason.trim() } : { blockId }),
    onSettled: () => invalidate(),
  });
}
