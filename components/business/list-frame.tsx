"use client";

import { X } from "lucide-react";
import type { ReactNode } from "react";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import { commonMessages } from "@/lib/i18n/sections/common";
import { shellMessages } from "@/lib/i18n/sections/shell";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";

export type Notice = { tone: "error" | "ok"; text: string };

/** The outcome of the last action on a business list ('Blocos enviados', 'Devolvidos'), closable. */
export function NoticeBanner({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <div
      role={notice.tone === "error" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-1 rounded-theme px-1.5 py-1 text-sm",
        notice.tone === "error" ? "bg-danger-soft text-danger" : "bg-primary-soft text-fg",
      )}
    >
      <p className="flex-1">{notice.text}</p>
      <button
        type="button"
        aria-label={shellMessages.close}
        title={shellMessages.close}
        onClick={onClose}
        className="-m-0.5 grid size-5.5 shrink-0 cursor-pointer place-items-center rounded-theme hover:bg-surface-2"
      >
        <X className="size-2" strokeWidth={2.2} aria-hidden="true" />
      </button>
    </div>
  );
}

type ListBodyProps = {
  loading: boolean;
  /** The failed query, whose message shows with a retry. */
  failed: { error: { message: string } | null; refetch: () => unknown } | null;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
};

/** A business list's body: the (delayed) spinner, the error with its retry, the empty text, or the list. */
export function ListBody({ loading, failed, empty, emptyText, children }: ListBodyProps) {
  const showSpinner = useDelayed(loading);
  return (
    <div className="min-h-[240px]" aria-busy={loading || undefined}>
      {loading ? (
        showSpinner ? (
          <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
            <Spinner /> {commonMessages.loading}
          </p>
        ) : null
      ) : failed ? (
        <div role="alert" className="flex flex-col items-start gap-1 py-1 text-sm text-danger">
          <p>{failed.error?.message}</p>
          <Button variant="secondary" onClick={() => void failed.refetch()}>
            {clientDetailMessages.retry}
          </Button>
        </div>
      ) : empty ? (
        <p className="py-3 text-center text-sm text-muted">{emptyText}</p>
      ) : (
        children
      )}
    </div>
  );
}
