import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ExportCheckAnswer,
  ExportClientBody,
  ExportOfficeBody,
  ExportSettingsAnswer,
  ExportSettingsInput,
} from "@/lib/contract/exports";
import { api } from "./api";
import type { DownloadedFile } from "./client";

// The export of a month's postings: a client's settings, the check before the export, the downloads.
// A download refreshes the check (its 'already exported' list) and every block viewer ('Exportado em').

export const exportKeys = {
  settings: (clientId: number) => ["exports", "settings", clientId] as const,
  check: (clientId: number, year: number, month: number) => ["exports", "check", clientId, year, month] as const,
};

export function useExportSettings(clientId: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: exportKeys.settings(clientId),
    queryFn: ({ signal }) => api.request<ExportSettingsAnswer>("/api/client/export/settings", { clientId }, { signal }),
  });
}

export function useSaveExportSettings(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Omit<ExportSettingsInput, "clientId">) =>
      api.request<ExportSettingsAnswer>("/api/client/export/settings", { clientId, ...settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(exportKeys.settings(clientId), saved);
      void queryClient.invalidateQueries({ queryKey: ["exports", "check", clientId] });
    },
  });
}

export function useExportCheck(clientId: number, year: number, month: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: exportKeys.check(clientId, year, month),
    queryFn: ({ signal }) =>
      api.request<ExportCheckAnswer>("/api/client/export/check", { clientId, year, month }, { signal }),
    staleTime: 0,
  });
}

/** Hands a downloaded file to the browser as a download of its own name. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportClient(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ExportClientBody, "clientId">) =>
      api.download("/api/client/export", { clientId, ...body }, { timeoutMs: 120_000 }),
    onSuccess: (file) => saveFile(file),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["exports", "check", clientId] });
      void queryClient.invalidateQueries({ queryKey: ["blocks", "documents"] });
    },
  });
}

export function useExportOffice() {
  return useMutation({
    mutationFn: (body: ExportOfficeBody) => api.download("/api/accounting/export", body, { timeoutMs: 300_000 }),
    onSuccess: (file) => saveFile(file),
  });
}
