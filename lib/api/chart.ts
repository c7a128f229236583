import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ACCOUNT_LIST_RETRY } from "@/lib/constants";
import type {
  AccountCreateBody,
  AccountImportAnswer,
  AccountImportBody,
  AccountUpdateBody,
  ChartAccount,
  ChartLoadedAnswer,
} from "@/lib/contract/accounts";
import { api } from "./api";

// The office's chart of accounts as 'Plano de contas' edits it: the year's list (inactive and synthetic
// accounts too) and the calls that change it (import, starter chart, rollover, create, update), plus
// activating many accounts of a client at once. Every change refetches everything under ["accounts"]:
// the pickers, 'Adicionar contas' and the first-visit offer read the same chart under other keys.

export const chartKeys = {
  year: (year: number) => ["accounts", "office-chart", year] as const,
};

/** POST /api/account/all {year}: every account of the year, sorted by code (retried as spec §4 says). */
export function useOfficeChart(year: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: chartKeys.year(year),
    queryFn: ({ signal }) => api.request<ChartAccount[]>("/api/account/all", { year }, { signal }),
    ...ACCOUNT_LIST_RETRY,
  });
}

function useChartMutation<Body, Answer>(path: string, refresh: (body: Body) => boolean = () => true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.request<Answer>(path, body),
    onSuccess: (_answer, body) => {
      if (refresh(body)) void queryClient.invalidateQueries({ queryKey: ["accounts"] });
    },
  });
}

/** POST /api/account/import: with dryRun the preview (nothing changes, nothing to refetch). */
export const useImportChart = () =>
  useChartMutation<AccountImportBody, AccountImportAnswer>("/api/account/import", (body) => !body.dryRun);

/** POST /api/account/starter {year}: the starter chart into an empty year. */
export const useStarterChart = () => useChartMutation<{ year: number }, ChartLoadedAnswer>("/api/account/starter");

/** POST /api/account/rollover {fromYear, toYear}: a year's chart copied into an empty next year. */
export const useRolloverChart = () =>
  useChartMutation<{ fromYear: number; toYear: number }, ChartLoadedAnswer>("/api/account/rollover");

/** POST /api/account/create. */
export const useCreateAccount = () => useChartMutation<AccountCreateBody, ChartAccount>("/api/account/create");

/** POST /api/account/update (description, reduced code, active). */
export const useUpdateAccount = () => useChartMutation<AccountUpdateBody, ChartAccount>("/api/account/update");

/** Whether an account may be offered to a client or chosen for a block: active and analytic. */
export const isOfferable = (account: Pick<ChartAccount, "active" | "type">) =>
  account.active && account.type === "analytic";

/** A File as a data URL (`data:<type>;base64,<payload>`): the bytes go as they are, the server decodes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("no data URL"));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}
