import { readingSourceSchema } from "@/lib/contract/fiscal";
import { z } from "@/lib/contract/zod";
import type { Finding } from "./block-reading";

// A Finding as stored in document_findings.finding (JSON): checked when read back, since a JSON column
// holds whatever was written to it (an older shape, a hand-made row), and a block's reading must not
// carry what it cannot merge.

const digits = (length: number) => z.string().regex(new RegExp(`^\\d{${length}}$`));
const cents = z.int().min(0);

const paymentCodeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("boleto"),
    barcode: digits(44),
    bank: digits(3),
    dueDate: z.iso.date().nullable(),
    valueCents: cents,
  }),
  z.object({ kind: z.literal("arrecadacao"), barcode: digits(44), segment: z.string(), valueCents: cents.nullable() }),
]);

export const findingSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("fiscal"),
    source: readingSourceSchema,
    key: digits(44),
    model: z.enum(["55", "65", "57", "59"]),
    cnpj: z.string().nullable(),
    supplierName: z.string().nullable(),
    date: z.iso.date().nullable(),
    valueCents: cents.nullable(),
  }),
  z.object({ kind: z.literal("payment"), source: readingSourceSchema, code: paymentCodeSchema }),
  z.object({
    kind: z.literal("ocr"),
    source: z.literal("ocr"),
    cnpj: digits(14).nullable(),
    supplierName: z.string().nullable(),
    date: z.iso.date().nullable(),
    valueCents: cents.nullable(),
    confidence: z.number().min(0).max(1),
  }),
]);

// The schema's type is the Finding type: a change to one that the other misses fails to compile.
const sameShape: (finding: z.infer<typeof findingSchema>) => Finding = (finding) => finding;
void sameShape;
