import { ISSUE_CODES, PENDENCY_OBSERVATIONS_MAX } from "@/lib/constants";
import { categorizationMessages } from "@/lib/i18n/sections/categorization";
import { multilineTextSchema } from "@/lib/validation/schemas";
import { blockSchema } from "./blocks";
import { screenOperatorSchema } from "./business";
import { idSchema } from "./ids";
import { z } from "./zod";

// The categorization screen's calls (spec §2 Block viewer and categorization, §3 Block sync response,
// §7 /api/block/tocategorize, /api/pendency/create, /api/operator/sync|unsync/block).
// Wire decisions (docs/decisions/0124-categorization-queue-and-claims.md):
// - tocategorize answers the block to show AND the one after it (`next`, prefetched by the UI, images
//   included), both claimed for the caller; after a save, a report or a devolve the UI shows `next` at
//   once and calls tocategorize again to refill the prefetch.
// - uncategorizedCount counts the client's blocks the queue can hand out: live, without an account,
//   without an open pendency (the header's count reaches 0 exactly when the empty text shows).

/** POST /api/block/tocategorize and /api/operator/sync/block. */
export const categorizationClientBody = z.object({ clientId: idSchema });
export type CategorizationClientBody = z.infer<typeof categorizationClientBody>;

/** What the office had on a block before its pendency was solved: prefills the form. */
export const categorizationSuggestionSchema = z.object({
  accountId: z.number().int().nullable(),
  date: z.iso.date().nullable(),
  value: z.string().nullable(),
});
export type CategorizationSuggestion = z.infer<typeof categorizationSuggestionSchema>;

/** lib/contract/blocks Block plus the suggestion (null when the block never had one). */
export const categorizationBlockSchema = blockSchema.extend({ suggestion: categorizationSuggestionSchema.nullable() });
export type CategorizationBlock = z.infer<typeof categorizationBlockSchema>;

/**
 * null block: 'Não há blocos disponíveis para serem categorizados.' `heldBy` (additive): when nothing
 * was handed to the caller, the colleagues whose unexpired claims hold the blocks still counted (at
 * most CATEGORIZATION_AVATARS_MAX, by name); empty otherwise.
 */
export const toCategorizeAnswer = z.object({
  block: categorizationBlockSchema.nullable(),
  next: categorizationBlockSchema.nullable(),
  uncategorizedCount: z.number().int(),
  heldBy: z.array(screenOperatorSchema),
});
export type ToCategorizeAnswer = z.infer<typeof toCategorizeAnswer>;

/** Spec §3 Block sync response: the queue's count and the office's operators on the screen, the caller first. */
export const blockSyncAnswer = z.object({
  uncategorizedCount: z.number().int(),
  operators: z.array(screenOperatorSchema),
});
export type BlockSyncAnswer = z.infer<typeof blockSyncAnswer>;

/** POST /api/operator/unsync/block {clientId?}: that client's screen, or every client's when absent. */
export const blockUnsyncBody = z.object({ clientId: idSchema.optional() });
export type BlockUnsyncBody = z.infer<typeof blockUnsyncBody>;

/** POST /api/pendency/create: the spec's {issue, observations} plus blockId (additive). */
export const pendencyCreateBody = z.object({
  /** Left out (the spec's body): the `block` of the caller's latest tocategorize answer (decisions/0250). */
  blockId: idSchema.optional(),
  issue: z
    .int(categorizationMessages.invalidIssue)
    .refine((issue) => (ISSUE_CODES as readonly number[]).includes(issue), categorizationMessages.invalidIssue),
  observations: multilineTextSchema
    .pipe(
      z.string().max(PENDENCY_OBSERVATIONS_MAX, categorizationMessages.observationsTooLong(PENDENCY_OBSERVATIONS_MAX)),
    )
    .default(""),
});
export type PendencyCreateBody = z.infer<typeof pendencyCreateBody>;
