"use client";

import { useState, type KeyboardEvent } from "react";
import { stepZoom } from "./block-form-rules";
import { isTyping } from "./viewer-parts";

/**
 * The block's images in the viewer (the dialog's and the categorization screen's): which of `total` shows
 * and its zoom level (back to none on another image), and the keys outside the fields: ←/→ images
 * (wrapping), +/- zoom.
 */
export function useImageNavigation(total: number) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(0);
  const current = Math.min(index, Math.max(0, total - 1));

  const show = (image: number) => {
    setIndex(image);
    setZoom(0);
  };
  const go = (step: 1 | -1) => {
    if (total < 2) return;
    show((current + step + total) % total);
  };
  const zoomStep = (step: 1 | -1) => setZoom((level) => stepZoom(level, step));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "+" || event.key === "=") zoomStep(1);
    else if (event.key === "-" || event.key === "_") zoomStep(-1);
    else return;
    event.preventDefault();
  };

  return { current, zoom, show, go, zoomStep, onKeyDown };
}
