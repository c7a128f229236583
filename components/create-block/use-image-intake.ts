"use client";

import { useEffect, useRef, useState } from "react";
import { MAX_BLOCK_IMAGES } from "@/lib/constants";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { addNew, makeNewImage, newClientRef, remaining, takeFiles, type Selection } from "./selection";

const t = businessPanelMessages;

export type SelectionUpdate = (update: (selection: Selection) => Selection) => void;

/**
 * Files chosen or photographed: only as many as still fit (13 minus the selection and those still being
 * prepared; the rest refused and said so), then downscaled one by one (one decoded photo in memory at a
 * time) and appended with a fresh client id as each is ready.
 */
export function useImageIntake(selection: Selection, update: SelectionUpdate) {
  const [preparing, setPreparing] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const failed = useRef(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const { taken, refused } = takeFiles(files, remaining(selection, preparing));
    failed.current = 0;
    setNotice(refused > 0 ? `${t.limitReached(MAX_BLOCK_IMAGES)} ${t.notAdded(refused)}` : null);
    setPreparing((count) => count + taken.length);
    for (const file of taken) {
      queue.current = queue.current.then(async () => {
        if (!alive.current) return;
        try {
          // The downscaler is fetched with the first image, not with the page (scripts/measure-first-load.mjs).
          const { prepareImage } = await import("@/lib/images/downscale");
          const image = await prepareImage(file);
          if (alive.current) update((current) => addNew(current, makeNewImage(newClientRef(), image, file.name)));
        } catch {
          failed.current += 1;
          if (alive.current) setNotice(t.unreadable(failed.current));
        } finally {
          if (alive.current) setPreparing((count) => count - 1);
        }
      });
    }
  };

  return { add, preparing, notice, clearNotice: () => setNotice(null) };
}
