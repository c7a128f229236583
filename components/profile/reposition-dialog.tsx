"use client";

import { useRef, useState, type PointerEvent } from "react";
import { commonMessages } from "@/lib/i18n/sections/common";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { Button } from "@/components/ui/button";
import { Dialog, DialogTitle } from "@/components/ui/dialog";
import {
  centered,
  clampOffset,
  CROP_BORDER,
  CROP_SIZE,
  exportCrop,
  scaleOf,
  zoomTo,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  type CropState,
} from "./crop";
import { KEEP_PANEL_ATTRIBUTE } from "./expandable-panel";

export type RepositionDialogProps = {
  image: HTMLImageElement;
  onCancel: () => void;
  onSave: (dataUrl: string) => Promise<void>;
};

const FRAME = CROP_SIZE + 2 * CROP_BORDER;

/** 'Reposicione a imagem utilizando o mouse': drag to move, Zoom 1 to 5, 'Salvar' (spec §2, §5). */
export function RepositionDialog({ image, onCancel, onSave }: RepositionDialogProps) {
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const [crop, setCrop] = useState<CropState>(() => centered(size));
  const [saving, setSaving] = useState(false);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const scale = scaleOf(size, crop.zoom);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((state) => ({ ...state, ...clampOffset(size, state.zoom, state.x + dx, state.y + dy) }));
  };
  async function save() {
    setSaving(true);
    try {
      await onSave(exportCrop(image, crop));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      size="xs"
      overlayProps={{ [KEEP_PANEL_ATTRIBUTE]: "" }}
      {...{ [KEEP_PANEL_ATTRIBUTE]: "" }}
      className="flex flex-col items-center gap-2"
    >
      <DialogTitle className="text-center text-lg font-bold">{profileMessages.reposition}</DialogTitle>
      <div
        data-testid="crop-area"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        className="relative shrink-0 cursor-move touch-none overflow-hidden rounded-theme bg-black select-none"
        style={{ width: FRAME, height: FRAME }}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL */}
        <img
          src={image.src}
          alt=""
          draggable={false}
          className="pointer-events-none absolute max-w-none"
          style={{
            left: CROP_BORDER + crop.x,
            top: CROP_BORDER + crop.y,
            width: size.width * scale,
            height: size.height * scale,
          }}
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_200px_rgba(0,0,0,0.55)]"
        />
      </div>
      <label className="flex w-full items-center gap-1.5 text-sm font-medium">
        {profileMessages.zoom}
        <input
          type="range"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={crop.zoom}
          onChange={(event) => setCrop((state) => zoomTo(size, state, Number(event.target.value)))}
          className="flex-1 accent-[var(--primary)]"
        />
      </label>
      <div className="flex w-full justify-end gap-1">
        <Button variant="secondary" onClick={onCancel}>
          {commonMessages.cancel}
        </Button>
        <Button onClick={save} loading={saving}>
          {profileMessages.savePhoto}
        </Button>
      </div>
    </Dialog>
  );
}
