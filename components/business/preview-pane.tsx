"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { useReturnFocus } from "@/components/ui/use-return-focus";
import { useMediaQuery } from "./use-media-query";

export const WIDE_QUERY = "(min-width: 1024px)";

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
export function PreviewPane({ title, subtitle, empty, children, actions, onClose, closeLabel, testId }: PreviewPaneProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const returnFocus = useReturnFocus();
  const selected = children !== null;

  if (wide) {
    return (
      <section
        aria-label={title}
        data-testid={testId}
        className="sticky top-10 flex h-[calc(100dvh-144px)] min-h-[420px] flex-col gap-1 self-start rounded-theme border border-border bg-surface p-1.5"
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

  return (
    <Dialog.Root open={selected} onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[55] bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          data-testid={testId}
          className="fixed inset-0 z-[56] flex h-dvh w-full flex-col gap-1 bg-surface p-1.5 outline-none"
        >
          <div className="flex items-start gap-1">
            <Heading title={title} subtitle={subtitle} dialog />
            <Dialog.Close
              aria-label={closeLabel}
              title={closeLabel}
              className="grid size-5.5 shrink-0 cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
            >
              <svg viewBox="0 0 24 24" className="size-2.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {actions ? <div className="flex flex-wrap gap-1">{actions}</div> : null}
          <div className="flex min-h-0 flex-1 flex-col">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Heading({ title, subtitle, dialog = false }: { title: string; subtitle?: ReactNode; dialog?: boolean }) {
  const TitleTag = dialog ? Dialog.Title : "h2";
  return (
    <div className={cn("flex min-w-0 flex-col", dialog && "flex-1")}>
      <TitleTag className="text-lg leading-tight font-bold">{title}</TitleTag>
      {subtitle ? <p className="truncate text-sm text-muted">{subtitle}</p> : null}
    </div>
  );
}
