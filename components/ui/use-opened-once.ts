"use client";

import { useState } from "react";

/**
 * True from the first time `open` is true, for good. A dialog or drawer loaded lazily (lazyWhenOpen) is
 * rendered only from then on: its script (Radix, its forms) is fetched on the first open, not with the
 * page, and once there it stays mounted (its state and its closing animation as before).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
