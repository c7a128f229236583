import { useMutation, useQuery, useQueryClient, type Query } from "@tanstack/react-query";
import { POLL_INTERVAL_MS } from "@/lib/constants";
import type { Block } from "@/lib/contract/blocks";
import type {
  BlockContabilizeAnswer,
  ContabilizationLinkAnswer,
  ContabilizationMonth,
  OperatorFace,
} from "@/lib/contract/contabilization";
import { api } from "./api";
import { useLeaveScreen } from "./leave-screen";
import { ApiError } from "./client";

// The desktop contabilization page (docs/api.md "Contabilization and the QR link"):
// the lease held by polling /api/operator/sync/contabilize (its answer IS the page's data: accounts,
// counts, next blocks, last contabilised), Proximo / Desfazer through /api/block/contabilize, the
// history drawer and the QR's one-time link. Keys start with ["contabilization", clientId]; a post also
// invalidates ["blocks", clientId] and ["clients"] (the badges of /home/client and /home).

export const contabilizationKeys = {
  all: (clientId: number) => ["contabilization", clientId] as const,
  month: (clientId: number, year: number, month: number) =>
    ["contabilization", clientId, "month", year, month] as const,
  history: (clientId: number, year: number, month: number, accountId: number) =>
    ["contabilization", clientId, "history", year, month, accountId] as const,
  link: (clientId: number, year: number, month: number) => ["contabilization", clientId, "link", year, month] as const,
};

const SYNC_PATH = "/api/operator/sync/contabilize";
const UNSYNC_PATH = "/api/operator/unsync/contabilize";

/** A 409 of the lease: another operator contabilises the client (the holder's face from error.details). */
export function leaseHolder(error: unknown): { message: string; holder: OperatorFace | null } | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== "conflict") return null;
  const details = error.details as { holder?: Partial<OperatorFace> } | undefined;
  const holder = details?.holder;
  if (!holder || typeof holder.name !== "string") return null;
  return {
    message: error.message,
    holder: { name: holder.name, pictureUrl: typeof holder.pictureUrl === "string" ? holder.pictureUrl : null },
  };
}

/**
 * The lease and the page's data: POST sync/contabilize on opening and every POLL_INTERVAL_MS. It keeps
 * polling while the tab is hidden (the operator types the entry in another window or tab; pausing for
 * more than three polls would let the 15 s lease lapse and another operator take the client mid-work).
 * A 409 is not retried at once: the next poll asks again, so the page opens by itself when the holder
 * leaves. On leaving: unsync (unmount), or a keepalive fetch when the page itself goes away (pagehide).
 */
export function useContabilizationLease(clientId: number, year: number, month: number) {
  useLeaveScreen(UNSYNC_PATH, { clientId }, contabilizationKeys.all(clientId));
  return useQuery({
    queryKey: contabilizationKeys.month(clientId, year, month),
    queryFn: ({ signal }) => api.request<ContabilizationMonth>(SYNC_PATH, { clientId, year, month }, { signal }),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });
}

export type ContabilizeVariables = { blockId: number; undo: boolean };

/**
 * Proximo (undo false) and Desfazer (undo true): POST /api/block/contabilize {blockId, link: null, undo}.
 * A poll in flight is cancelled first (its older answer must not overwrite the post's); the answer's
 * month replaces the page's data, so the next block, counts and last three change at once.
 */
export function useContabilize(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ blockId, undo }: ContabilizeVariables) => {
      await queryClient.cancelQueries({ queryKey: ["contabilization", clientId, "month"] });
      return api.request<BlockContabilizeAnswer>("/api/block/contabilize", { blockId, link: null, undo });
    },
    onSuccess: (answer) => {
      const { contabilization } = answer;
      queryClient.setQueryData(
        contabilizationKeys.month(clientId, contabilization.year, contabilization.month),
        contabilization,
      );
      void queryClient.invalidateQueries({ queryKey: [...contabilizationKeys.all(clientId), "history"] });
      void queryClient.invalidateQueries({ queryKey: ["blocks", clientId] });
      void queryClient.invalidateQueries({ queryKey: ["clients"] });
    },
    onError: () => {
      // a 409 (someone took the client, the block changed): the poll shows the state as it is now
      void queryClient.invalidateQueries({ queryKey: ["contabilization", clientId, "month"] });
    },
  });
}

/** 'Visualizar Historico': the account's contabilised blocks of the month, most recently posted first. */
export function useContabilizationHistory(
  clientId: number,
  year: number,
  month: number,
  accountId: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: contabilizationKeys.history(clientId, year, month, accountId),
    queryFn: ({ signal }) =>
      api.request<Block[]>("/api/operator/contabilization/history", { clientId, year, month, accountId }, { signal }),
    enabled,
  });
}

/** A new link this long before the current one expires, so the QR on screen always works. */
export const LINK_RENEW_MARGIN_MS = 30_000;

/** ms until the link should be replaced (at least one second), or false while there is none. */
export function linkRenewDelay(linkExpiresDatetime: string | undefined, now = Date.now()): number | false {
  if (!linkExpiresDatetime) return false;
  return Math.max(1_000, Date.parse(linkExpiresDatetime) - LINK_RENEW_MARGIN_MS - now);
}

/**
 * The QR's one-time link (5 min) while the panel is open: fetched on opening, replaced 30 s before it
 * expires; `refetch` asks a new one after a use (the page calls it when it sees the phone's posts).
 * Asking a new link closes the earlier unused one on the server (only the QR on screen works).
 */
export function useContabilizationLink(clientId: number, year: number, month: number, enabled: boolean) {
  return useQuery({
    queryKey: contabilizationKeys.link(clientId, year, month),
    queryFn: ({ signal }) =>
      api.request<ContabilizationLinkAnswer>(
        "/api/operator/contabilization/link",
        { clientId, year, month },
        { signal },
      ),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query: Query<ContabilizationLinkAnswer, Error, ContabilizationLinkAnswer, readonly unknown[]>) =>
      linkRenewDelay(query.state.data?.linkExpiresDatetime),
    refetchIntervalInBackground: true,
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });
}
