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
import {
  advanced,
  answered,
  failed,
  INITIAL_QUEUE,
  restored,
  withoutSaving,
  type QueueState,
  type TypedForm,
} from "./queue-state";

// The categorization loop (docs/decisions/0124-categorization-queue-and-claims.md):
// tocategorize answers the block to show and the next one; the next one's images are fetched and
// decoded at once, so that after a save, a report or a devolve `advance()` shows it from memory, in the
// same render, and asks tocategorize again in the background for the new `next`. The caller's own
// claims come first in that answer, so its `block` is normally the one already on screen.

const message = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

export function useCategorizationQueue(clientId: number) {
  const [state, setState] = useState<QueueState>(INITIAL_QUEUE);
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
    setState((current) => answered(current, answer, call, { saving: saving.current, done: done.current }));
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
          setState((current) => failed(current, refused, message(cause)));
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
      setState(advanced);
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
      setState((current) => restored(current, block, notice, draft, typed));
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
    setState(INITIAL_QUEUE);
    void refill();
  }, [refill]);

  return { state, preloaded, advance, saveStarted, saved, restore, note, onCount, retry };
}
