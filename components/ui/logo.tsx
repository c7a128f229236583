import { titlesMessages } from "@/lib/i18n/sections/titles";
import { cn } from "./cn";

/** The brand: a stack of blocks and the wordmark 'Bloco'. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-1 select-none", className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-4 shrink-0">
        <rect width="32" height="32" rx="9" className={inverted ? "fill-white/15" : "fill-primary"} />
        <rect x="8" y="8" width="16" height="5" rx="1.5" className="fill-white/55" />
        <rect x="8" y="14.5" width="16" height="5" rx="1.5" className="fill-white/80" />
        <rect x="8" y="21" width="10" height="5" rx="1.5" className="fill-white" />
      </svg>
      <span className={cn("text-[22px] font-bold tracking-tight", inverted ? "text-white" : "text-fg")}>
        {titlesMessages.base}
      </span>
    </span>
  );
}
