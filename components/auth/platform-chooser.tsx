"use client";

import { Briefcase, ChevronRight, FileText, type LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { PLATFORM_TRANSITION_MS } from "@/lib/constants";
import { loginMessages } from "@/lib/i18n/sections/login";
import type { ChosenPlatform } from "@/lib/platform";

const options: { platform: ChosenPlatform; label: string; hint: string; icon: LucideIcon }[] = [
  {
    platform: "bussiness",
    label: loginMessages.business,
    hint: loginMessages.businessHint,
    icon: Briefcase,
  },
  {
    platform: "accounting",
    label: loginMessages.accounting,
    hint: loginMessages.accountingHint,
    icon: FileText,
  },
];

/** 'Escolha qual plataforma acessar:' — Business or Accounting, shown with a 500 ms transition (spec §2). */
export function PlatformChooser({ onChoose }: { onChoose: (platform: ChosenPlatform) => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="animate-fade-in" style={{ animationDuration: `${PLATFORM_TRANSITION_MS}ms` }}>
      <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
        {loginMessages.choosePlatform}
      </h1>
      <div className="mt-3 flex flex-col gap-1.5">
        {options.map(({ platform, label, hint, icon: Glyph }) => (
          // Named by all it shows ('Business' and its hint): a name of the label alone contradicted the
          // visible text (axe label-content-name-mismatch, speech input).
          <button
            key={platform}
            type="button"
            onClick={() => onChoose(platform)}
            className={
              "group flex cursor-pointer items-center gap-2 rounded-theme border border-border" +
              " bg-surface p-2 text-left transition-colors hover:border-primary" +
              " hover:bg-primary-soft"
            }
          >
            <span
              className={
                "grid size-6 shrink-0 place-items-center rounded-theme bg-primary-soft" +
                " text-primary group-hover:bg-surface"
              }
            >
              <Glyph aria-hidden="true" className="size-3" strokeWidth={1.75} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-fg">{label}</span>
              <span className="block text-sm text-muted">{hint}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-2.5 shrink-0 text-muted group-hover:text-primary" />
          </button>
        ))}
      </div>
    </div>
  );
}
