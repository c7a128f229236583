import "server-only";
import bwipjs from "bwip-js/node";

// The access key's Code-128 as the DANFE prints it: all digits, so bwip-js encodes it in set C (two
// digits a symbol: 277 modules for 44 digits). Each module is a whole number of pixels and the group is
// placed at whole pixels, so the bars come out with sharp edges that a reader measures exactly.

export type Barcode = { svg: string; width: number; height: number };

/** The bars of `digits` as an SVG group at (x, y); `module` pixels per module, bars `height` pixels tall. */
export function keyBarcode(digits: string, module: number, height: number): Barcode {
  // bwip-js takes the height in millimetres at 72 dpi, multiplied by the scale.
  const svg = bwipjs.toSVG({
    bcid: "code128",
    text: digits,
    scale: module,
    height: (height / module / 72) * 25.4,
    includetext: false,
  });
  const box = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!box) throw new Error("bwip-js answered an SVG without a viewBox");
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  return { svg: inner, width: Number(box[1]), height: Number(box[2]) };
}

/** The barcode's group translated to (x, y), whole pixels. */
export function placeBarcode(barcode: Barcode, x: number, y: number): string {
  return `<g transform="translate(${Math.round(x)} ${Math.round(y)})">${barcode.svg}</g>`;
}
