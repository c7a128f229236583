import type { ReactNode } from "react";
import { shellMessages } from "@/lib/i18n/sections/shell";
import { cn } from "@/components/ui/cn";

export type Notice = { tone: "error" | "ok"; text: string };

/** The outcome of the last action on a business list: an alert or a status, with its close button (the icon). */
export function NoticeBanner({
  notice,
  onClose,
  children,
}: {
  notice: Notice;
  onClose: () => void;
  children: ReactNode;
}) {
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
        {children}
      </button>
    </div>
  );
}
