"use client";

import { ChevronLeft, FileCode2, House, Plus, Send, TriangleAlert, Undo2, type LucideIcon } from "lucide-react";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { businessNavMessages } from "@/lib/i18n/sections/businessNav";
import { businessQueueMessages } from "@/lib/i18n/sections/businessQueue";
import { AppLink } from "@/components/ui/app-link";
import { cn } from "@/components/ui/cn";

const t = businessNavMessages;

/** localStorage key of the side bar's state ("expanded" | "collapsed"); absent: by the screen width. */
export const NAV_STORAGE_KEY = "bloco.businessNav";

/** Which count an entry shows: the open pendencies, or the blocks kept on the device ('Aguardando conexão'). */
type BadgeKind = "pendencies" | "queued";
type NavEntry = { href: string; label: string; icon: LucideIcon; testId: string; badge?: BadgeKind };

/** The counts the bars show beside their entries. */
export type NavCounts = { pendencyCount: number; queuedCount: number };

const badgeCount = (kind: BadgeKind, counts: NavCounts) =>
  kind === "pendencies" ? counts.pendencyCount : counts.queuedCount;
const badgeLabel = (kind: BadgeKind) => (kind === "pendencies" ? t.pendingCount : businessQueueMessages.navCount);

const icons = {
  home: House,
  create: Plus,
  importXml: FileCode2,
  pendencies: TriangleAlert,
  sent: Send,
  devolved: Undo2,
  toggle: ChevronLeft,
} satisfies Record<string, LucideIcon>;

/**
 * Spec §2 business side bar: Inicio, Criar bloco, Pendencias (badge), Blocos enviados, Devolvidos; and
 * 'Importar XML' after 'Criar bloco' (docs/decisions/0273-import-and-reading-screens.md). Criar bloco counts
 * the blocks waiting on the device for the connection (docs/decisions/0325-offline-send-queue.md).
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { href: "/home", label: t.home, icon: icons.home, testId: "nav-home" },
  { href: "/createblock", label: t.createBlock, icon: icons.create, testId: "nav-create", badge: "queued" },
  { href: "/importxml", label: t.importXml, icon: icons.importXml, testId: "nav-import" },
  {
    href: "/pendencyblock",
    label: t.pendencies,
    icon: icons.pendencies,
    testId: "nav-pendencies",
    badge: "pendencies",
  },
  { href: "/sentblock", label: t.sentBlocks, icon: icons.sent, testId: "nav-sent" },
  { href: "/devolveds", label: t.devolveds, icon: icons.devolved, testId: "nav-devolveds" },
];

function Icon({ d: Glyph, className }: { d: LucideIcon; className?: string }) {
  return <Glyph aria-hidden="true" className={cn("size-2.5 shrink-0", className)} strokeWidth={1.8} />;
}

function Badge({ count, label, className }: { count: number; label: (count: number) => string; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        "grid h-2.25 min-w-2.25 shrink-0 place-items-center rounded-full bg-primary px-0.5" +
          " text-[11px] leading-none font-bold text-primary-fg",
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{label(count)}</span>
    </span>
  );
}

function readStored(): boolean | null {
  try {
    const stored = window.localStorage.getItem(NAV_STORAGE_KEY);
    return stored === "expanded" ? true : stored === "collapsed" ? false : null;
  } catch {
    return null;
  }
}

function store(expanded: boolean) {
  try {
    window.localStorage.setItem(NAV_STORAGE_KEY, expanded ? "expanded" : "collapsed");
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

const isCurrent = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/**
 * The expandable side bar from 640 px up (a column beside the page, sticky under the header). Expanded,
 * each entry shows its icon and label; collapsed, the icon alone with the label as tooltip (and still its
 * accessible name). The choice is kept in localStorage; until made, expanded from 1024 px.
 */
export function BusinessSideBar(counts: NavCounts) {
  const pathname = usePathname();
  // Mounted in the browser only (the shell waits for the session): the first state may read storage.
  const [expanded, setExpanded] = useState(() => readStored() ?? window.matchMedia("(min-width: 1024px)").matches);
  const listId = useId();
  const toggle = () => {
    store(!expanded);
    setExpanded(!expanded);
  };
  return (
    <nav
      aria-label={t.label}
      data-collapsed={!expanded}
      data-testid="business-side-bar"
      className={cn(
        "group/bar sticky top-10 m-2 mr-0 hidden shrink-0 flex-col gap-1 self-start rounded-theme" +
          " border border-border bg-surface p-1 transition-[width] duration-300 sm:flex",
        expanded ? "w-30" : "w-7.5",
      )}
    >
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-label={expanded ? t.collapse : t.expand}
        title={expanded ? t.collapse : t.expand}
        onClick={toggle}
        className={
          "grid size-5.5 shrink-0 cursor-pointer place-items-center self-end rounded-theme" +
          " text-muted outline-none hover:bg-surface-2 hover:text-fg focus-visible:ring-2" +
          " focus-visible:ring-primary"
        }
      >
        <Icon d={icons.toggle} className={cn("transition-transform", expanded ? "" : "rotate-180")} />
      </button>
      <ul id={listId} className="flex flex-col gap-0.5">
        {NAV_ENTRIES.map((entry) => {
          const current = isCurrent(pathname, entry.href);
          return (
            <li key={entry.href}>
              <AppLink
                href={entry.href}
                aria-current={current ? "page" : undefined}
                title={expanded ? undefined : entry.label}
                data-testid={entry.testId}
                className={cn(
                  "relative flex h-5.5 w-full min-w-0 items-center gap-1.5 rounded-theme px-1.5" +
                    " text-sm font-medium outline-none transition-colors focus-visible:ring-2" +
                    " focus-visible:ring-primary",
                  current ? "bg-primary-soft text-primary" : "text-fg hover:bg-surface-2",
                )}
              >
                <Icon d={entry.icon} />
                <span className="min-w-0 flex-1 truncate group-data-[collapsed=true]/bar:sr-only">{entry.label}</span>
                {entry.badge ? (
                  <Badge
                    count={badgeCount(entry.badge, counts)}
                    label={badgeLabel(entry.badge)}
                    className={
                      "group-data-[collapsed=true]/bar:absolute" +
                      " group-data-[collapsed=true]/bar:top-0.25" +
                      " group-data-[collapsed=true]/bar:right-0.25"
                    }
                  />
                ) : null}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Below 640 px: a bar fixed at the bottom with the six entries (icon over label, 56 px tall targets). */
export function BusinessBottomBar(counts: NavCounts) {
  const pathname = usePathname();
  return (
    <nav
      aria-label={t.label}
      data-testid="business-bottom-bar"
      className={
        "fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95" +
        " pb-[env(safe-area-inset-bottom)] backdrop-blur sm:hidden"
      }
    >
      <ul className="grid grid-cols-6">
        {NAV_ENTRIES.map((entry) => {
          const current = isCurrent(pathname, entry.href);
          return (
            <li key={entry.href} className="min-w-0">
              <AppLink
                href={entry.href}
                aria-current={current ? "page" : undefined}
                data-testid={`bottom-${entry.testId}`}
                className={cn(
                  "relative flex min-h-7 flex-col items-center justify-center gap-0.25 px-0.25 py-0.5" +
                    " text-center text-[11px] leading-tight font-medium outline-none" +
                    " focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset",
                  current ? "text-primary" : "text-muted hover:text-fg",
                )}
              >
                <span
                  className={cn(
                    "relative grid h-3.5 w-6 place-items-center rounded-full",
                    current && "bg-primary-soft",
                  )}
                >
                  <Icon d={entry.icon} />
                  {entry.badge ? (
                    <Badge
                      count={badgeCount(entry.badge, counts)}
                      label={badgeLabel(entry.badge)}
                      className="absolute -top-0.5 -right-0.5"
                    />
                  ) : null}
                </span>
                <span className="line-clamp-2 break-words">{entry.label}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
