"use client";

import { useEffect, useState } from "react";
import { LOADING_DELAY_MS } from "@/lib/constants";

/**
 * True once `active` has stayed true for `delayMs` (spec §9 loading delay 500 ms): a loading indicator
 * shown through this never flashes on a fast answer. False again as soon as `active` is.
 */
export function useDelayed(active: boolean, delayMs: number = LOADING_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active, delayMs]);
  return active && shown;
}
