"use client";

import { useRef } from "react";

type Opener = { element: HTMLElement; scope: HTMLElement | null };

const DIALOG_SELECTOR = "[role=dialog], [role=alertdialog]";

/**
 * Focus goes back to whatever opened a Radix dialog when it closes (Escape, a close button, a click on
 * the overlay). Radix returns focus only to its own Dialog.Trigger; our drawers and dialogs are opened
 * from plain buttons (the header, a drawer row), so without this focus fell to <body>.
 * If the opener is gone by then (the operator just removed), focus goes to the dialog it lived in.
 * Spread the result on Dialog.Content.
 */
export function useReturnFocus() {
  const opener = useRef<Opener | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Radix calls this before moving focus in, so the active element is still the opener.
      const active = document.activeElement;
      opener.current =
        active instanceof HTMLElement && active !== document.body
          ? { element: active, scope: active.closest<HTMLElement>(DIALOG_SELECTOR) }
          : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target) return; // Radix's own behaviour (its Dialog.Trigger, if any)
      event.preventDefault();
      const destination = target.element.isConnected ? target.element : target.scope?.isConnected ? target.scope : null;
      destination?.focus({ preventScroll: true });
    },
  };
}
