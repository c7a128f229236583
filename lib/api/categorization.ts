import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@/lib/constants";
import type { BlockSaveBody, Block } from "@/lib/contract/blocks";
import type {
  BlockSyncAnswer,
  CategorizationBlock,
  PendencyCreateBody,
  ToCategorizeAnswer,
} from "@/lib/contract/categorization";
import { api } from "./api";
import { useLeaveScreen } from "./leave-screen";
import { blockKeys, invalidateAfterSave, viewerAccountKeys } from "./blocks";
import { clientDetailKeys } from "./client-detail";
import type { ChartAccount, ClientAccount } from "@/lib/contract/accounts";

// The categorization screen's calls (docs/api.md "Categorization"): the queue
// (tocategorize: the block on screen and the prefetched `next`), the save / report / devolve that end a
// block, the polled block sync with its unsync on leaving, and the image preload that lets the next
// block show from memory. Every write invalidates the client's block lists (blockKeys.client), so the
// side bar's badge and /home/client follow.

export type { BlockSyncAnswer, CategorizationBlock, ToCategorizeAnswer };

export const categorizationKeys = {
  all: ["categorization"] as const,
  sync: (clientId: number) => ["categorization", "sync", clientId] as const,
};

/** POST /api/block/tocategorize {clientId}: claims and answers the block to show and the one after it. */
export function fetchToCategorize(clientId: number, signal?: AbortSignal): Promise<ToCategorizeAnswer> {
  return api.request<ToCategorizeAnswer>("/api/block/tocategorize", { clientId }, { signal });
}

function useInvalidateClientBlocks(clientId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blockKeys.client(clientId) });
}

/**
 * POST /api/block/save {block, version}: a 409 carries the fresh block in error.details.block. A stable
 * function, not a useMutation: the screen saves in the background while the next block paints, and a
 * mutation's pending/success states would re-render it for nothing; every save is its own promise.
 */
export function useCategorizeSave(clientId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (body: BlockSaveBody) => {
      const request = api.request<Block>("/api/block/save", body);
      // the client's lists follow, not awaited
      void request.then(
        () => invalidateAfterSave(queryClient, clientId),
        () => invalidateAfterSave(queryClient, clientId),
      );
      return request;
    },
    [queryClient, clientId],
  );
}

/** The key of a report in flight (the dialog stays open while one is on its way). */
export const reportProblemKey = (clientId: number) => ["pendency-create", clientId] as const;

/**
 * POST /api/pendency/create {blockId, issue, observations}: the block leaves the queue, and joins the
 * client's pendencies.
 */
export function useReportProblem(clientId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateClientBlocks(clientId);
  return useMutation({
    mutationKey: reportProblemKey(clientId),
    mutationFn: (body: PendencyCreateBody) => api.request<unknown>("/api/pendency/create", body),
    onSettled: () => {
      void invalidate();
      void queryClient.invalidateQueries({ queryKey: clientDetailKeys.allPendencies(clientId) });
    },
  });
}

const UNSYNC_PATH = "/api/operator/unsync/block";

/**
 * POST /api/operator/sync/block {clientId} every POLL_INTERVAL_MS while the screen is open and the tab
 * visible (TanStack pauses hidden tabs): the header's avatars and count, and the renewal of this
 * operator's claims. On leaving, POST /api/operator/unsync/block {clientId} — through the client when the
 * screen unmounts, with a keepalive fetch when the page itself goes away (pagehide).
 */
export function useBlockSync(clientId: number) {
  useLeaveScreen(UNSYNC_PATH, { clientId }, categorizationKeys.sync(clientId));
  return useQuery({
    queryKey: categorizationKeys.sync(clientId),
    queryFn: ({ signal }) => api.request<BlockSyncAnswer>("/api/operator/sync/block", { clientId }, { signal }),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

// Decoded images are kept referenced while their block may still show: the browser then paints them
// from memory. At most the block on screen and the next are held (forgetImages drops the rest).
const held = new Map<string, HTMLImageElement>();

/** Every image (documents and thumbnails) of `block` fetched and decoded; resolves when all settled. */
export function preloadBlockImages(block: Pick<Block, "documentsUrl" | "thumbnailsUrl">): Promise<void> {
  const urls = [...block.documentsUrl, ...block.thumbnailsUrl];
  return Promise.all(
    urls.map((url) => {
      let image = held.get(url);
      if (!image) {
        image = new Image();
        image.decoding = "async";
        image.src = url;
        held.set(url, image);
      }
      // a broken image must not stop the others: the screen shows it as it is
      return image.decode().catch(() => undefined);
    }),
  ).then(() => undefined);
}

/** Lets go of the decoded images of every block but `keep`. */
export function forgetImages(keep: readonly (Pick<Block, "documentsUrl" | "thumbnailsUrl"> | null)[]): void {
  const wanted = new Set(keep.flatMap((block) => (block ? [...block.documentsUrl, ...block.thumbnailsUrl] : [])));
  for (const url of held.keys()) if (!wanted.has(url)) held.delete(url);
}

/** The account lists the side panel will ask for on `block`'s month, fetched ahead (cached for the form). */
export function usePrefetchAccounts(clientId: number) {
  const queryClient = useQueryClient();
  return (year: number, month: number) => {
    void queryClient.prefetchQuery({
      queryKey: viewerAccountKeys.chart(year),
      queryFn: ({ signal }) => api.request<ChartAccount[]>("/api/account/all", { year }, { signal }),
    });
    void queryClient.prefetchQuery({
      queryKey: viewerAccountKeys.client(clientId, year, month),
      queryFn: ({ signal }) =>
        api.request<ClientAccount[]>("/api/account/client", { clientId, year, month }, { signal }),
    });
  };
}
