"use client";

import type { ReactNode } from "react";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { PreviewDialogProps } from "./preview-dialog";
import { Heading } from "./preview-heading";
import { useMediaQuery } from "./use-media-query";

export const WIDE_QUERY = "(min-width: 1024px)";

// The phone's full-screen dialog (Radix) is fetched on its first open, not with the page.
const PreviewDialog = lazyWhenOpen<PreviewDialogProps>(
  () => import("./preview-dialog").then((module) => module.PreviewDialog),
  (props) => props.open,
  (props) => props.onClose(),
);

export type PreviewPaneProps = {
  /** The pane's heading; also the dialog's title on a phone. */
  title: string;
  subtitle?: ReactNode;
  /** Nothing selected: the text shown in the pane ('Selecione um bloco'); a phone shows no dialog then. */
  empty: string;
  /** What is previewed; null when nothing is selected. */
  children: ReactNode | null;
  /** Extra controls under the heading (restore, download…). */
  actions?: ReactNode;
  onClose: () => void;
  closeLabel: string;
  testId?: string;
};

/**
 * The preview of the selected item on Blocos enviados and Devolvidos: a panel beside the list from
 * 1024 px up (sticky under the header), a full-screen dialog on narrower screens.
 */
export function PreviewPane({
  title,
  subtitle,
  empty,
  children,
  actions,
  onClose,
  closeLabel,
  testId,
}: PreviewPaneProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const selected = children !== null;

  if (wide) {
    return (
      <section
        aria-label={title}
        data-testid={testId}
        className={
          "sticky top-10 flex h-[calc(100dvh-144px)] min-h-[420px] flex-col gap-1 " +
          "self-start rounded-theme border border-border bg-surface p-1.5"
        }
      >
        {selected ? (
          <>
            <Heading title={title} subtitle={subtitle} />
            {actions ? <div className="flex flex-wrap gap-1">{actions}</div> : null}
            <div className="flex min-h-0 flex-1 flex-col">{children}</div>
          </>
        ) : (
          <p className="grid flex-1 place-items-center text-sm text-muted">{empty}</p>
        )}
      </section>
    );
  }

  return <PreviewDialog {...{ title, subtitle, children, actions, onClose, closeLabel, testId }} open={selected} />;
}
