"use client";

import {
  ArrowRightLeft,
  ChevronLeft,
  ClipboardCheck,
  Eye,
  FileCode2,
  FileDown,
  History,
  LayoutGrid,
  ListPlus,
  Share2,
  Trash2,
  type LucideIcon,
} from "lucide-react";
import { useId, useState, type JSX } from "react";
import type { SelectedClient } from "@/lib/client-selection";
import { clientActionsMessages } from "@/lib/i18n/sections/clientActions";
import { exportsMessages } from "@/lib/i18n/sections/exports";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import { SideBarEntry, SideBarIcon } from "./side-bar-entry";

const t = clientActionsMessages;

/**
 * Spec §4 "Side drawer choice": none, shared, transfer, accountingPlan; closing resets to none. Plus
 * importXml, 'Importar XML' (docs/decisions/0273-import-and-reading-screens.md), and export, 'Exportar
 * lançamentos' (docs/decisions/0283-export-screens.md), and history, 'Histórico'
 * (docs/decisions/0285-block-and-client-history.md).
 */
export type SideDrawerChoice = "none" | "shared" | "transfer" | "accountingPlan" | "importXml" | "export" | "history";

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
  importXml: FileCode2,
  export: FileDown,
  history: History,
  share: Share2,
  transfer: ArrowRightLeft,
  remove: Trash2,
  toggle: ChevronLeft,
} satisfies Record<string, LucideIcon>;

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

/**
 * The collapsible side bar of /home/client with its seven entries (spec §2), 'Importar XML', 'Exportar
 * lançamentos' and 'Histórico'.
 */
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
        <SideBarIcon d={icons.toggle} className={cn("transition-transform", expanded ? "" : "rotate-180")} />
      </button>
      <ul
        id={listId}
        // Collapsed on a phone, one row of icons spread by justify-between: no gap, so ten fit at 360 px.
        className={cn(
          "flex",
          expanded ? "flex-col gap-0.5" : "min-w-0 flex-1 flex-row justify-between lg:flex-col lg:gap-0.5",
        )}
      >
        <SideBarEntry icon={icons.view} label={t.view} current testId="side-view" />
        <SideBarEntry
          icon={icons.categorize}
          label={t.categorize}
          href="/home/client/categorization"
          client={client}
          testId="side-categorize"
          trailing={<Badge count={uncategorizedCount} label={t.uncategorizedCount(uncategorizedCount)} />}
        />
        <SideBarEntry
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
        <SideBarEntry
          icon={icons.accounts}
          label={t.accounts}
          onClick={() => onChoose("accountingPlan")}
          testId="side-accounts"
        />
        <SideBarEntry
          icon={icons.importXml}
          label={t.importXml}
          onClick={() => onChoose("importXml")}
          testId="side-import"
        />
        <SideBarEntry
          icon={icons.export}
          label={exportsMessages.exportPostings}
          onClick={() => onChoose("export")}
          testId="side-export"
        />
        <SideBarEntry
          icon={icons.history}
          label={t.history}
          onClick={() => onChoose("history")}
          testId="side-history"
        />
        <SideBarEntry
          icon={icons.share}
          label={t.share}
          disabledReason={responsibleOnly}
          onClick={() => onChoose("shared")}
          tipEnd
          testId="side-share"
        />
        <SideBarEntry
          icon={icons.transfer}
          label={t.transfer}
          disabledReason={responsibleOnly}
          onClick={() => onChoose("transfer")}
          tipEnd
          testId="side-transfer"
        />
        <SideBarEntry
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
