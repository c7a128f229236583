import type { ReactNode } from "react";
import { cn } from "./cn";

export type CollapseProps = { open: boolean; id?: string; children: ReactNode; className?: string };

/**
 * A region that expands and collapses by animating its grid row (spec §4). Closed, it is inert AND
 * visibility:hidden: Radix's focus trap does not know `inert`, so it took the controls inside a closed
 * panel for the last tabbable of a drawer and Tab stopped wrapping. Visibility flips at the end of the
 * closing transition, so the content stays drawn while it folds away.
 * The clip is `overflow: clip`, not `hidden`: a hidden-overflow box is still scrollable by the browser,
 * which scrolled it to reveal a button focused by mousedown while the panel was still opening, so the
 * mouseup landed beside the button and the click was lost ('Editar' that did not edit).
 */
export function Collapse({ open, id, children, className }: CollapseProps) {
  return (
    <div
      id={id}
      inert={!open}
      className={cn(
        "grid transition-[grid-template-rows,visibility] duration-300 ease-out",
        open ? "visible grid-rows-[1fr]" : "invisible grid-rows-[0fr]",
        className,
      )}
    >
      <div className="min-h-0 overflow-clip">{children}</div>
    </div>
  );
}
