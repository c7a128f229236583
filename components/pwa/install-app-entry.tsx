"use client";

import { Download } from "lucide-react";
import { useSyncExternalStore } from "react";
import { pwaMessages } from "@/lib/i18n/sections/pwa";
import { installPrompt } from "@/lib/pwa/install-prompt";

const never = () => false;

/**
 * 'Instalar aplicativo' in the business user's 'Conta' drawer: shown only while the browser offers to
 * install (it fired `beforeinstallprompt`); a press opens the browser's own install dialog.
 */
export function InstallAppEntry() {
  const available = useSyncExternalStore(installPrompt.subscribe, installPrompt.available, never);
  if (!available) return null;
  return (
    <button
      type="button"
      onClick={() => void installPrompt.prompt()}
      className={
        "flex w-full cursor-pointer items-center gap-1.5 rounded-theme border border-border px-2 py-1.5 " +
        "text-left hover:bg-surface-2"
      }
    >
      <Download aria-hidden="true" className="size-2.5 shrink-0 text-primary" />
      <span className="flex min-w-0 flex-col">
        <span className="text-base font-semibold">{pwaMessages.install}</span>
        <span className="text-sm text-muted">{pwaMessages.installHint}</span>
      </span>
    </button>
  );
}
