"use client";

import type { LucideIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, type MouseEvent, type ReactNode } from "react";
import { useClientHandoff, type SelectedClient } from "@/lib/client-selection";
import { AppLink } from "@/components/ui/app-link";
import { cn } from "@/components/ui/cn";

// An entry of the client detail's side bar (side-bar.tsx) and the icon it draws at the bar's size.

/** An icon at the side bar's size. */
export function SideBarIcon({ d: Glyph, className }: { d: LucideIcon; className?: string }) {
  return <Glyph aria-hidden="true" className={cn("size-2.5 shrink-0", className)} strokeWidth={1.8} />;
}

type EntryProps = {
  icon: LucideIcon;
  label: string;
  /** Why the entry is disabled: the tooltip of a disabled entry, also its accessible description. */
  disabledReason?: string;
  href?: string;
  current?: boolean;
  danger?: boolean;
  onClick?: () => void;
  trailing?: ReactNode;
  testId?: string;
  /** The tooltip opens leftwards from the entry's end (the right-hand icons of the collapsed row). */
  tipEnd?: boolean;
  /** With `href`: the client a new tab opened from the link takes. */
  client?: SelectedClient;
};

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);

const entryClass =
  "relative flex h-5 w-full min-w-0 items-center gap-1.5 rounded-theme px-1.25 text-left" +
  " group-data-[collapsed=true]/bar:px-0.5 sm:group-data-[collapsed=true]/bar:px-1" +
  " lg:group-data-[collapsed=true]/bar:px-1.25 text-sm" +
  " font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-primary";

/**
 * One entry. Disabled entries stay focusable (aria-disabled, not disabled) so a keyboard user reaches them
 * and hears why (aria-describedby); the reason also shows as a tooltip on hover and focus.
 */
export function SideBarEntry({
  icon,
  label,
  disabledReason,
  href,
  current,
  danger,
  onClick,
  trailing,
  testId,
  tipEnd,
  client,
}: EntryProps) {
  const reasonId = useId();
  const router = useRouter();
  const handoff = useClientHandoff(href ?? "", client ?? null);
  const disabled = disabledReason !== undefined;
  const body = (
    <>
      <SideBarIcon d={icon} />
      <span className="min-w-0 flex-1 truncate group-data-[collapsed=true]/bar:sr-only">{label}</span>
      {trailing}
    </>
  );
  const tone = cn(
    disabled
      ? "cursor-not-allowed text-muted"
      : current
        ? "bg-primary-soft text-primary"
        : danger
          ? "cursor-pointer text-danger hover:bg-danger-soft"
          : "cursor-pointer text-fg hover:bg-surface-2",
  );
  const tooltip = disabled ? (
    <span
      id={reasonId}
      role="tooltip"
      className={cn(
        tipEnd && "max-lg:group-data-[collapsed=true]/bar:right-0 max-lg:group-data-[collapsed=true]/bar:left-auto",
        "pointer-events-none invisible absolute top-full left-0 z-30 mt-0.5 w-26 rounded-theme border" +
          " border-border bg-surface px-1 py-0.75 text-xs font-normal text-fg shadow-lg" +
          " group-focus-within/entry:visible group-hover/entry:visible",
      )}
    >
      {disabledReason}
    </span>
  ) : null;
  let control: ReactNode;
  if (disabled)
    control = (
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={reasonId}
        data-testid={testId}
        className={cn(entryClass, tone)}
      >
        {body}
      </button>
    );
  else if (current)
    control = (
      <span aria-current="page" data-testid={testId} className={cn(entryClass, tone)}>
        {body}
      </span>
    );
  else if (href)
    control = (
      <AppLink
        {...handoff}
        data-testid={testId}
        className={cn(entryClass, tone)}
        onClick={(event) => {
          // a plain click stays in this tab, whose client is already chosen: no hand-off in the address
          if (!plainClick(event)) return;
          event.preventDefault();
          router.push(href);
        }}
      >
        {body}
      </AppLink>
    );
  else
    control = (
      <button type="button" onClick={onClick} data-testid={testId} className={cn(entryClass, tone)}>
        {body}
      </button>
    );
  return (
    <li className="group/entry relative" title={disabled ? undefined : label}>
      {control}
      {tooltip}
    </li>
  );
}
