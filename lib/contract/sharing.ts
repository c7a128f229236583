import { idSchema } from "./ids";
import { operatorAnswer } from "./operators";
import { z } from "./zod";

// Share, transfer and remove a client (spec §7 operator/shared…, operator/transfer…;
// the removal path is ours, docs/api.md). Shared by the route handlers and the UI hooks.

/** operator/shared, operator/transfer, client/remove. */
export const clientIdBody = z.object({ clientId: idSchema });
export type ClientIdBody = z.infer<typeof clientIdBody>;

/** operator/shared/change and operator/transfer/change (the spec's field name). */
export const clientOperatorBody = z.object({ clientId: idSchema, accountingOperatorId: idSchema });
export type ClientOperatorBody = z.infer<typeof clientOperatorBody>;

/** Spec §3 Operator plus `isShared` (in share lists). */
export const sharedOperatorAnswer = operatorAnswer.extend({ isShared: z.boolean() });
export type SharedOperatorAnswer = z.infer<typeof sharedOperatorAnswer>;
export const sharedOperatorListAnswer = z.array(sharedOperatorAnswer);

/** operator/transfer/change: the client's new responsible operator. */
export const transferAnswer = z.object({ clientId: z.number(), responsibleOperatorId: z.number() });
export type TransferAnswer = z.infer<typeof transferAnswer>;
