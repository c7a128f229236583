import { Layers, TriangleAlert, Users, type LucideIcon } from "lucide-react";
import { clientsMessages } from "@/lib/i18n/sections/clients";
import { cn } from "@/components/ui/cn";
import type { StatusKind } from "./client-list-rules";

const t = clientsMessages;

type StatusLook = { label: string; className: string; icon: LucideIcon };

// Shape AND colour tell them apart (never colour alone): people, a stack of blocks, an exclamation mark.
const looks: Record<StatusKind, StatusLook> = {
  shared: {
    label: t.shared,
    className: "bg-status-shared/15 text-status-shared",
    icon: Users,
  },
  uncategorized: {
    label: t.uncategorized,
    className: "bg-status-uncategorized/15 text-status-uncategorized",
    icon: Layers,
  },
  pendencies: {
    label: t.pendencies,
    className: "bg-status-pendency/15 text-status-pendency",
    icon: TriangleAlert,
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
      <look.icon aria-hidden="true" className="size-2.5" />
      <span
        aria-hidden="true"
        data-tooltip=""
        className={
          "pointer-events-none absolute top-full left-0 z-20 mt-0.5 w-max max-w-[280px]" +
          " rounded-theme bg-fg px-1 py-0.5 text-left text-xs font-medium text-canvas opacity-0" +
          " shadow-lg transition-opacity group-hover/tip:opacity-100"
        }
      >
        {look.label}
      </span>
    </span>
  );
}
