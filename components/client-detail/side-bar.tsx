"use client";

import {
  ArrowRightLeft,
  ChevronLeft,
  ClipboardCheck,
  Eye,
  LayoutGrid,
  ListPlus,
  Share2,
  Trash2,
  type LucideIcon,
} from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, type JSX, type MouseEvent, type ReactNode } from "react";
import { useClientHandoff, type SelectedClient } from "@/lib/client-selection";
import { clientActionsMessages } from "@/lib/i18n/sections/clientActions";
import { AppLink } from "@/components/ui/app-link";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";

const t = clientActionsMessages;

/** Spec §4 "Side drawer choice": none, shared, transfer, accountingPlan; closing resets to none. */
export type SideDrawerChoice = "none" | "shared" | "transfer" | "accountingPlan";

export type SideBarProps = {
  /** The tab's client: Categorizar and Contabilizar carry it to a tab they open (useClientHandoff). */
  client: SelectedClient;
  uncategorizedCount: number;
  uncontabilizedCount: number;
  /** Another operator holding the client's contabilization lease: Contabilizar is disabled and shows it. */
  contabilizing: { name: string; pictureUrl: string | null } | null;
  isResponsable: boolean;
  onChoose: (choice: SideDrawerChoice) => void;
  onRemove: () => void;
  /** The first state; by default expanded from 1024px wide (beside the page), collapsed below. */
  defaultExpanded?: boolean;
  className?: string;
};

const icons = {
  view: Eye,
  categorize: LayoutGrid,
  contabilize: ClipboardCheck,
  accounts: ListPlus,
  share: Share2,
  transfer: ArrowRightLeft,
  remove: Trash2,
  toggle: ChevronLeft,
} satisfies Record<string, LucideIcon>;

function Icon({ d: Glyph, className }: { d: LucideIcon; className?: string }) {
  return <Glyph aria-hidden="true" className={cn("size-2.5 shrink-0", className)} strokeWidth={1.8} />;
}

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      title={label}
      className={
        "grid h-2.5 min-w-2.5 shrink-0 place-items-center rounded-full bg-primary px-0.5" +
        " text-[11px] leading-none font-bold text-primary-fg" +
        " group-data-[collapsed=true]/bar:absolute group-data-[collapsed=true]/bar:top-0" +
        " group-data-[collapsed=true]/bar:right-0"
      }
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
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
  " group-data-[collapsed=true]/bar:px-1 lg:group-data-[collapsed=true]/bar:px-1.25 text-sm" +
  " font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-primary";

/**
 * One entry. Disabled entries stay focusable (aria-disabled, not disabled) so a keyboard user reaches them
 * and hears why (aria-describedby); the reason also shows as a tooltip on hover and focus.
 */
function Entry({
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
      <Icon d={icon} />
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

/** The collapsible side bar of /home/client with its seven entries (spec §2). */
export function SideBar({
  client,
  uncategorizedCount,
  uncontabilizedCount,
  contabilizing,
  isResponsable,
  onChoose,
  onRemove,
  defaultExpanded,
  className,
}: SideBarProps): JSX.Element {
  // Rendered in the browser only (the page waits for the tab's client): the first state may read the width.
  const [expanded, setExpanded] = useState(
    () => defaultExpanded ?? (typeof window === "undefined" || window.matchMedia("(min-width: 1024px)").matches),
  );
  const listId = useId();
  const responsibleOnly = isResponsable ? undefined : t.responsibleOnly;
  return (
    <nav
      aria-label={t.sideBar}
      data-collapsed={!expanded}
      className={cn(
        // Beside the page from lg on (a column, its width animated); above it on narrow screens, where
        // the collapsed bar is one row of icons.
        "group/bar m-2 mb-0 flex shrink-0 gap-1 rounded-theme border border-border bg-surface p-1" +
          " transition-[width] duration-300 lg:mr-0 lg:mb-2 lg:flex-col lg:self-start",
        expanded ? "flex-col lg:w-30" : "flex-row items-center lg:w-7.5 lg:items-stretch",
        className,
      )}
    >
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-label={expanded ? t.collapse : t.expand}
        title={expanded ? t.collapse : t.expand}
        onClick={() => setExpanded(!expanded)}
        className={
          "grid size-5 shrink-0 cursor-pointer place-items-center self-end rounded-theme" +
          " group-data-[collapsed=true]/bar:self-center lg:group-data-[collapsed=true]/bar:self-end" +
          " text-muted outline-none hover:bg-surface-2 hover:text-fg focus-visible:ring-2" +
          " focus-visible:ring-primary"
        }
      >
        <Icon d={icons.toggle} className={cn("transition-transform", expanded ? "" : "rotate-180")} />
      </button>
      <ul
        id={listId}
        className={cn("flex gap-0.5", expanded ? "flex-col" : "min-w-0 flex-1 flex-row justify-between lg:flex-col")}
      >
        <Entry icon={icons.view} label={t.view} current testId="side-view" />
        <Entry
          icon={icons.categorize}
          label={t.categorize}
          href="/home/client/categorization"
          client={client}
          testId="side-categorize"
          trailing={<Badge count={uncategorizedCount} label={t.uncategorizedCount(uncategorizedCount)} />}
        />
        <Entry
          icon={icons.contabilize}
          label={t.contabilize}
          href="/home/client/contabilization"
          client={client}
          testId="side-contabilize"
          disabledReason={contabilizing ? t.contabilizingBy(contabilizing.name) : undefined}
          trailing={
            contabilizing ? (
              <Avatar
                name={contabilizing.name}
                pictureUrl={contabilizing.pictureUrl}
                className={
                  "size-2.5 text-[9px] group-data-[collapsed=true]/bar:absolute" +
                  " group-data-[collapsed=true]/bar:top-0 group-data-[collapsed=true]/bar:right-0"
                }
              />
            ) : (
              <Badge count={uncontabilizedCount} label={t.uncontabilizedCount(uncontabilizedCount)} />
            )
          }
        />
        <Entry
          icon={icons.accounts}
          label={t.accounts}
          onClick={() => onChoose("accountingPlan")}
          testId="side-accounts"
        />
        <Entry
          icon={icons.share}
          label={t.share}
          disabledReason={responsibleOnly}
          onClick={() => onChoose("shared")}
          tipEnd
          testId="side-share"
        />
        <Entry
          icon={icons.transfer}
          label={t.transfer}
          disabledReason={responsibleOnly}
          onClick={() => onChoose("transfer")}
          tipEnd
          testId="side-transfer"
        />
        <Entry
          icon={icons.remove}
          label={t.remove}
          disabledReason={responsibleOnly}
          onClick={onRemove}
          danger
          tipEnd
          testId="side-remove"
        />
      </ul>
    </nav>
  );
}
