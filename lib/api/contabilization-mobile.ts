import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { POLL_INTERVAL_MS } from "@/lib/constants";
import type { Block } from "@/lib/contract/blocks";
import type {
  BlockContabilizeAnswer,
  ContabilizationMonth,
  ContabilizationSessionAnswer,
} from "@/lib/contract/contabilization";
import { api } from "./api";
import { ApiError } from "./client";

// The phone's side of the QR hand-off (
// docs/decisions/0127-qr-link-and-phone-session.md). No bearer token and no login: the one-time LINK token of
// the address is exchanged once by
// /init for a mobile SESSION token, which every later call sends as `link` in its body. The session
// lives in this module's memory only (never storage, never the address): the three mobile pages share
// it across client-side navigations, and a reload loses it, which asks for a new scan (spec §2).

const PUBLIC = { auth: false } as const;

export type MobileOperator = { id: number; name: string; pictureUrl: string | null };
export type MobileClient = { id: number; name: string; pictureUrl: string | null };

export type MobileState =
  | { status: "none" }
  | { status: "opening" }
  | {
      status: "ready";
      session: string;
      operator: MobileOperator;
      client: MobileClient;
      year: number;
      month: number;
      /** The chosen account; null until one is picked, and again after the month or year changes. */
      accountId: number | null;
      /** What init answered for its month: the first paint before the first poll. */
      opened: ContabilizationMonth;
      openedAt: number;
    }
  /** The link or the session is no good: the server's message, shown on the 'scan again' page. */
  | { status: "ended"; message: string; httpStatus: number };

type Listener = () => void;

let state: MobileState = { status: "none" };
const listeners = new Set<Listener>();
/** One exchange per link token, whoever asks (a second mount of the page must not burn a second try). */
const exchanges = new Map<string, Promise<void>>();

function setState(next: MobileState): void {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => state;
const NONE: MobileState = { status: "none" };
const getServerSnapshot = () => NONE;

/** The mobile session as the pages see it (re-renders on every change). */
export function useMobileSession(): MobileState {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export const mobileSession = {
  get: getSnapshot,
  /** POST /api/operator/contabilization/init, once per link token: 410 used/expired, 404 unknown, 429. */
  open(link: string): Promise<void> {
    const known = exchanges.get(link);
    if (known) return known;
    setState({ status: "opening" });
    const exchange = api
      .request<ContabilizationSessionAnswer>("/api/operator/contabilization/init", { link }, PUBLIC)
      .then((answer) =>
        setState({
          status: "ready",
          session: answer.session,
          operator: { id: answer.id, name: answer.name, pictureUrl: answer.pictureUrl },
          client: answer.client,
          year: answer.contabilization.year,
          month: answer.contabilization.month,
          accountId: null,
          opened: answer.contabilization,
          openedAt: Date.now(),
        }),
      )
      .then(endOnPageHide)
      .catch((error: unknown) => mobileSession.fail(error));
    exchanges.set(link, exchange);
    return exchange;
  },
  /** Month or year changed: the chosen account resets (spec §2). */
  setPeriod(year: number, month: number): void {
    if (state.status !== "ready") return;
    setState({ ...state, year, month, accountId: null });
  },
  setAccount(accountId: number | null): void {
    if (state.status !== "ready") return;
    setState({ ...state, accountId });
  },
  /** The session is over for good (used link, ended session): forget the token. */
  fail(error: unknown): void {
    const status = error instanceof ApiError ? error.status : 0;
    const message = error instanceof Error ? error.message : String(error);
    setState({ status: "ended", message, httpStatus: status });
  },
};

let endRegistered = false;

/**
 * Closing or reloading the page ends the session on the server too (POST /end, `keepalive` so it
 * outlives the page): the token in memory is gone with the page anyway, and nothing should stay valid
 * for 12 hours that nobody holds. Client-side navigation between the three pages fires no pagehide.
 */
function endOnPageHide(): void {
  if (endRegistered || typeof window === "undefined") return;
  endRegistered = true;
  window.addEventListener("pagehide", () => {
    if (state.status !== "ready") return;
    const body = JSON.stringify({ link: state.session });
    void fetch("/api/operator/contabilization/end", {
      method: "POST",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body,
    }).catch(() => {});
    setState({ status: "none" });
  });
}

/** Whether an error means the link or the session is no longer usable (the 'scan again' page). */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 404 || error.status === 410);
}

export const mobileKeys = {
  month: (session: string, year: number, month: number) =>
    ["contabilization-mobile", "month", session, year, month] as const,
  history: (session: string, year: number, month: number, accountId: number) =>
    ["contabilization-mobile", "history", session, year, month, accountId] as const,
};

/**
 * POST /api/operator/contabilization/mobile every POLL_INTERVAL_MS while the page is visible: renews
 * the operator's lease and refreshes the month (409 while another operator holds it; 401 session ended).
 */
export function useMobileMonth(
  session: string,
  year: number,
  month: number,
  opened: ContabilizationMonth,
  openedAt: number,
) {
  const seeded = opened.year === year && opened.month === month;
  return useQuery({
    queryKey: mobileKeys.month(session, year, month),
    queryFn: ({ signal }) =>
      api.request<ContabilizationMonth>(
        "/api/operator/contabilization/mobile",
        { link: session, year, month },
        { ...PUBLIC, signal },
      ),
    initialData: seeded ? opened : undefined,
    initialDataUpdatedAt: seeded ? openedAt : undefined,
    // init's own answer is as fresh as a poll: the next poll refreshes it, not a second ask at once
    // (which made the phone's first screen wait for a round trip that changed nothing). Any other
    // answer is stale at once, as before (a page opened again asks).
    staleTime: (query) => (seeded && query.state.dataUpdatedAt === openedAt ? POLL_INTERVAL_MS : 0),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}

/** POST /api/operator/contabilization/history: the account's contabilised blocks of the month. */
export function useMobileHistory(session: string, year: number, month: number, accountId: number) {
  return useQuery({
    queryKey: mobileKeys.history(session, year, month, accountId),
    queryFn: ({ signal }) =>
      api.request<Block[]>(
        "/api/operator/contabilization/history",
        { link: session, year, month, accountId },
        { ...PUBLIC, signal },
      ),
    staleTime: 0,
  });
}

/** POST /api/block/contabilize {blockId, link: session, undo?}: the answer's month replaces the cached one. */
export function useMobileContabilize(session: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ blockId, undo = false }: { blockId: number; undo?: boolean }) => {
      // A poll still in flight would land after the posting's answer and show the posted block as
      // next again (as the desk does, it is cancelled first; the next poll asks afresh).
      await queryClient.cancelQueries({ queryKey: ["contabilization-mobile", "month", session] });
      return api.request<BlockContabilizeAnswer>("/api/block/contabilize", { blockId, link: session, undo }, PUBLIC);
    },
    onSuccess: ({ contabilization }) => {
      queryClient.setQueryData(mobileKeys.month(session, contabilization.year, contabilization.month), contabilization);
      void queryClient.invalidateQueries({ queryKey: ["contabilization-mobile", "history", session] });
    },
  });
}
