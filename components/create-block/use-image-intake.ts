"use client";

import { useEffect, useRef, useState } from "react";
import { IMAGE_DATA_URL_MAX, MAX_BLOCK_IMAGES } from "@/lib/constants";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import {
  addNew,
  isPdfHead,
  makeNewImage,
  makeNewPdf,
  newClientRef,
  remaining,
  takeFiles,
  type NewImage,
  type Selection,
} from "./selection";

const t = businessPanelMessages;
const PDF_MIME = "application/pdf";

export type SelectionUpdate = (update: (selection: Selection) => Selection) => void;

/**
 * Files chosen, dropped or photographed: only as many as still fit (13 minus the selection and those
 * still being prepared; the rest refused and said so), then downscaled one by one (one decoded photo in
 * memory at a time) and appended with a fresh client id as each is ready. A PDF (by its first bytes) is
 * read as it is, one entry; one too large to send is refused here, naming it.
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
          const entry = await prepare(file);
          if (typeof entry === "string") {
            if (alive.current) setNotice(entry);
          } else if (alive.current) update((current) => addNew(current, entry));
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

/** A chosen file ready for the selection, or the pt-BR reason it cannot be sent. */
async function prepare(file: File): Promise<NewImage | string> {
  // The downscaler is fetched with the first image, not with the page (scripts/measure-first-load.mjs).
  const { blobToDataUrl, dataUrlLength, prepareImage } = await import("@/lib/images/downscale");
  if (isPdfHead(new Uint8Array(await file.slice(0, 5).arrayBuffer()))) {
    // The server's limit is on the data URL's characters: measured before reading the file.
    if (dataUrlLength(file.size, PDF_MIME) > IMAGE_DATA_URL_MAX) return t.pdfTooLarge(file.name || t.pdfUnnamed);
    return makeNewPdf(newClientRef(), await blobToDataUrl(file), file.name);
  }
  return makeNewImage(newClientRef(), await prepareImage(file), file.name);
}
