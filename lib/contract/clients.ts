import { z } from "./zod";

// The client list of the accounting platform (spec §3 Client) and the busy poll (spec §4).

/** Body of POST /api/clients and POST /api/client/busy. */
export { clientIdBody, type ClientIdBody } from "./offices";

/** Another accounting operator working the client (contabilization lease or categorization screen). */
export const busyOperatorSchema = z.object({ name: z.string(), pictureUrl: z.string().nullable() });
export type BusyOperator = z.infer<typeof busyOperatorSchema>;

export const clientCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  isResponsable: z.boolean(),
  isShared: z.boolean(),
  isOwner: z.boolean(),
  hasUncategorizedBlocks: z.boolean(),
  hasPendencies: z.boolean(),
  modifiedDatetime: z.iso.datetime(),
  operatorName: z.string(),
  photoOperatorUrl: z.string().nullable(),
  busy: busyOperatorSchema.nullable(),
});
export type ClientCard = z.infer<typeof clientCardSchema>;

export const clientCardListSchema = z.array(clientCardSchema);

/**
 * `busy`: another operator working the client (lease or categorization screen). `contabilizing`
 * (additive): the operator other than the caller holding the client's unexpired contabilization lease —
 * the Contabilizar entry is disabled with its avatar.
 */
export const clientBusyAnswerSchema = z.object({
  busy: busyOperatorSchema.nullable(),
  contabilizing: busyOperatorSchema.nullable(),
});
export type ClientBusyAnswer = z.infer<typeof clientBusyAnswerSchema>;
