"use client";

import { useSyncExternalStore } from "react";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Switch } from "@/components/ui/switch";
import { chooseTheme } from "./theme";

// The theme is the class on <html> (set before paint, kept in step by ThemeSync): observe it.
const subscribe = (listener: () => void) => {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
};
const isDark = () => document.documentElement.classList.contains("dark");

/** 'Modo Escuro': the choice is kept on the device (components/shell/theme.ts). */
export function DarkModeSwitch() {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  return (
    <Switch
      label={commonMessages.darkMode}
      checked={dark}
      onCheckedChange={(on) => chooseTheme(on ? "dark" : "light")}
    />
  );
}
