"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { PLATFORM_TRANSITION_MS } from "@/lib/constants";
import { loginMessages } from "@/lib/i18n/sections/login";
import type { ChosenPlatform } from "@/lib/platform";

const options: { platform: ChosenPlatform; label: string; hint: string; icon: ReactNode }[] = [
  {
    platform: "bussiness",
    label: loginMessages.business,
    hint: loginMessages.businessHint,
    icon: <path d="M4 7h16v12H4zM9 7V5h6v2M4 12h16" />,
  },
  {
    platform: "accounting",
    label: loginMessages.accounting,
    hint: loginMessages.accountingHint,
    icon: <path d="M6 3h12v18H6zM9 7h6M9 11h6M9 15h3" />,
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
        {options.map(({ platform, label, hint, icon }) => (
          // Named by all it shows ('Business' and its hint): a name of the label alone contradicted the
          // visible text (axe label-content-name-mismatch, speech input).
          <button
            key={platform}
            type="button"
            onClick={() => onChoose(platform)}
            className="group flex cursor-pointer items-center gap-2 rounded-theme border border-border bg-surface p-2 text-left transition-colors hover:border-primary hover:bg-primary-soft"
          >
            <span className="grid size-6 shrink-0 place-items-center rounded-theme bg-primary-soft text-primary group-hover:bg-surface">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-3 fill-none stroke-current stroke-[1.75]">
                {icon}
              </svg>
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-fg">{label}</span>
              <span className="block text-sm text-muted">{hint}</span>
            </span>
            <svg
              viewBox="0 0 20 20"
              aria-hidden="true"
              className="size-2.5 shrink-0 fill-none stroke-muted stroke-2 group-hover:stroke-primary"
            >
              <path d="m8 5 5 5-5 5" />
            </svg>
          </button>
        ))}
      </div>
    </div>
  );
}
