// The installable app's icons, made from the logo (app/icon.svg) with sharp and committed under
// public/icons/ (and app/apple-icon.png, which Next links as the apple-touch-icon of every page):
// - icon-192.png, icon-512.png: the logo as it is (rounded corners on a transparent ground), purpose "any";
// - icon-maskable-512.png: the logo's green to the edges with its bars inside the central 80% circle
//   that every mask keeps (purpose "maskable");
// - apple-icon.png (180): square and opaque, as iOS rounds the corners itself.
// Nothing is downloaded. Run again after the logo changes: node scripts/pwa-icons.mjs
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import sharp from "sharp";

const root = resolve(import.meta.dirname, "..");
const logo = readFileSync(resolve(root, "app/icon.svg"), "utf8");

/** The logo's ground colour and its bars (the <rect>s after the first), read from app/icon.svg. */
const rects = [...logo.matchAll(/<rect\b[^>]*\/>/g)].map(([tag]) => tag);
const ground = /fill="(#[0-9a-f]{6})"/i.exec(rects[0])?.[1];
if (!ground || rects.length < 2) throw new Error("app/icon.svg: expected a ground <rect> and the bars");
const bars = rects.slice(1).join("");

/** The bars (drawn on the logo's 32-unit grid, 8..24 across) scaled by `scale` around the centre, on a full square. */
const square = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${ground}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${bars}</g></svg>`;

const outputs = [
  { file: "public/icons/icon-192.png", size: 192, svg: logo },
  { file: "public/icons/icon-512.png", size: 512, svg: logo },
  // The bars span 16 of 32 units (diagonal about 0.65 of the side once scaled by 0.85), inside the 80% safe circle.
  { file: "public/icons/icon-maskable-512.png", size: 512, svg: square(0.85) },
  { file: "app/apple-icon.png", size: 180, svg: square(1) },
];

for (const { file, size, svg } of outputs) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(resolve(root, file));
  console.log(`${file} ${size}x${size}`);
}
