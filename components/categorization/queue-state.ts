import type { CategorizationBlock, ToCategorizeAnswer } from "@/lib/api/categorization";
import type { BlockForm } from "@/components/blocks/block-form-rules";

// The categorization queue's state and its pure transitions (the loop that drives them:
// use-categorization-queue.ts).

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

export const INITIAL_QUEUE: QueueState = {
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
export const withoutSaving = (count: number, saving: ReadonlySet<number>) => Math.max(0, count - saving.size);

/**
 * What the screen finished: `saving`, the blocks whose save is on its way; `done`, the blocks saved,
 * reported or devolved, with how many tocategorize calls had started by then.
 */
export type Finished = { saving: ReadonlySet<number>; done: ReadonlyMap<number, number> };

/**
 * tocategorize's answer to call number `call`: a block being saved, or finished before that call
 * started, is not shown again (a later call's answer is the truth: a reported block comes back once
 * the client solves its pendency).
 */
export function answered(
  current: QueueState,
  answer: ToCategorizeAnswer,
  call: number,
  { saving, done }: Finished,
): QueueState {
  const stale = (block: CategorizationBlock) => saving.has(block.id) || (done.get(block.id) ?? 0) >= call;
  const candidates = [answer.block, answer.next].filter(
    (block): block is CategorizationBlock => block !== null && !stale(block),
  );
  const count = withoutSaving(answer.uncategorizedCount, saving);
  if (current.block === null) {
    const [block = null, next = null] = candidates;
    // nothing new while saves are on their way (their blocks, still claimed, fill the answer): the
    // refill that follows each save's end decides
    const status = block ? "ready" : saving.size > 0 ? "loading" : "empty";
    const heldBy = block ? [] : answer.heldBy;
    return { status, block, next, count, heldBy, error: null, notice: null, draft: null, nextDraft: null };
  }
  const shown = current.block;
  const next = candidates.find((block) => block.id !== shown.id) ?? null;
  // what was typed on `next` stays with it, not with another block the answer puts there
  const nextDraft =
    next !== null && next.id === current.next?.id && next.version === current.next.version ? current.nextDraft : null;
  return { ...current, status: "ready", next, nextDraft, count, heldBy: [], error: null };
}

/**
 * tocategorize failed: `refused` (409, another operator holds the client's contabilization) empties the
 * screen with `error`, as any failure does before a block shows; otherwise the block on screen stays.
 */
export function failed(current: QueueState, refused: boolean, error: string): QueueState {
  if (current.block !== null && !refused) return { ...current, next: null, nextDraft: null };
  return { ...current, status: "refused", block: refused ? null : current.block, next: null, nextDraft: null, error };
}

/** The block on screen is finished: `next` shows, with what had been typed on it. */
export function advanced(current: QueueState): QueueState {
  return {
    ...current,
    status: current.next ? "ready" : "loading",
    block: current.next,
    next: null,
    count: current.count === null ? null : Math.max(0, current.count - 1),
    error: null,
    notice: null,
    draft: current.nextDraft,
    nextDraft: null,
  };
}

/**
 * A save failed: `block` is back on screen with `notice` and `draft`; the block shown meanwhile becomes
 * `next` again, with what had been typed on it (`typed`, when it names that block).
 */
export function restored(
  current: QueueState,
  block: CategorizationBlock,
  notice: string,
  draft: BlockForm | null,
  typed: TypedForm | null,
): QueueState {
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
}
