import { IMAGE_DATA_URL_MAX } from "@/lib/constants";

// Geometry of the avatar crop (spec §9: 224 by 224, border 16, radius 128) and its export.
export const CROP_SIZE = 224;
export const CROP_BORDER = 16;
export const CROP_RADIUS = 128;
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;
export const ZOOM_STEP = 0.0001;

export type CropState = { zoom: number; x: number; y: number };
export type Size = { width: number; height: number };

/** The scale at which the image just covers the crop square, times the zoom. */
export function scaleOf(image: Size, zoom: number): number {
  return Math.max(CROP_SIZE / image.width, CROP_SIZE / image.height) * zoom;
}

/** Keeps the image covering the whole crop square (no empty corner). */
export function clampOffset(image: Size, zoom: number, x: number, y: number): { x: number; y: number } {
  const scale = scaleOf(image, zoom);
  const clamp = (value: number, length: number) => Math.min(0, Math.max(CROP_SIZE - length * scale, value));
  return { x: clamp(x, image.width), y: clamp(y, image.height) };
}

export function centered(image: Size, zoom = ZOOM_MIN): CropState {
  const scale = scaleOf(image, zoom);
  return { zoom, x: (CROP_SIZE - image.width * scale) / 2, y: (CROP_SIZE - image.height * scale) / 2 };
}

/** A new zoom keeping the point under the crop centre in place. */
export function zoomTo(image: Size, state: CropState, zoom: number): CropState {
  const ratio = scaleOf(image, zoom) / scaleOf(image, state.zoom);
  const half = CROP_SIZE / 2;
  const x = half - (half - state.x) * ratio;
  const y = half - (half - state.y) * ratio;
  return { zoom, ...clampOffset(image, zoom, x, y) };
}

/** Draws the crop on a 224x224 canvas and exports a PNG data URL, downscaled until under the limit. */
export function exportCrop(image: HTMLImageElement, state: CropState): string {
  const scale = scaleOf({ width: image.naturalWidth, height: image.naturalHeight }, state.zoom);
  let canvas = document.createElement("canvas");
  canvas.width = CROP_SIZE;
  canvas.height = CROP_SIZE;
  canvas.getContext("2d")?.drawImage(image, state.x, state.y, image.naturalWidth * scale, image.naturalHeight * scale);
  let dataUrl = canvas.toDataURL("image/png");
  while (dataUrl.length > IMAGE_DATA_URL_MAX && canvas.width > 1) {
    const smaller = document.createElement("canvas");
    smaller.width = Math.max(1, Math.floor(canvas.width / 2));
    smaller.height = Math.max(1, Math.floor(canvas.height / 2));
    smaller.getContext("2d")?.drawImage(canvas, 0, 0, smaller.width, smaller.height);
    canvas = smaller;
    dataUrl = canvas.toDataURL("image/png");
  }
  return dataUrl;
}
