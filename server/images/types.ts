import "server-only";

// Result of the image pipeline (ARCHITECTURE §5): what a stored document is made of.
export type ProcessedImage = {
  display: Buffer; // re-encoded, EXIF-rotated, metadata stripped, longest side <= DISPLAY_MAX
  thumb: Buffer; // small square-ish preview
  mime: "image/webp";
  width: number; // of the display image
  height: number;
  size: number; // display.length
  hash: string; // sha256 hex of the decoded upload bytes
  photoHash: bigint; // 64-bit perceptual hash of the picture (server/images/photo-hash.ts)
};
