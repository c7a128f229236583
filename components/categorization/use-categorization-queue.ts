"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import {
  fetchToCategorize,
  forgetImages,
  preloadBlockImages,
  usePrefetchAccounts,
  type CategorizationBlock,
  type ToCategorizeAnswer,
} from "@/lib/api/categorization";
import { ApiError } from "@/lib/api/client";
import { blockYearMonth, type BlockForm } from "@/components/blocks/block-form-rules";

// The categorization loop (docs/decisions/0124-categorization-queue-and-claims.md):
// tocategorize answers the block to show and the next one; the next one's images are fetched and
// decoded at once, so that after a save, a report or a devolve `advance()` shows it from memory, in the
// same render, and asks tocategorize again in the background for the new `next`. The caller's own
// claims come first in that answer, so its `block` is normally the one already on screen.

/** The form as typed on a block, as the screen last heard it. */
export type TypedForm = { blockId: number; form: BlockForm };

export type QueueStatus = "loading" | "ready" | "empty" | "refused";

export type QueueState = {
  status: QueueStatus;
  block: CategorizationBlock | null;
  next: CategorizationBlock | null;
  /** The queue's size as last answered (tocategorize or sync/block), null before the first answer. */
  count: number | null;
  /** With nothing to show: the colleagues whose claims hold the blocks still counted (tocategorize's heldBy). */
  heldBy: ToCategorizeAnswer["heldBy"];
  /** 'refused': the server's message (another operator contabilising the client), or a failed call. */
  error: string | null;
  /** A note about the block on screen (its fresh copy after a stale save), cleared by advance(). */
  notice: string | null;
  /** The form to show on the block instead of its own data (a failed save brought back as it was typed). */
  draft: BlockForm | null;
  /** The form typed on `next` when a failed save sent it back there: shown again when it comes back. */
  nextDraft: BlockForm | null;
};

const INITIAL: QueueState = {
  status: "loading",
  block: null,
  next: null,
  count: null,
  heldBy: [],
  error: null,
  notice: null,
  draft: null,
  nextDraft: null,
};

/** The server still counts a block whose save is on its way: the header counts it as gone. */
const withoutSaving = (count: number, saving: ReadonlySet<number>) => Math.max(0, count - saving.size);

const message = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

export function useCategorizationQueue(clientId: number) {
  const [state, setState] = useState<QueueState>(INITIAL);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  // Blocks this screen finished (saved, reported, devolved), with how many tocategorize calls had started
  // by then: an answer to one of those may still name them; a later call's answer is the truth (a
  // reported block comes back once the client solves its pendency).
  const done = useRef(new Map<number, number>());
  // Blocks whose save is on its way (the screen already shows the next one): never shown again by an
  // answer of tocategorize (the block is still uncategorised and claimed by the caller until it lands).
  const saving = useRef(new Set<number>());
  const calls = useRef(0);
  const inFlight = useRef(false);
  const again = useRef(false);
  const alive = useRef(true);
  const prefetchAccounts = usePrefetchAccounts(clientId);
  // The id of the last `next` whose images are all decoded (shown on the screen as data-next-ready).
  const [preloaded, setPreloaded] = useState<number | null>(null);

  const apply = useCallback((answer: ToCategorizeAnswer, call: number) => {
    const stale = (block: CategorizationBlock) =>
      saving.current.has(block.id) || (done.current.get(block.id) ?? 0) >= call;
    setState((current) => {
      const candidates = [answer.block, answer.next].filter(
        (block): block is CategorizationBlock => block !== null && !stale(block),
      );
      if (current.block === null) {
        const [block = null, next = null] = candidates;
        // nothing new while saves are on their way (their blocks, still claimed, fill the answer): the
        // refill that follows each save's end decides
        const status = block ? "ready" : saving.current.size > 0 ? "loading" : "empty";
        const heldBy = block ? [] : answer.heldBy;
        return {
          status,
          block,
          next,
          count: withoutSaving(answer.uncategorizedCount, saving.current),
          heldBy,
          error: null,
          notice: null,
          draft: null,
          nextDraft: null,
        };
      }
      const shown = current.block;
      const next = candidates.find((block) => block.id !== shown.id) ?? null;
      // what was typed on `next` stays with it, not with another block the answer puts there
      const nextDraft =
        next !== null && next.id === current.next?.id && next.version === current.next.version
          ? current.nextDraft
          : null;
      return {
        ...current,
        status: "ready",
        next,
        nextDraft,
        count: withoutSaving(answer.uncategorizedCount, saving.current),
        heldBy: [],
        error: null,
      };
    });
  }, []);

  /** Asks tocategorize; one call at a time, a request made meanwhile runs once the current one ends. */
  const refill = useCallback(async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        try {
          calls.current += 1;
          const call = calls.current;
          const answer = await fetchToCategorize(clientId);
          if (alive.current) apply(answer, call);
        } catch (cause) {
          if (!alive.current) return;
          // 409: another operator holds the client's contabilization (read-only for everyone else)
          const refused = cause instanceof ApiError && cause.status === 409;
          setState((current) =>
            current.block === null || refused
              ? {
                  ...current,
                  status: "refused",
                  block: refused ? null : current.block,
                  next: null,
                  nextDraft: null,
                  error: message(cause),
                }
              : { ...current, next: null, nextDraft: null },
          );
        }
      } while (again.current && alive.current);
    } finally {
      inFlight.current = false;
    }
  }, [apply, clientId]);

  useEffect(() => {
    alive.current = true;
    void refill();
    return () => {
      alive.current = false;
      forgetImages([]);
    };
  }, [refill]);

  // The next block's images and account lists are fetched as soon as it is known.
  const nextId = state.next?.id ?? null;
  useEffect(() => {
    const { block, next } = stateRef.current;
    forgetImages([block, next]);
    if (!next) return;
    void preloadBlockImages(next).then(() => {
      if (alive.current) setPreloaded(next.id);
    });
    const { year, month } = blockYearMonth(next);
    prefetchAccounts(year, month);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per next block
  }, [nextId]);

  /** The block on screen is finished: `next` shows now, the prefetch is refilled in the background. */
  const advance = useCallback(
    (refillNow = true) => {
      const finished = stateRef.current.block;
      if (finished) done.current.set(finished.id, calls.current);
      setState((current) => ({
        ...current,
        status: current.next ? "ready" : "loading",
        block: current.next,
        next: null,
        count: current.count === null ? null : Math.max(0, current.count - 1),
        error: null,
        notice: null,
        draft: current.nextDraft,
        nextDraft: null,
      }));
      // during a save tocategorize would answer the saved block again (still claimed): saved() refills
      if (refillNow) void refill();
    },
    [refill],
  );

  /**
   * 'Salvar Bloco' on the block on screen: `next` shows now (same render) while the save runs; the
   * caller ends it with saved() or restore(). Until then no tocategorize answer shows the block again.
   */
  const saveStarted = useCallback(
    (block: CategorizationBlock) => {
      saving.current.add(block.id);
      advance(false);
    },
    [advance],
  );

  /** The save landed (or the block left the queue for good): the prefetch is asked again. */
  const saved = useCallback(
    (blockId: number) => {
      saving.current.delete(blockId);
      done.current.set(blockId, calls.current);
      // while it was on its way no refill ran (the answer would have named it: the caller's claims sort first)
      if (stateRef.current.next === null) void refill();
    },
    [refill],
  );

  /**
   * The save failed: `block` (the one saved, with `draft` as typed; or the server's fresh copy after a
   * stale save) is back on screen with `notice`; the block shown meanwhile becomes `next` again, with
   * what had been typed on it (`typed`, the screen's last form of the block it shows), which it shows
   * again when it comes back.
   */
  const restore = useCallback(
    (block: CategorizationBlock, notice: string, draft: BlockForm | null, typed: TypedForm | null = null) => {
      saving.current.delete(block.id);
      done.current.delete(block.id);
      setState((current) => {
        const sentBack = current.block !== null && current.block.id !== block.id;
        return {
          ...current,
          status: "ready",
          block,
          next: sentBack ? current.block : current.next,
          nextDraft: sentBack
            ? typed !== null && typed.blockId === current.block?.id
              ? typed.form
              : null
            : current.nextDraft,
          count: current.count === null ? null : current.count + 1,
          error: null,
          notice,
          draft,
        };
      });
      void refill();
    },
    [refill],
  );

  /** A message about the queue shown on the block on screen (a block saved meanwhile that left it). */
  const note = useCallback((notice: string) => {
    setState((current) => (current.block ? { ...current, notice } : current));
  }, []);

  /**
   * The poll's count: when it says the queue holds more than the screen has (a block sent or solved
   * meanwhile, while the screen had no `next` or showed the empty text), tocategorize is asked again.
   */
  const onCount = useCallback(
    (answered: number) => {
      const count = withoutSaving(answered, saving.current);
      const { block, next, status } = stateRef.current;
      setState((current) => (current.count === count ? current : { ...current, count }));
      const held = (block ? 1 : 0) + (next ? 1 : 0);
      if ((status === "ready" || status === "empty") && next === null && count > held) void refill();
    },
    [refill],
  );

  const retry = useCallback(() => {
    setState(INITIAL);
    void refill();
  }, [refill]);

  return { state, preloaded, advance, saveStarted, saved, restore, note, onCount, retry };
}
