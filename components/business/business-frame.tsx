"use client";

import { useMemo, type ReactNode } from "react";
import { useBusinessBlocks } from "@/lib/api/business-blocks";
import { useQueuedCount } from "@/lib/api/send-queue";
import { currentYearMonth } from "@/lib/format/dates";
import { AppShell } from "@/components/app-shell/app-shell";
import { cn } from "@/components/ui/cn";
import { BusinessBottomBar, BusinessSideBar } from "./business-nav";

export type BusinessFrameProps = {
  /** The page heading (an h1): a text, or the home's client name and logo. */
  title: ReactNode;
  children: ReactNode;
  /** Beside the title (right-aligned; wraps under it on a phone). */
  actions?: ReactNode;
  /**
   * The Pendencias badge when the page knows a fresher count (the pendency screen's polled sync);
   * otherwise it comes from the current month's business block list (pendencyNumber), the same query
   * the home shows, so on the home it costs nothing more.
   */
  pendencyCount?: number;
  /** Extra classes of the <main> (e.g. a page that fills the height). */
  className?: string;
};

/**
 * Every business page (spec §2 business platform): the app header and its drawers, the expandable side
 * bar from 640 px up and the bottom bar on a phone, and the page's heading. The operator's avatar shows
 * in the header (spec: "each passes the operator avatar as route state" — the header already has it).
 */
export function BusinessFrame({ title, children, actions, pendencyCount, className }: BusinessFrameProps) {
  return (
    <AppShell>
      <FrameBody title={title} actions={actions} pendencyCount={pendencyCount} className={className}>
        {children}
      </FrameBody>
    </AppShell>
  );
}

function FrameBody({ title, children, actions, pendencyCount, className }: BusinessFrameProps) {
  const now = useMemo(() => currentYearMonth(), []);
  const blocks = useBusinessBlocks(now.year, now.month);
  const count = pendencyCount ?? blocks.data?.pendencyNumber ?? 0;
  const queuedCount = useQueuedCount();
  return (
    <div className="flex min-h-0 flex-1 flex-col sm:flex-row">
      <BusinessSideBar pendencyCount={count} queuedCount={queuedCount} />
      <main
        className={cn(
          // room for the fixed bottom bar on a phone
          "flex min-w-0 flex-1 flex-col gap-2 p-2 pb-[calc(88px+env(safe-area-inset-bottom))] sm:pb-2",
          className,
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-1">
          <h1 className="min-w-0 flex-1 text-2xl font-bold tracking-tight">{title}</h1>
          {actions ? <div className="flex flex-wrap items-center gap-1">{actions}</div> : null}
        </div>
        {children}
      </main>
      <BusinessBottomBar pendencyCount={count} queuedCount={queuedCount} />
    </div>
  );
}
