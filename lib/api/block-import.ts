import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ImportResult } from "@/lib/contract/fiscal";
import { planBatches } from "@/lib/fiscal/import-batches";
import { api } from "./api";
import { ApiError } from "./client";

// POST /api/block/import (docs/decisions/0271-fiscal-reading-contract.md): the picked files sent in
// requests of at most IMPORT_FILES_MAX files (lib/fiscal/import-batches.ts), each through the upload
// transport for its progress; the results gathered in the files' order. A refused request (a ZIP too
// large, too many entries: 413/400 with a pt-BR message) becomes an 'invalid' result of its files and
// the import goes on; a lost connection stops it. Afterwards every block list refetches.

export type ImportPhase = "idle" | "preparing" | "sending" | "reading" | "done";

export type ImportState = {
  phase: ImportPhase;
  /** 0..100 over all the files' bytes: each request's upload, then its answer. */
  percent: number;
  /** Files whose request has answered, of `total`. */
  answered: number;
  total: number;
  results: ImportResult[];
  /** Why the import stopped before the end (connection lost, logged out), with the files not sent. */
  error: { message: string; notSent: string[] } | null;
  cancelled: boolean;
};

const IDLE: ImportState = {
  phase: "idle",
  percent: 0,
  answered: 0,
  total: 0,
  results: [],
  error: null,
  cancelled: false,
};

/** Share of a request's progress that is its upload; the rest is the server reading the notes. */
const UPLOAD_SHARE = 0.8;

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** `clientId`: the office operator's client; absent, the business user's own company. */
export function useImportFiles(clientId?: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const { uploadTransport } = await import("./upload-transport");
      const totalBytes = Math.max(
        1,
        files.reduce((sum, file) => sum + file.size, 0),
      );
      const results: ImportResult[] = [];
      let doneBytes = 0;
      let answered = 0;
      const update = (patch: Partial<ImportState>) =>
        setState((previous) => ({ ...previous, ...patch, results: [...results], answered }));
      setState({ ...IDLE, phase: "preparing", total: files.length });

      for (const batch of planBatches(files)) {
        const chosen = batch.map((index) => files[index]);
        const batchBytes = chosen.reduce((sum, file) => sum + file.size, 0);
        const at = (share: number) => Math.min(99, Math.floor(((doneBytes + batchBytes * share) / totalBytes) * 100));
        try {
          const body = {
            ...(clientId === undefined ? {} : { clientId }),
            files: await Promise.all(
              chosen.map(async (file) => ({ name: file.name, base64url: await readDataUrl(file) })),
            ),
          };
          update({ phase: "sending", percent: at(0) });
          const transport = uploadTransport({
            onProgress: ({ loaded, total }) =>
              update({ phase: "sending", percent: at(total > 0 ? (loaded / total) * UPLOAD_SHARE : 0) }),
            onUploaded: () => update({ phase: "reading", percent: at(UPLOAD_SHARE) }),
          });
          const answer = await api.request<ImportResult[]>("/api/block/import", body, {
            signal: current.signal,
            transport,
            timeoutMs: 0,
          });
          results.push(...answer);
        } catch (error) {
          if (current.signal.aborted || isAbort(error)) {
            update({ phase: "done", cancelled: true });
            break;
          }
          if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) {
            const notSent = files.slice(answered).map((file) => file.name);
            update({
              phase: "done",
              error: { message: error instanceof Error ? error.message : String(error), notSent },
            });
            break;
          }
          // The request was refused (a ZIP too large, too many entries): its files are invalid, with why.
          results.push(
            ...chosen.map((file) => ({ name: file.name, status: "invalid" as const, message: error.message })),
          );
        }
        answered += chosen.length;
        doneBytes += batchBytes;
        update({ percent: at(0) });
      }
      if (controller.current === current) controller.current = null;
      // a cancelled or broken import keeps the percent it reached
      setState((previous) => ({
        ...previous,
        phase: "done",
        percent: previous.cancelled || previous.error ? previous.percent : 100,
        results: [...results],
        answered,
      }));
      for (const queryKey of [["blocks"], ["business"], ["categorization"]])
        void queryClient.invalidateQueries({ queryKey });
    },
    [clientId, queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    setState(IDLE);
  }, []);
  return { state, start, cancel, reset };
}
