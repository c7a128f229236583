"use client";

import type { ReactNode } from "react";
import { scrollToSection, type SectionId } from "./sections";

/** A button that glides to a section of the page (the hero's secondary call to action). */
export function ScrollLink({ to, className, children }: { to: SectionId; className?: string; children: ReactNode }) {
  return (
    <button type="button" onClick={() => scrollToSection(to)} className={className}>
      {children}
    </button>
  );
}
