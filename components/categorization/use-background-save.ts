"use client";

import { useCallback, useRef } from "react";
import { useCategorizeSave, type CategorizationBlock } from "@/lib/api/categorization";
import { ApiError } from "@/lib/api/client";
import { categorizationScreenMessages } from "@/lib/i18n/sections/categorizationScreen";
import { toSaveBody, type BlockForm } from "@/components/blocks/block-form-rules";
import type { TypedForm } from "./queue-state";
import type { useCategorizationQueue } from "./use-categorization-queue";

type CategorizationQueue = ReturnType<typeof useCategorizationQueue>;

const t = categorizationScreenMessages;
/** Performance entries around 'Salvar Bloco' (docs/decisions/0125-categorization-screen.md). */
export const SAVE_MARK = "bloco:categorize-save";
export const SWAP_MEASURE = "bloco:categorize-swap";

// The schema that reads a refused save's fresh copy of the block pulls in zod (about 70 KiB of
// compressed script): it is fetched when the first save starts, never with the page.
let blockSchema: Promise<typeof import("@/lib/contract/categorization").categorizationBlockSchema> | null = null;
function loadBlockSchema() {
  blockSchema ??= import("@/lib/contract/categorization").then(
    (module) => module.categorizationBlockSchema,
    (error: unknown) => {
      // Not kept: a load that failed (offline, a deploy meanwhile) is tried again by the next save.
      blockSchema = null;
      throw error;
    },
  );
  return blockSchema;
}

/** The refused save's fresh block, when its answer carries one and the schema could be loaded. */
async function freshBlockOf(cause: unknown) {
  if (!(cause instanceof ApiError)) return null;
  try {
    return (await loadBlockSchema()).safeParse({ suggestion: null, ...(cause.details.block as object) });
  } catch {
    return null; // the block comes back as it was typed
  }
}

/**
 * 'Salvar Bloco' (click or Enter): the next block shows in this same render, the save runs behind it;
 * a failed save brings the block back (docs/decisions/0125-categorization-screen.md). Each save is its
 * own promise (mutateAsync): two quick saves of two blocks settle independently.
 */
export function useBackgroundSave(clientId: number, queue: CategorizationQueue, setStatus: (text: string) => void) {
  const save = useCategorizeSave(clientId);
  const { saveStarted, saved, restore, note } = queue;
  // What is typed on the block on screen: a failed save of the one before sends it back to `next`, and
  // it comes back with it (the queue's nextDraft).
  const typed = useRef<TypedForm | null>(null);
  const onTyped = useCallback((blockId: number, form: BlockForm) => {
    typed.current = { blockId, form };
  }, []);
  const onSave = useCallback(
    (block: CategorizationBlock, form: BlockForm) => {
      performance.mark(SAVE_MARK);
      loadBlockSchema().catch(() => undefined);
      const body = toSaveBody(block.id, form, block.version);
      saveStarted(block);
      setStatus(t.saved);
      save(body).then(
        () => saved(block.id),
        async (cause: unknown) => {
          // the block's notice (role alert) says what happened; 'Bloco salvo.' no longer holds
          setStatus("");
          const fresh = await freshBlockOf(cause);
          const text = cause instanceof Error ? cause.message : String(cause);
          if (fresh?.success && fresh.data.id === block.id) {
            if (fresh.data.contabilizedDatetime) {
              // nothing left to do on it: it left the queue, the screen says so on the block it shows
              saved(block.id);
              note(t.skippedContabilized);
              return;
            }
            // stale: the server's fresh copy (a new version) with its message
            restore(fresh.data, text, null, typed.current);
          } else {
            // lease held by another operator, a network failure…: the block as it was typed
            restore(block, text, form, typed.current);
          }
        },
      );
    },
    [save, saveStarted, saved, restore, note, setStatus],
  );
  return { onSave, onTyped };
}
