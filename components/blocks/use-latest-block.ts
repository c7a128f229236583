"use client";

import { useCallback, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { blockKeys } from "@/lib/api/blocks";
import type { Block } from "@/lib/contract/blocks";

/** The block with `id` in a cached block list answer (year → month → account → blocks), or null. */
export function findBlockInAnswer(data: unknown, id: number): Block | null {
  const blocks = (data as { blocks?: unknown } | null | undefined)?.blocks;
  if (!blocks || typeof blocks !== "object") return null;
  for (const months of Object.values(blocks as Record<string, unknown>)) {
    if (!months || typeof months !== "object") continue;
    for (const accounts of Object.values(months as Record<string, unknown>)) {
      if (!accounts || typeof accounts !== "object") continue;
      for (const list of Object.values(accounts as Record<string, unknown>)) {
        if (!Array.isArray(list)) continue;
        const found = (list as Block[]).find((item) => item?.id === id);
        if (found) return found;
      }
    }
  }
  return null;
}

/**
 * The freshest copy of the open block: the page hands the viewer the block it was opened with; after a
 * save elsewhere (409) the list is refetched and this reads the new version, values and account from
 * the cached lists under blockKeys.client (highest version wins), falling back to the block given.
 */
export function useLatestBlock(clientId: number, block: Block | null): Block | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback((notify: () => void) => queryClient.getQueryCache().subscribe(notify), [queryClient]);
  const read = () => {
    if (!block) return null;
    let latest = block;
    for (const [, data] of queryClient.getQueriesData({ queryKey: blockKeys.client(clientId) })) {
      const found = findBlockInAnswer(data, block.id);
      if (found && found.version > latest.version) latest = found;
    }
    return latest;
  };
  return useSyncExternalStore(subscribe, read, read);
}
