"use client";

import { Camera } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import { KEEP_PANEL_ATTRIBUTE } from "./expandable-panel";
import { RepositionDialog } from "./reposition-dialog";

export type PhotoEditorProps = {
  name: string;
  pictureUrl: string | null | undefined;
  /** Sends the cropped PNG data URL; a rejection keeps the dialog open. */
  onSave: (dataUrl: string) => Promise<unknown>;
  editable?: boolean;
  label?: string;
  className?: string;
};

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(profileMessages.notAnImage));
    image.src = URL.createObjectURL(file);
  });
}

/** The avatar with a hidden image picker; a chosen image opens the reposition dialog (spec §2). */
export function PhotoEditor({
  name,
  pictureUrl,
  onSave,
  editable = true,
  label = profileMessages.editPhoto,
  className,
}: PhotoEditorProps) {
  const input = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file may be chosen again
    if (!file) return;
    setError(null);
    if (!file.type.startsWith("image/")) return setError(profileMessages.notAnImage);
    setImage(await loadImage(file).catch(() => null));
  }
  function close() {
    if (image) URL.revokeObjectURL(image.src);
    setImage(null);
  }
  async function save(dataUrl: string) {
    try {
      await onSave(dataUrl);
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      close();
    }
  }

  if (!editable) return <Avatar name={name} pictureUrl={pictureUrl} className={cn("size-12 text-2xl", className)} />;
  return (
    <div className="flex flex-col items-center gap-1" {...{ [KEEP_PANEL_ATTRIBUTE]: "" }}>
      <button
        type="button"
        onClick={() => input.current?.click()}
        title={label}
        className="group relative cursor-pointer rounded-full"
      >
        {/* Named by this text, not aria-label: the initials drawn in the avatar are visible text that an
            aria-label would contradict (axe label-content-name-mismatch). */}
        <span className="sr-only">{label}</span>
        <Avatar name={name} pictureUrl={pictureUrl} className={cn("size-12 text-2xl", className)} />
        <span
          aria-hidden="true"
          className={
            "absolute right-0 bottom-0 grid size-4 place-items-center rounded-full border-2 " +
            "border-surface bg-primary text-primary-fg group-hover:bg-primary-hover"
          }
        >
          <Camera className="size-2" />
        </span>
      </button>
      <input ref={input} type="file" accept="image/*" hidden onChange={onFile} data-testid="photo-input" />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {image ? <RepositionDialog image={image} onCancel={close} onSave={save} /> : null}
    </div>
  );
}
