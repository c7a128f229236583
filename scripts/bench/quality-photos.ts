import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { analysisSize, assessPhoto, type QualityReport } from "@/lib/images/quality";
import type { Size } from "@/lib/images/downscale";
import { RECEIPT_TEMPLATES } from "@/server/seed/receipt-templates";
import type { Random } from "@/server/seed/random";

// Phone photos of receipts for the photo quality check (lib/images/quality.ts): a paper with printed
// lines drawn with @napi-rs/canvas, turned on a table under uneven light, at the size the browser sends
// (2000 px on the long side), then one degradation, then the sensor's noise and a JPEG at the browser's
// quality. The sharp photos are not perfect either: a phone's focus leaves a blur of σ 0–0.8 px.

export type Degradation =
  | { kind: "sharp" }
  | { kind: "gaussian"; sigma: number }
  | { kind: "motion"; length: number }
  | { kind: "dark"; gain: number }
  | { kind: "bright"; gain: number; lift: number }
  | { kind: "small"; side: number };

export type ReceiptPhoto = { bytes: Buffer; width: number; height: number };

const MONO = "DejaVu Sans Mono";
const SANS = "DejaVu Sans";
export const PHOTO_SIDE = 2000;
const JPEG_QUALITY = 85;

const money = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

function receiptLines(random: Random): { text: string; bold?: boolean; rule?: boolean }[] {
  const template = random.pick(RECEIPT_TEMPLATES);
  const lines: { text: string; bold?: boolean; rule?: boolean }[] = [
    { text: template.issuer, bold: true },
    { text: `CNPJ ${template.issuerCnpj}` },
    { text: template.address },
    { text: "", rule: true },
    { text: template.title, bold: true },
    { text: "", rule: true },
  ];
  const repeats = random.int(1, 4);
  for (let r = 0; r < repeats; r += 1)
    for (const item of template.items)
      lines.push({
        text: `${item.quantity} x ${item.description.padEnd(22).slice(0, 22)} ${money(item.quantity * item.unitCents).padStart(10)}`,
      });
  lines.push({ text: "", rule: true });
  const total = template.items.reduce((sum, item) => sum + item.quantity * item.unitCents, 0) * repeats;
  lines.push({ text: `TOTAL R$ ${money(total)}`, bold: true });
  lines.push({ text: `Pagamento: ${template.payment}` });
  lines.push({ text: `${random.int(1, 28)}/0${random.int(1, 9)}/2026 ${random.int(8, 21)}:${random.int(10, 59)}` });
  lines.push({ text: `Chave ${Array.from({ length: 11 }, () => random.int(1000, 9999)).join(" ")}` });
  return lines;
}

/** The photo's pixels (RGBA) before any degradation: portrait or landscape, 2000 px on the long side. */
function drawReceipt(random: Random): { rgba: Buffer; width: number; height: number } {
  const portrait = random.chance(0.7);
  const width = portrait ? 1500 : PHOTO_SIDE;
  const height = portrait ? PHOTO_SIDE : 1500;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  // The table: a colour, its grain, a few darker strokes (wood, cloth).
  const table = random.pick(["#8a7560", "#5d6470", "#b9ad9b", "#3d3a36", "#c9c4bb", "#6b4f3a"]);
  ctx.fillStyle = table;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 60; i += 1) {
    ctx.strokeStyle = `rgba(0,0,0,${(random.next() * 0.08).toFixed(3)})`;
    ctx.lineWidth = 2 + random.next() * 12;
    ctx.beginPath();
    const y = random.next() * height;
    ctx.moveTo(0, y);
    ctx.bezierCurveTo(width / 3, y + random.int(-60, 60), (2 * width) / 3, y + random.int(-60, 60), width, y);
    ctx.stroke();
  }
  // The paper: 40–80 % of the frame's width, turned up to ±12°.
  const lines = receiptLines(random);
  const paperW = width * (0.4 + random.next() * 0.4);
  const font = paperW / (44 + random.int(0, 8)) / 0.6; // ~44–52 monospaced characters across
  const lineH = font * 1.35;
  const paperH = Math.min(height * 1.1, (lines.length + 4) * lineH);
  const tilt = ((random.next() * 2 - 1) * 12 * Math.PI) / 180;
  ctx.save();
  ctx.translate(width / 2 + random.int(-80, 80), height / 2 + random.int(-80, 80));
  ctx.rotate(tilt);
  ctx.translate(-paperW / 2, -paperH / 2);
  ctx.fillStyle = "rgba(20,15,10,0.35)";
  ctx.fillRect(8, 10, paperW, paperH);
  ctx.fillStyle = random.pick(["#fbfaf4", "#ffffff", "#f4f1e8", "#f7f3ea"]);
  ctx.fillRect(0, 0, paperW, paperH);
  const ink = random.pick(["#1d1d1f", "#2b2b33", "#3a3530"]);
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  lines.forEach((line, index) => {
    const y = (index + 2) * lineH;
    if (line.rule) {
      ctx.setLineDash([font * 0.4, font * 0.25]);
      ctx.lineWidth = Math.max(1, font * 0.08);
      ctx.beginPath();
      ctx.moveTo(font * 0.8, y - font * 0.35);
      ctx.lineTo(paperW - font * 0.8, y - font * 0.35);
      ctx.stroke();
      ctx.setLineDash([]);
      return;
    }
    ctx.font = `${line.bold ? "bold " : ""}${font.toFixed(1)}px ${line.bold ? SANS : MONO}`;
    ctx.fillText(line.text, font * 0.8, y, paperW - font * 1.6);
  });
  ctx.restore();
  // Uneven light: brighter on one side, a soft shadow on the other.
  const light = ctx.createLinearGradient(0, 0, width * random.next(), height);
  const strength = random.next() * 0.22;
  light.addColorStop(0, `rgba(255,255,255,${strength.toFixed(3)})`);
  light.addColorStop(1, `rgba(0,0,0,${(strength * 0.8).toFixed(3)})`);
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, width, height);
  const data = ctx.getImageData(0, 0, width, height).data;
  return { rgba: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
}

/** A 2D kernel of a straight stroke `length` px long at `angle` radians (a hand that moved), normalised. */
function motionKernel(length: number, angle: number): { width: number; height: number; kernel: number[] } {
  const side = length % 2 === 1 ? length : length + 1;
  const kernel = new Array<number>(side * side).fill(0);
  const c = (side - 1) / 2;
  for (let step = 0; step <= 4 * length; step += 1) {
    const t = step / (4 * length) - 0.5;
    const x = Math.round(c + t * (length - 1) * Math.cos(angle));
    const y = Math.round(c + t * (length - 1) * Math.sin(angle));
    kernel[y * side + x] = 1;
  }
  const sum = kernel.reduce((a, b) => a + b, 0);
  return { width: side, height: side, kernel: kernel.map((v) => v / sum) };
}

/** Standard normal values (Box–Muller), drawn once: the noise picks among them. */
const NORMALS = (() => {
  const values = new Float32Array(1 << 16);
  let state = 7;
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  for (let i = 0; i < values.length; i += 1)
    values[i] = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return values;
})();

/** Sensor noise: gaussian, σ in grey levels, mostly the same on the three channels. */
function addNoise(rgb: Buffer, sigma: number, random: Random): void {
  let state = (random.next() * 4294967295) | 1;
  const mask = NORMALS.length - 1;
  for (let i = 0; i < rgb.length; i += 3) {
    state ^= state << 13; // xorshift32
    state ^= state >>> 17;
    state ^= state << 5;
    const at = state & mask;
    const shared = NORMALS[at] * sigma;
    for (let c = 0; c < 3; c += 1) {
      const value = rgb[i + c] + shared + NORMALS[(at + c * 7919) & mask] * sigma * 0.3;
      rgb[i + c] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
}

/** One receipt photo with `degradation`, as the browser sends it (JPEG, at most 2000 px). */
export async function receiptPhoto(random: Random, degradation: Degradation): Promise<ReceiptPhoto> {
  const { rgba, width, height } = drawReceipt(random);
  const focus = random.next() * 0.8;
  let image = sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha();
  if (focus >= 0.3) image = image.blur(focus);
  let size = { width, height };
  switch (degradation.kind) {
    case "gaussian":
      image = sharp(await image.blur(degradation.sigma).raw().toBuffer(), { raw: { width, height, channels: 3 } });
      break;
    case "motion":
      image = sharp(
        await image
          .convolve(motionKernel(degradation.length, random.next() * Math.PI))
          .raw()
          .toBuffer(),
        { raw: { width, height, channels: 3 } },
      );
      break;
    case "dark":
      image = sharp(await image.linear(degradation.gain, 0).raw().toBuffer(), { raw: { width, height, channels: 3 } });
      break;
    case "bright":
      image = sharp(await image.linear(degradation.gain, degradation.lift).raw().toBuffer(), {
        raw: { width, height, channels: 3 },
      });
      break;
    case "small": {
      const scale = degradation.side / Math.max(width, height);
      size = { width: Math.round(width * scale), height: Math.round(height * scale) };
      image = sharp(await image.resize(size.width, size.height).raw().toBuffer(), {
        raw: { ...size, channels: 3 },
      });
      break;
    }
    case "sharp":
      break;
  }
  const rgb = await image.raw().toBuffer();
  // Sensor noise grows in the dark (the phone raises its gain).
  addNoise(rgb, degradation.kind === "dark" ? 4 + random.next() * 3 : 1.5 + random.next() * 2.5, random);
  const bytes = await sharp(rgb, { raw: { ...size, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return { bytes, ...size };
}

/**
 * The canvas's "low" draw (lib/images/quality.worker.ts) of RGBA pixels at `to`: bilinear, each pixel
 * sampled at its centre's place in the source (x + 0.5) × scale − 0.5 from its four neighbours, the edges
 * clamped. It is what Chromium's draw gives within one grey level (checked on decoded receipts: every
 * channel within 1, the sharpness measures within about 1 %).
 */
export function drawBilinear(rgba: Uint8Array, from: Size, to: Size): Uint8Array {
  const out = new Uint8Array(to.width * to.height * 4);
  const scaleX = from.width / to.width;
  const scaleY = from.height / to.height;
  const last = { x: from.width - 1, y: from.height - 1 };
  for (let y = 0; y < to.height; y += 1) {
    const fy = (y + 0.5) * scaleY - 0.5;
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    const above = Math.min(last.y, Math.max(0, y0)) * from.width;
    const below = Math.min(last.y, Math.max(0, y0 + 1)) * from.width;
    for (let x = 0; x < to.width; x += 1) {
      const fx = (x + 0.5) * scaleX - 0.5;
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const left = Math.min(last.x, Math.max(0, x0));
      const right = Math.min(last.x, Math.max(0, x0 + 1));
      const a = (above + left) * 4;
      const b = (above + right) * 4;
      const c = (below + left) * 4;
      const d = (below + right) * 4;
      const at = (y * to.width + x) * 4;
      for (let channel = 0; channel < 4; channel += 1)
        out[at + channel] = Math.round(
          (1 - ty) * ((1 - tx) * rgba[a + channel] + tx * rgba[b + channel]) +
            ty * ((1 - tx) * rgba[c + channel] + tx * rgba[d + channel]),
        );
    }
  }
  return out;
}

/**
 * The photo measured as the worker measures it: decoded (sharp's libjpeg-turbo gives the same pixels as
 * Chromium's decoder on these JPEGs), drawn at the analysis size as the canvas's "low" draw does
 * (drawBilinear), then the same measures.
 */
export async function assessJpeg(bytes: Buffer): Promise<QualityReport> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const size = { width: info.width, height: info.height };
  const target = analysisSize(size);
  const pixels = drawBilinear(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), size, target);
  return assessPhoto({ data: pixels, ...target, channels: 4 }, size);
}
