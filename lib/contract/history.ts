import { historyMessages } from "@/lib/i18n/sections/history";
import { idSchema } from "./ids";
import { z } from "./zod";

// The history of a block and of a client (docs/decisions/0285-block-and-client-history.md). Shared by
// the route handlers and the UI hooks.

export const historyKinds = [
  "sent",
  "viewed",
  "categorized",
  "pendency_raised",
  "pendency_solved",
  "contabilized",
  "contabilization_undone",
  "devolved",
  "undone",
  "exported",
  "imported",
] as const;
export const historyKindSchema = z.enum(historyKinds, { error: historyMessages.invalidKind });
export type HistoryKind = z.infer<typeof historyKindSchema>;

/** A field a categorisation changed: account as "code description", date "aaaa-mm-dd", value "1234.56". */
export const historyChangeSchema = z.object({
  field: z.enum(["account", "paymentDate", "value"]),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

/**
 * What an entry adds to its kind (every field optional; null when the kind has nothing to add):
 * categorized `changes`; pendency_raised `issue` (0 low quality, 1 incompatible, 2 incomplete) and
 * `observations`; pendency_solved `closedByDevolve`; contabilized and contabilization_undone `via`;
 * devolved `reason`; imported `key`; exported `format` and `postings`.
 */
export const historyDetailSchema = z
  .object({
    changes: z.array(historyChangeSchema).optional(),
    issue: z.number().int().optional(),
    observations: z.string().optional(),
    closedByDevolve: z.boolean().optional(),
    via: z.enum(["desktop", "mobile"]).optional(),
    reason: z.string().nullable().optional(),
    key: z.string().nullable().optional(),
    format: z.string().optional(),
    postings: z.number().int().optional(),
  })
  .nullable();
export type HistoryDetail = z.infer<typeof historyDetailSchema>;

export const historyEntrySchema = z.object({
  kind: historyKindSchema,
  at: z.iso.datetime(),
  /** The user who did it (id is the user's, across both platforms); null when unknown (removed, or none). */
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  detail: historyDetailSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** POST /api/block/history {blockId} → the block's entries, oldest first. */
export const blockHistoryAnswer = z.array(historyEntrySchema);

export const clientHistoryItemSchema = historyEntrySchema.extend({ blockId: z.number().int() });
export type ClientHistoryItem = z.infer<typeof clientHistoryItemSchema>;

/** The keyset position of a client history page: after (at, source, key, key2), newest first. */
export type HistoryCursor = { at: string; source: number; k1: number; k2: number };

const CURSOR_MAX = 200;

export function encodeHistoryCursor(cursor: HistoryCursor): string {
  const text = JSON.stringify([cursor.at, cursor.source, cursor.k1, cursor.k2]);
  // base64url of ASCII text, the same on both sides without Buffer.
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeHistoryCursor(value: string): HistoryCursor | null {
  if (value.length > CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const parsed: unknown = JSON.parse(atob(value.replace(/-/g, "+").replace(/_/g, "/")));
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [at, source, k1, k2] = parsed as unknown[];
    if (typeof at !== "string" || !z.iso.datetime().safeParse(at).success) return null;
    const ints = [source, k1, k2];
    if (!ints.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) return null;
    if ((k2 as number) > 2_147_483_647 || (source as number) > 99) return null;
    return { at, source: source as number, k1: k1 as number, k2: k2 as number };
  } catch {
    return null;
  }
}

const daySchema = z.iso.date({ error: historyMessages.invalidDate });

/** POST /api/client/history: the client, a page's cursor, and the filters (operator, kind, period). */
export const clientHistoryBody = z
  .object({
    clientId: idSchema,
    cursor: z
      .string({ error: historyMessages.invalidCursor })
      .refine((value) => decodeHistoryCursor(value) !== null, historyMessages.invalidCursor)
      .nullish(),
    kind: historyKindSchema.nullish(),
    operatorId: idSchema.nullish(),
    /** São Paulo calendar days, both included. */
    from: daySchema.nullish(),
    to: daySchema.nullish(),
  })
  .refine((body) => !body.from || !body.to || body.from <= body.to, {
    path: ["to"],
    message: historyMessages.periodOrder,
  });
export type ClientHistoryBody = z.infer<typeof clientHistoryBody>;

export const clientHistoryAnswer = z.object({
  items: z.array(clientHistoryItemSchema),
  nextCursor: z.string().nullable(),
});
export type ClientHistoryAnswer = z.infer<typeof clientHistoryAnswer>;
