import {
  advanced,
  answered,
  failed,
  INITIAL_QUEUE,
  restored,
  type QueueState,
} from "@/components/categorization/queue-state";
import type { CategorizationBlock, ToCategorizeAnswer } from "@/lib/api/categorization";
import type { BlockForm } from "@/components/blocks/block-form-rules";

// The categorization queue's transitions: which block shows, which waits as `next`, what was typed on
// each, and the count the header shows.

const block = (id: number, version = 1) => ({ id, version }) as unknown as CategorizationBlock;
const form = (accountId: number): BlockForm => ({ day: 1, month: 1, year: 2026, accountId, cents: 100 });
const operator = { name: "Ana", pictureUrl: null } as unknown as ToCategorizeAnswer["heldBy"][number];
const answer = (
  shown: CategorizationBlock | null,
  next: CategorizationBlock | null,
  uncategorizedCount: number,
  heldBy: ToCategorizeAnswer["heldBy"] = [],
) => ({ block: shown, next, uncategorizedCount, heldBy }) as ToCategorizeAnswer;
const none = { saving: new Set<number>(), done: new Map<number, number>() };
const showing = (extra: Partial<QueueState>): QueueState => ({ ...INITIAL_QUEUE, status: "ready", ...extra });

describe("a tocategorize answer", () => {
  test("on an empty screen shows its block and keeps its next", () => {
    expect(answered(INITIAL_QUEUE, answer(block(1), block(2), 5), 1, none)).toEqual({
      ...INITIAL_QUEUE,
      status: "ready",
      block: block(1),
      next: block(2),
      count: 5,
    });
  });

  test("skips the blocks being saved, and those finished before the call started", () => {
    const finished = { saving: new Set([1]), done: new Map([[2, 3]]) };
    const state = answered(INITIAL_QUEUE, answer(block(1), block(2), 4), 3, finished);
    expect(state).toMatchObject({ status: "loading", block: null, next: null, count: 3 });
    // a later call's answer names the finished block again (its pendency solved): it shows
    expect(answered(INITIAL_QUEUE, answer(block(2), null, 1), 4, none)).toMatchObject({ block: block(2) });
  });

  test("with nothing to show and no save on its way: empty, with the colleagues holding blocks", () => {
    expect(answered(INITIAL_QUEUE, answer(null, null, 2, [operator]), 1, none)).toMatchObject({
      status: "empty",
      count: 2,
      heldBy: [operator],
    });
  });

  test("beside a block on screen only sets next; what was typed on next stays only with the same copy", () => {
    const current = showing({ block: block(1), next: block(2), nextDraft: form(7), notice: "nota" });
    expect(answered(current, answer(block(1), block(2), 3), 1, none)).toMatchObject({
      block: block(1),
      next: block(2),
      nextDraft: form(7),
      notice: "nota",
    });
    expect(answered(current, answer(block(1), block(2, 2), 3), 1, none).nextDraft).toBeNull();
    expect(answered(current, answer(block(3), null, 3), 1, none)).toMatchObject({ next: block(3), nextDraft: null });
  });
});

describe("a failed tocategorize", () => {
  test("a 409 empties the screen with the server's message", () => {
    const current = showing({ block: block(1), next: block(2), nextDraft: form(1) });
    expect(failed(current, true, "Em contabilização")).toMatchObject({
      status: "refused",
      block: null,
      next: null,
      nextDraft: null,
      error: "Em contabilização",
    });
  });

  test("any other failure keeps the block on screen, drops next; refused when nothing shows", () => {
    const current = showing({ block: block(1), next: block(2) });
    expect(failed(current, false, "falhou")).toMatchObject({
      status: "ready",
      block: block(1),
      next: null,
      error: null,
    });
    expect(failed(INITIAL_QUEUE, false, "falhou")).toMatchObject({ status: "refused", error: "falhou" });
  });
});

test("advancing shows next with its draft and counts the finished block as gone", () => {
  const current = showing({ block: block(1), next: block(2), nextDraft: form(3), count: 1, notice: "nota" });
  expect(advanced(current)).toMatchObject({
    status: "ready",
    block: block(2),
    next: null,
    draft: form(3),
    nextDraft: null,
    count: 0,
    notice: null,
  });
  expect(advanced(showing({ block: block(1), count: 0 }))).toMatchObject({ status: "loading", block: null, count: 0 });
  expect(advanced(showing({ block: block(1) })).count).toBeNull();
});

describe("a failed save", () => {
  test("brings its block back and sends the block shown meanwhile back to next with what was typed on it", () => {
    const current = showing({ block: block(2), next: block(3), count: 4 });
    expect(restored(current, block(1), "Conflito", form(1), { blockId: 2, form: form(2) })).toMatchObject({
      status: "ready",
      block: block(1),
      next: block(2),
      nextDraft: form(2),
      draft: form(1),
      notice: "Conflito",
      count: 5,
    });
    expect(restored(current, block(1), "Conflito", null, { blockId: 9, form: form(9) }).nextDraft).toBeNull();
  });

  test("on the block still on screen keeps next and its draft", () => {
    const current = showing({ block: block(1), next: block(2), nextDraft: form(2) });
    expect(restored(current, block(1, 2), "Atualizado", null, null)).toMatchObject({
      block: block(1, 2),
      next: block(2),
      nextDraft: form(2),
      count: null,
    });
  });
});
