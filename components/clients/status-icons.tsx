import { clientsMessages } from "@/lib/i18n/sections/clients";
import { cn } from "@/components/ui/cn";
import type { StatusKind } from "./client-list-rules";

const t = clientsMessages;

type StatusLook = { label: string; className: string; path: string };

// Shape AND colour tell them apart (never colour alone): people, a stack of blocks, an exclamation mark.
const looks: Record<StatusKind, StatusLook> = {
  shared: {
    label: t.shared,
    className: "bg-status-shared/15 text-status-shared",
    path: "M16 19v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 17.5V19M10 10.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM20 19v-1.5a3.5 3.5 0 0 0-2.5-3.35M15 4.6a3 3 0 0 1 0 5.8",
  },
  uncategorized: {
    label: t.uncategorized,
    className: "bg-status-uncategorized/15 text-status-uncategorized",
    path: "M12 3 3 7.5l9 4.5 9-4.5L12 3ZM3 12l9 4.5 9-4.5M3 16.5 12 21l9-4.5",
  },
  pendencies: {
    label: t.pendencies,
    className: "bg-status-pendency/15 text-status-pendency",
    path: "M12 8v5M12 16.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z",
  },
};

export const statusLabel = (kind: StatusKind) => looks[kind].label;

/**
 * One status icon with its tooltip. The icon is an image named by the tooltip's text (read by screen
 * readers as part of the card); the tooltip itself shows on hover and is hidden from them (no double read).
 */
export function StatusIcon({ kind }: { kind: StatusKind }) {
  const look = looks[kind];
  return (
    <span
      role="img"
      aria-label={look.label}
      data-status={kind}
      className={cn("group/tip relative grid size-3.5 shrink-0 place-items-center rounded-full", look.className)}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={look.path} />
      </svg>
      <span
        aria-hidden="true"
        data-tooltip=""
        className="pointer-events-none absolute top-full left-0 z-20 mt-0.5 w-max max-w-[280px] rounded-theme bg-fg px-1 py-0.5 text-left text-xs font-medium text-canvas opacity-0 shadow-lg transition-opacity group-hover/tip:opacity-100"
      >
        {look.label}
      </span>
    </span>
  );
}
