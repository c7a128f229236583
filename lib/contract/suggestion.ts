import { z } from "./zod";

// The account suggested for a block (additive on every block answer and on /api/document/block):
// computed when read from the client's earlier blocks of the same supplier, never stored
// (docs/decisions/0295-account-suggestions.md). `kind` "supplier": this client's own history;
// "office": the office's other clients' use of the supplier, a weaker hint. `count`: the uses of the
// suggested account's code it counted.
export const accountSuggestionSchema = z.object({
  accountId: z.number().int(),
  reason: z.object({
    kind: z.enum(["supplier", "office"]),
    count: z.number().int(),
    supplierName: z.string().nullable(),
  }),
});
export type AccountSuggestion = z.infer<typeof accountSuggestionSchema>;
