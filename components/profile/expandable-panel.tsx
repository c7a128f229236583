"use client";

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

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || ref.current?.contains(target)) return;
      if (target.closest(`[${KEEP_PANEL_ATTRIBUTE}]`)) return;
      onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, onOpenChange]);

  return (
    <section ref={ref} className={cn("rounded-theme border border-border bg-surface", className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => onOpenChange(!open)}
        className="flex w-full cursor-pointer items-center justify-between gap-1 rounded-theme px-2 py-1.5 text-left text-base font-semibold hover:bg-surface-2"
      >
        {title}
        <svg viewBox="0 0 24 24" aria-hidden="true" className={cn("size-2.5 transition-transform duration-300", open && "rotate-180")} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <Collapse id={contentId} open={open}>
        <div className="px-2 pt-0.5 pb-2">{children}</div>
      </Collapse>
    </section>
  );
}
