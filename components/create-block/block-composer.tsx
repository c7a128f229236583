"use client";

import { useCallback, useState, type DragEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { Gallery } from "./gallery";
import { Preview, Strip } from "./preview-strip";
import { SendCard, type SendControl } from "./send-card";
import { choose, galleryKey, isFull, isSelected, removeItem, toggleGallery, type Selection } from "./selection";
import { useImageIntake, type SelectionUpdate } from "./use-image-intake";
import { businessPanelMessages as t } from "@/lib/i18n/sections/businessPanel";

export type BlockComposerProps = {
  selection: Selection;
  update: SelectionUpdate;
  /**
   * Pending mode's card (the problem, the observation, Proximo): above the preview on a phone, beside it on a
   * desktop.
   */
  aside?: ReactNode;
  send: SendControl;
};

/**
 * The panel Criar bloco and Blocos com pendencia share (spec §2): the preview, the strip with the add
 * buttons, the send card and the gallery. Every 13-image rule of spec §5 comes from selection.ts: add
 * disabled at 13, files beyond 13 refused, gallery selection disabled at 13, send disabled at 0.
 */
export function BlockComposer({ selection, update, aside, send }: BlockComposerProps) {
  const intake = useImageIntake(selection, update);
  const locked = send.busy;
  const full = isFull(selection, intake.preparing);
  const sendDisabled = selection.items.length === 0 || intake.preparing > 0 || intake.replacing.length > 0;
  const selectedInGallery = useCallback((id: number) => isSelected(selection, galleryKey(id)), [selection]);
  // Files dragged from the desktop onto the panel are added as if chosen (photos and PDFs alike).
  const [dragging, setDragging] = useState(false);
  const accepts = (event: DragEvent) => !full && !locked && event.dataTransfer.types.includes("Files");
  const drop = {
    onDragOver: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      setDragging(false);
      if (!accepts(event)) return;
      event.preventDefault();
      intake.add(Array.from(event.dataTransfer.files));
    },
  };

  // Phone: one column in reading order (the pendency, the preview, the strip, the send). From 1024 px
  // the preview takes the left column, full height; the cards stack in the right one.
  return (
    <div {...drop} data-testid="panel-drop" className="flex min-w-0 flex-col gap-2">
      {dragging ? (
        <p aria-hidden="true" className="text-center text-sm font-semibold text-primary">
          {t.dropHere}
        </p>
      ) : null}
      <div
        className={cn(
          "grid min-w-0 gap-2 rounded-theme lg:grid-cols-[minmax(0,1fr)_400px]",
          aside ? "lg:grid-rows-[auto_auto_1fr]" : "lg:grid-rows-[auto_1fr]",
          dragging && "outline-2 outline-offset-4 outline-primary outline-dashed",
        )}
      >
        {aside ? <div className="min-w-0 lg:col-start-2 lg:row-start-1">{aside}</div> : null}
        <Preview
          className={cn("lg:col-start-1 lg:row-start-1", aside ? "lg:row-span-3" : "lg:row-span-2")}
          selection={selection}
          locked={locked}
          onRemove={(key) => update((current) => removeItem(current, key))}
        />
        <Strip
          className={cn("lg:col-start-2", aside ? "lg:row-start-2" : "lg:row-start-1")}
          selection={selection}
          preparing={intake.preparing}
          addDisabled={full || locked}
          notice={intake.notice}
          flagged={intake.flagged}
          replacing={intake.replacing}
          locked={locked}
          onChoose={(key) => update((current) => choose(current, key))}
          onFiles={intake.add}
          onReplace={intake.replace}
        />
        <SendCard
          className={cn("lg:col-start-2 lg:self-start", aside ? "lg:row-start-3" : "lg:row-start-2")}
          {...send}
          onSend={() => {
            intake.clearNotice(); // what the last pick could not add no longer applies once the block goes
            send.onSend();
          }}
          disabled={sendDisabled || locked}
        />
      </div>
      <Gallery
        isSelected={selectedInGallery}
        full={full}
        locked={locked}
        onToggle={(document) => update((current) => toggleGallery(current, document, intake.preparing))}
        onRemoved={(id) => update((current) => removeItem(current, galleryKey(id)))}
      />
    </div>
  );
}
