"use client";

import { useEffect } from "react";
import { followSystemTheme } from "./theme";

/** Keeps the theme class in step with the system setting and with other tabs. */
export function ThemeSync() {
  useEffect(() => followSystemTheme(), []);
  return null;
}
