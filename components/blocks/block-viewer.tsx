"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { JSX } from "react";
import type { Block } from "@/lib/contract/blocks";
import { useBlockDocuments } from "@/lib/api/blocks";
import { messages } from "@/lib/i18n/messages";
import { useReturnFocus } from "@/components/ui/use-return-focus";

const t = messages.viewer;

export type BlockViewerProps = { clientId: number; block: Block | null; onClose: () => void; readOnly: boolean };

/** The block viewer (spec §2): open while `block` is set. `readOnly`: the client is busy. */
export function BlockViewer({ block, onClose }: BlockViewerProps): JSX.Element {
  const returnFocus = useReturnFocus();
  const docs = useBlockDocuments(block?.id ?? null);
  const urls = docs.data?.documentsUrl ?? block?.documentsUrl ?? [];
  return (
    <Dialog.Root open={block !== null} onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 flex h-[90dvh] w-[calc(100%-32px)] max-w-[1200px] -translate-x-1/2 -translate-y-1/2 flex-col gap-2 rounded-theme border border-border bg-surface p-2 shadow-2xl outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-xl font-bold">{t.title}</Dialog.Title>
            <Dialog.Close aria-label={t.close} className="grid size-4 cursor-pointer place-items-center rounded-theme text-muted hover:bg-surface-2">
              ×
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-auto">
            {urls[0] ? <img src={urls[0]} alt={t.image(1, urls.length)} className="mx-auto max-h-full" /> : <p>{t.noImages}</p>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
