import { useQuery } from "@tanstack/react-query";
import type { BusinessBlocksAnswer } from "@/lib/contract/business";
import { blocksOfMap, pollWhilePreparing } from "@/lib/fiscal/page-in-preparation";
import { api } from "./api";

// The business platform's query keys and its month's block list (lib/api/business.ts explains the keys
// and re-exports both): the business frame imports this module alone.

export const businessKeys = {
  all: ["business"] as const,
  blocks: (year: number, month: number) => ["business", "blocks", year, month] as const,
  accounts: (year: number, month: number) => ["business", "accounts", year, month] as const,
  sentOperators: ["business", "sent", "operators"] as const,
  sentAll: ["business", "sent", "blocks"] as const,
  sent: (operatorId: number, year: number, month: number) =>
    ["business", "sent", "blocks", operatorId, year, month] as const,
  devolved: ["business", "devolved"] as const,
};

/**
 * POST /api/block/list without clientId: the company's blocks of one month (month 1..12) or, for
 * 'Todos' (month 0), the whole year → month → account map; plus pendencyNumber (the badge). Asked
 * again while an imported page is in preparation (pollWhilePreparing).
 */
export function useBusinessBlocks(year: number, month: number) {
  return useQuery({
    queryKey: businessKeys.blocks(year, month),
    queryFn: ({ signal }) =>
      api.request<BusinessBlocksAnswer>("/api/block/list", month === 0 ? {} : { year, month }, { signal }),
    refetchInterval: (query) => pollWhilePreparing(blocksOfMap(query.state.data?.blocks)),
  });
}
