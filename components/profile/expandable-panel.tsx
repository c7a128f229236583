"use client";

import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { Collapse } from "@/components/ui/collapse";

/** Elements marked so (avatar editing, the reposition dialog) do not count as a click outside a panel. */
export const KEEP_PANEL_ATTRIBUTE = "data-keep-panel";

export type ExpandablePanelProps = {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  className?: string;
};

/** A panel that expands with an animation (spec §4) and closes on a click outside it (spec §2). */
export function ExpandablePanel({ title, open, onOpenChange, children, className }: ExpandablePanelProps) {
  const ref = useRef<HTMLElement>(null);
  const contentId = useId();

  // On click, not pointerdown: closing on pointerdown starts the collapse while the button is still
  // pressed, the controls below the panel move up under the pointer, and the release lands beside the
  // button the person aimed at ('Escritório' below an open 'Perfil' did nothing now and then).
  useEffect(() => {
    if (!open) return;
    // The path as it was when the click began: the clicked control may be gone by now ('Editar' is
    // replaced by 'Salver' before the click reaches the document), and it was still inside the panel.
    const onClick = (event: MouseEvent) => {
      const path = event.composedPath();
      if (ref.current && path.includes(ref.current)) return;
      if (path.some((node) => node instanceof Element && node.hasAttribute(KEEP_PANEL_ATTRIBUTE))) return;
      onOpenChange(false);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [open, onOpenChange]);

  return (
    <section ref={ref} className={cn("rounded-theme border border-border bg-surface", className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => onOpenChange(!open)}
        className={
          "flex w-full cursor-pointer items-center justify-between gap-1 rounded-theme px-2 " +
          "py-1.5 text-left text-base font-semibold hover:bg-surface-2"
        }
      >
        {title}
        <ChevronDown
          aria-hidden="true"
          className={cn("size-2.5 transition-transform duration-300", open && "rotate-180")}
        />
      </button>
      <Collapse id={contentId} open={open}>
        <div className="px-2 pt-0.5 pb-2">{children}</div>
      </Collapse>
    </section>
  );
}
