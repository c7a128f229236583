import { randomInt } from "node:crypto";
import { boletoDigit } from "@/lib/fiscal/check-digits";
import { createRandom, type Random } from "@/server/seed/random";
import type { DrawnCode } from "../../../scripts/fiscal-photos/codes";
import { photograph } from "../../../scripts/fiscal-photos/photo";

// Photos of documents carrying a code the test chose (a boleto's ITF with a known due date and value,
// a DANFE's Code-128 of a given access key), drawn by the read-rate measure's own photographer
// (scripts/fiscal-photos/photo.ts: paper with text on a table, lit unevenly, JPEG quality 75). The
// journeys test what the screens make of a reading, not the reader's rate: the photo is a steady one
// (2.7 px modules, no blur, turned 2°), which the first view of the reader takes within the job's budget
// on a loaded machine; the rest of the page (its size, text, colours) comes from the seed.

const DAY_MS = 86_400_000;
const FACTOR_DAY_0 = Date.UTC(1997, 9, 7);

/** A boleto's 44-digit barcode: `bank`, currency 9, its DV, the due date's factor, the value, a free field. */
export function boletoBarcode({
  bank = "237",
  dueDate,
  valueCents,
}: {
  bank?: string;
  /** YYYY-MM-DD */
  dueDate: string;
  valueCents: number;
}): string {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - FACTOR_DAY_0) / DAY_MS);
  // The factor reached 9999 on 2025-02-21 and went on from 1000 (lib/fiscal/payment-codes.ts).
  const factor = String(days >= 10_000 ? days - 9_000 : days).padStart(4, "0");
  const free = Array.from({ length: 25 }, () => randomInt(10)).join("");
  const rest = factor + String(valueCents).padStart(10, "0") + free;
  const head = `${bank}9`;
  return head + boletoDigit(head + rest) + rest;
}

/** The seed's draws, after `first` (the photographer's module width, blur and tilt, in that order). */
function steady(seed: number, first: number[]): Random {
  const seeded = createRandom(seed);
  const queue = [...first];
  const next = () => queue.shift() ?? seeded.next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    chance: (probability) => next() < probability,
    sample: (items, count) => seeded.sample(items, count),
  };
}

/** A phone's JPEG of a page carrying `code`. */
export async function photoOf(code: DrawnCode, seed = 2026): Promise<Buffer> {
  // module 1.5 + 0.8 × 1.5 = 2.7 px; blur 0.1 (below 0.3: none); tilt (0.6 × 2 − 1) × 10 = 2°
  const photo = await photograph(steady(seed, [0.8, 0.1, 0.6]), code);
  return photo.bytes;
}

export const boletoCode = (text: string): DrawnCode => ({ kind: "boleto", bcid: "interleaved2of5", text });
export const accessKeyCode = (key: string): DrawnCode => ({ kind: "code128", bcid: "code128", text: key });

/** The data URL a phone's photo becomes in the send (POST /api/block/create). */
export const jpegDataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;
