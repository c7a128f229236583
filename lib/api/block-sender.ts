import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { POLL_INTERVAL_MS } from "@/lib/constants";
import type {
  BlockCreateBody,
  GalleryDocument,
  Library,
  PendencySolveBody,
  PendencySyncAnswer,
  PendencyToSolveAnswer,
  SentBlock,
} from "@/lib/contract/business";
import { api } from "./api";
import { useLeaveScreen } from "./leave-screen";
import { ApiError } from "./client";

// The calls of Criar bloco and Blocos com pendencia: the galleries, deleting a gallery
// document, sending a block and solving a pendency (both uploads with progress, through the API client
// with an XMLHttpRequest transport), the pendency queue, and the presence on the pendency screen
// (polled while open and visible, unsynced on leaving). Keys: ["library", …], ["pendency", …]; a send or
// a solve also refreshes ["blocks"] and ["business"] (the business home and Blocos enviados).

export type { GalleryDocument, Library, PendencyToSolveAnswer, PendencySyncAnswer };

export const blockSenderKeys = {
  library: ["library"] as const,
  libraries: ["library", "all"] as const,
  documents: (operatorId: number | null) => ["library", "documents", operatorId ?? "mine"] as const,
  toSolve: ["pendency", "tosolve"] as const,
  sync: ["pendency", "sync"] as const,
};

/** GET /api/library/all: 'Minha galeria' (key '') first, then the colleagues who share theirs. */
export function useLibraries() {
  return useQuery({
    queryKey: blockSenderKeys.libraries,
    queryFn: ({ signal }) => api.request<Library[]>("/api/library/all", undefined, { signal }),
  });
}

/** A library's key as the documents call wants it: '' is the caller's own (null). */
export const libraryOperatorId = (key: string): number | null => (key === "" ? null : Number(key));

/** POST /api/library/documents {operatorId}: newest first, rescued ones flagged. */
export function useLibraryDocuments(operatorId: number | null) {
  return useQuery({
    queryKey: blockSenderKeys.documents(operatorId),
    queryFn: ({ signal }) => api.request<GalleryDocument[]>("/api/library/documents", { operatorId }, { signal }),
    staleTime: 0,
  });
}

/** POST /api/document/remove {documentId}: permanent; the galleries refresh. */
export function useRemoveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) => api.request<unknown>("/api/document/remove", { documentId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockSenderKeys.library }),
  });
}

// ---------------------------------------------------------------- uploads

export type UploadPhase = "idle" | "uploading" | "processing" | "waiting";
export type UploadState = {
  phase: UploadPhase;
  /** 0..1 of the body sent, null before the first event. */ progress: number | null;
};

/** The upload gate answered 429: wait its Retry-After (seconds), within these bounds, at most MAX_GATE_WAITS times. */
export const MAX_GATE_WAITS = 5;
export const GATE_WAIT_MIN_MS = 1_000;
export const GATE_WAIT_MAX_MS = 30_000;

export function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1_000 : GATE_WAIT_MIN_MS;
  return Math.min(GATE_WAIT_MAX_MS, Math.max(GATE_WAIT_MIN_MS, ms));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * One upload at a time to `path` with its progress. The same body sent again (Tentar novamente) carries
 * the same client ids, so the server creates the block once. Leaving the page aborts it.
 */
function useUpload<TBody, TAnswer>(path: string) {
  const [state, setState] = useState<UploadState>({ phase: "idle", progress: null });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (body: TBody): Promise<TAnswer> => {
      // The XMLHttpRequest transport is fetched with the first send, not with the page.
      const { uploadTransport } = await import("./upload-transport");
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      let retryAfter: string | null = null;
      const xhr = uploadTransport({
        onProgress: ({ loaded, total }) =>
          setState({ phase: "uploading", progress: total > 0 ? loaded / total : null }),
        onUploaded: () => setState({ phase: "processing", progress: 1 }),
      });
      const transport: typeof xhr = async (url, init) => {
        const response = await xhr(url, init);
        retryAfter = response.headers.get("Retry-After");
        return response;
      };
      setState({ phase: "uploading", progress: 0 });
      try {
        for (let waits = 0; ; waits += 1) {
          try {
            return await api.request<TAnswer>(path, body, { signal: current.signal, transport, timeoutMs: 0 });
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 429) || waits >= MAX_GATE_WAITS) throw error;
            setState({ phase: "waiting", progress: null });
            await sleep(retryAfterMs(retryAfter), current.signal);
            setState({ phase: "uploading", progress: 0 });
          }
        }
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setState({ phase: "idle", progress: null });
        }
      }
    },
    [path],
  );
  return { send, state };
}

/**
 * Not awaited: the caller's own onSuccess (clear the selection, say 'Pendência resolvida!') must run
 * before the refetched pendency replaces — unmounts — the panel that sent it.
 */
function useRefreshAfterSend() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [blockSenderKeys.library, ["pendency"], ["blocks"], ["business"]])
      void queryClient.invalidateQueries({ queryKey });
  };
}

/** POST /api/block/create: the spec's array body; answers the block as Blocos enviados shows it. */
export function useSendBlock() {
  const upload = useUpload<BlockCreateBody, SentBlock>("/api/block/create");
  const refresh = useRefreshAfterSend();
  const mutation = useMutation({ mutationFn: upload.send, onSuccess: () => refresh() });
  return { ...mutation, upload: upload.state };
}

/** POST /api/pendency/solve {pendencyId, documents, removedDocuments}; then the next pendency loads. */
export function useSolvePendency() {
  const upload = useUpload<PendencySolveBody, { pendencyId: number; blockId: number; pendencyNumber: number }>(
    "/api/pendency/solve",
  );
  const refresh = useRefreshAfterSend();
  const mutation = useMutation({ mutationFn: upload.send, onSuccess: () => refresh() });
  return { ...mutation, upload: upload.state };
}

// ---------------------------------------------------------------- the pendency queue

/**
 * POST /api/pendency/tosolve {open?}: the head of the company's queue (or the one chosen in its list), the
 * open count and the list.
 */
export function useToSolve(chosen: number | null = null, openBlock: number | null = null) {
  const body = chosen !== null ? { open: chosen } : openBlock !== null ? { openBlock } : {};
  return useQuery({
    queryKey:
      openBlock === null ? [...blockSenderKeys.toSolve, chosen] : [...blockSenderKeys.toSolve, chosen, openBlock],
    queryFn: ({ signal }) => api.request<PendencyToSolveAnswer>("/api/pendency/tosolve", body, { signal }),
    staleTime: 0,
  });
}

/** Proximo: POST /api/pendency/tosolve {next: true, pendencyId}: that one goes to the end of the queue. */
export function useSkipPendency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pendencyId: number) =>
      api.request<PendencyToSolveAnswer>("/api/pendency/tosolve", { next: true, pendencyId }),
    onSuccess: (answer) => queryClient.setQueryData([...blockSenderKeys.toSolve, null], answer),
  });
}

const SYNC_PATH = "/api/operator/sync/pendency";
const UNSYNC_PATH = "/api/operator/unsync/pendency";

/**
 * POST /api/operator/sync/pendency every POLL_INTERVAL_MS while the screen is open and the tab visible
 * (TanStack pauses hidden tabs); on leaving, POST /api/operator/unsync/pendency — through the client when
 * the screen unmounts, with a keepalive fetch when the page itself goes away (pagehide).
 */
export function usePendencyPresence() {
  useLeaveScreen(UNSYNC_PATH, {}, blockSenderKeys.sync);
  return useQuery({
    queryKey: blockSenderKeys.sync,
    queryFn: ({ signal }) => api.request<PendencySyncAnswer>(SYNC_PATH, {}, { signal }),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
