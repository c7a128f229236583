"use client";

import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";
import { cn } from "@/components/ui/cn";
import { ZOOM_LEVELS } from "./block-form-rules";

export type ImageStageProps = {
  url: string | undefined;
  alt: string;
  zoom: number;
  onZoomStep: (step: 1 | -1) => void;
  className?: string;
  /** Set on the img as data-block-image: which block's image is painted (the categorization screen). */
  blockId?: number;
};

type Pan = { x: number; y: number };

/** How far the image may move each way: half of what the scaled image exceeds the stage by. */
function panLimits(image: HTMLImageElement | null, stage: HTMLDivElement | null, scale: number): Pan {
  if (!image || !stage) return { x: 0, y: 0 };
  return {
    x: Math.max(0, (image.offsetWidth * scale - stage.clientWidth) / 2),
    y: Math.max(0, (image.offsetHeight * scale - stage.clientHeight) / 2),
  };
}

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));

/**
 * The centre image (spec §2): fitted to the stage, 3 zoom levels, wheel zoom, drag to pan while the
 * zoomed image is larger than the stage. Zoom level and image are the viewer's state (keyboard +/-).
 */
export function ImageStage({ url, alt, zoom, onZoomStep, className, blockId }: ImageStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Pan } | null>(null);
  // The pan belongs to one image at one zoom level: a new image or level starts centred.
  const panKey = `${zoom}|${url ?? ""}`;
  const [panState, setPanState] = useState<Pan & { key: string }>({ key: panKey, x: 0, y: 0 });
  const pan: Pan = panState.key === panKey ? panState : { x: 0, y: 0 };
  const setPan = (next: Pan) => setPanState({ key: panKey, ...next });
  const [dragging, setDragging] = useState(false);
  const [limits, setLimits] = useState<Pan>({ x: 0, y: 0 });
  const scale = ZOOM_LEVELS[zoom] ?? 1;
  const pannable = limits.x > 0 || limits.y > 0;
  const measure = useCallback(() => setLimits(panLimits(imageRef.current, stageRef.current, scale)), [scale]);

  // The limits follow the zoom, the image and the stage size.
  useEffect(() => {
    measure();
    const stage = stageRef.current;
    if (!stage || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [url, measure]);

  // Wheel zoom needs a non-passive listener to keep the page (or the dialog) from scrolling.
  const stepRef = useRef(onZoomStep);
  useEffect(() => {
    stepRef.current = onZoomStep;
  });
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      stepRef.current(event.deltaY < 0 ? 1 : -1);
    };
    stage.addEventListener("wheel", onWheel, { passive: false });
    return () => stage.removeEventListener("wheel", onWheel);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!pannable || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: pan };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    setPan({
      x: clamp(current.from.x + event.clientX - current.startX, limits.x),
      y: clamp(current.from.y + event.clientY - current.startY, limits.y),
    });
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
  };

  return (
    <div
      ref={stageRef}
      data-testid="viewer-stage"
      data-zoom={zoom + 1}
      data-pannable={pannable || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      className={cn(
        "relative flex min-h-0 min-w-0 touch-none items-center justify-center overflow-hidden " +
          "rounded-theme bg-canvas select-none",
        pannable ? (dragging ? "cursor-grabbing" : "cursor-grab") : null,
        className,
      )}
    >
      {url ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs: next/image would cache them
        <img
          ref={imageRef}
          src={url}
          alt={alt}
          data-block-image={blockId}
          draggable={false}
          onLoad={measure}
          style={{ transform: `translate(${clamp(pan.x, limits.x)}px, ${clamp(pan.y, limits.y)}px) scale(${scale})` }}
          className={cn("max-h-full max-w-full object-contain", dragging ? null : "transition-transform duration-150")}
        />
      ) : null}
    </div>
  );
}
