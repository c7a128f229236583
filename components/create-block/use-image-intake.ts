"use client";

import { useEffect, useRef, useState } from "react";
import { IMAGE_DATA_URL_MAX, MAX_BLOCK_IMAGES } from "@/lib/constants";
import type { Size } from "@/lib/images/downscale";
import type { QualityReason } from "@/lib/images/quality";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import {
  addNew,
  isPdfHead,
  makeNewImage,
  makeNewPdf,
  newClientRef,
  remaining,
  replaceNew,
  setQuality,
  takeFiles,
  type NewImage,
  type Selection,
} from "./selection";

const t = businessPanelMessages;
const PDF_MIME = "application/pdf";

export type SelectionUpdate = (update: (selection: Selection) => Selection) => void;
/** A photo the quality check flagged, the last one: what the strip announces. */
export type Flagged = { key: string; reasons: QualityReason[] };
/** The photo as the downscale decoded it, to hand to the quality check (or close). */
type Check = { bitmap: ImageBitmap; original: Size };
type Prepared = { entry: NewImage; check: Check | null };

/**
 * Files chosen, dropped or photographed: only as many as still fit (13 minus the selection and those
 * still being prepared; the rest refused and said so), then downscaled one by one (one decoded photo in
 * memory at a time) and appended with a fresh client id as each is ready. A PDF (by its first bytes) is
 * read as it is, one entry; one too large to send is refused here, naming it. Each photo, once
 * prepared, is checked (lib/images/quality-check.ts, a worker) before it joins the selection and before
 * the next file is prepared (at most CHECK_WAIT_MS): the verdict flags the photo, which stays selected.
 * `replace` ('Tirar outra') prepares a file in the place of a photo.
 */
export function useImageIntake(selection: Selection, update: SelectionUpdate) {
  const [preparing, setPreparing] = useState(0);
  const [replacing, setReplacing] = useState<readonly string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [flagged, setFlagged] = useState<Flagged | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const failed = useRef(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** The verdict on a photo: the reasons it is flagged (none: fine), null when it could not be checked. */
  const verdictOf = ({ bitmap, original }: Check): Promise<QualityReason[] | null> =>
    // The checker and its worker are fetched with the first photo, not with the page.
    import("@/lib/images/quality-check")
      .then(
        ({ checkPhotoQuality }) => checkPhotoQuality(bitmap, original),
        () => {
          bitmap.close(); // the checker could not be fetched: not checked
          return null;
        },
      )
      .catch(() => null); // not checked: not flagged

  const flag = (key: string, reasons: QualityReason[] | null) => {
    if (!alive.current || reasons === null) return;
    update((current) => setQuality(current, key, reasons));
    if (reasons.length > 0) setFlagged({ key, reasons });
  };

  /** Prepares `file` in the queue, then `place`s it in the selection. */
  const enqueue = (file: File, place: (entry: NewImage) => void, done: () => void) => {
    queue.current = queue.current.then(async () => {
      if (!alive.current) return;
      try {
        const prepared = await prepare(file);
        if (typeof prepared === "string") {
          if (alive.current) setNotice(prepared);
        } else if (!alive.current) prepared.check?.bitmap.close();
        else if (!prepared.check) place(prepared.entry);
        else {
          // The photo is checked before it joins the strip and before the next file is prepared: the
          // page stays idle meanwhile, so neither the strip's render nor the next photo's decode and
          // encode slow the check or its answer (decision 0345), and one decoded photo at a time stays
          // in memory. A check slower than CHECK_WAIT_MS lets the photo in and flags it when it answers.
          const { entry } = prepared;
          const verdict = verdictOf(prepared.check);
          const early = await settledWithin(verdict, CHECK_WAIT_MS);
          if (!alive.current) return;
          place(entry);
          if (early) flag(entry.key, early.value);
          else void verdict.then((reasons) => flag(entry.key, reasons));
        }
      } catch {
        failed.current += 1;
        if (alive.current) setNotice(t.unreadable(failed.current));
      } finally {
        if (alive.current) done();
      }
    });
  };

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const { taken, refused } = takeFiles(files, remaining(selection, preparing));
    failed.current = 0;
    setNotice(refused > 0 ? `${t.limitReached(MAX_BLOCK_IMAGES)} ${t.notAdded(refused)}` : null);
    setPreparing((count) => count + taken.length);
    for (const file of taken)
      enqueue(
        file,
        (entry) => update((current) => addNew(current, entry)),
        () => setPreparing((count) => count - 1),
      );
  };

  const replace = (key: string, file: File) => {
    failed.current = 0;
    setNotice(null);
    setReplacing((keys) => [...keys, key]);
    enqueue(
      file,
      (entry) => update((current) => replaceNew(current, key, entry)),
      () => setReplacing((keys) => keys.filter((other) => other !== key)),
    );
  };

  return {
    add,
    replace,
    preparing,
    replacing,
    notice,
    flagged,
    clearNotice: () => {
      setNotice(null);
      setFlagged(null);
    },
  };
}

/**
 * How long a photo waits for its check before it joins the strip anyway (and the next file is
 * prepared): a check takes tens of milliseconds; a worker that stalls must not hold the photos back.
 */
export const CHECK_WAIT_MS = 1500;

/** `promise`'s value if it settles within `ms`, else null (it goes on). */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise.then((value) => ({ value })), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A chosen file ready for the selection (a photo with what its quality check needs), or the pt-BR reason it cannot be sent. */
async function prepare(file: File): Promise<Prepared | string> {
  // The downscaler is fetched with the first image, not with the page (scripts/measure-first-load.mjs).
  const { blobToDataUrl, dataUrlLength, prepareImage } = await import("@/lib/images/downscale");
  if (isPdfHead(new Uint8Array(await file.slice(0, 5).arrayBuffer()))) {
    // The server's limit is on the data URL's characters: measured before reading the file.
    if (dataUrlLength(file.size, PDF_MIME) > IMAGE_DATA_URL_MAX) return t.pdfTooLarge(file.name || t.pdfUnnamed);
    return { entry: makeNewPdf(newClientRef(), await blobToDataUrl(file), file.name), check: null };
  }
  // The checker's worker starts while this photo is decoded and encoded (its first check waits for it).
  void import("@/lib/images/quality-check").then(
    ({ startQualityCheck }) => startQualityCheck(),
    () => undefined, // not fetched: the photo is not checked (verdictOf)
  );
  const { image, bitmap, original } = await prepareImage(file);
  return { entry: makeNewImage(newClientRef(), image, file.name), check: { bitmap, original } };
}
