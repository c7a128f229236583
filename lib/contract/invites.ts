import {
  cpfSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  secretSchema,
  textSchema,
} from "@/lib/validation/schemas";
import { idSchema } from "./ids";
import { clientData } from "./offices";
import { platformSchema } from "./operators";
import { z } from "./zod";

// Operator invites, the invite link, password reset and the dev outbox.

export const inviteAnswer = z.object({ id: z.number(), email: z.string() });
export type InviteAnswer = z.infer<typeof inviteAnswer>;
export const inviteListAnswer = z.array(inviteAnswer);

/** kind 'client' lists invites of new client companies of the office (owners and admins: all of the
 * office's; a regular operator: the ones it sent). */
export const inviteListBody = z.object({
  kind: z.enum(["operator", "client"]).default("operator"),
  platform: platformSchema.optional(),
});
export type InviteListBody = z.input<typeof inviteListBody>;

/** kind 'operator' (default): an operator of the caller's platform; 'client': a new client company of the
 * caller's office (any accounting operator; it becomes the company's responsible operator). */
export const inviteAddBody = z.object({
  email: emailSchema.pipe(z.string().max(254)),
  kind: z.enum(["operator", "client"]).optional(),
  platform: platformSchema.optional(),
});
export type InviteAddBody = z.input<typeof inviteAddBody>;

export const inviteRemoveBody = z.object({ inviteId: idSchema });
export type InviteRemoveBody = z.infer<typeof inviteRemoveBody>;

const token = textSchema.min(1).max(200);
export const inviteTokenBody = z.object({ token });
export type InviteTokenBody = z.infer<typeof inviteTokenBody>;

export const inviteInfoAnswer = z.object({
  email: z.string(),
  kind: z.enum(["accountingOperator", "clientOperator", "client"]),
  organizationName: z.string(),
  userExists: z.boolean(),
  /** Only present (true) on the link of an office sign-up: the owner sets its first password. */
  signup: z.literal(true).optional(),
});
export type InviteInfoAnswer = z.infer<typeof inviteInfoAnswer>;

/**
 * A client company registering from its invite: its type decides the rules (spec §5 office
 * save: a juridic person needs CNPJ, e-mail and phone; an individual CPF, e-mail and phone optional).
 */
const registration = (type: "juridicPerson" | "individual") =>
  clientData(type)
    .omit({ pictureUrl: true })
    .extend({ type: z.literal(type) });
export const clientRegistration = z.discriminatedUnion("type", [
  registration("juridicPerson"),
  registration("individual"),
]);
export type ClientRegistration = z.input<typeof clientRegistration>;

/**
 * `name` is required only when the e-mail has no user yet (the server reports it on `name`). A client
 * company invite also needs `client` (the company) and, for a new user, its `code` (CPF) and `phone`.
 */
export const inviteAcceptBody = z.object({
  token,
  name: textSchema.max(200).optional(),
  password: secretSchema,
  code: cpfSchema.optional(),
  phone: phoneSchema.optional(),
  client: clientRegistration.optional(),
});
export type InviteAcceptBody = z.input<typeof inviteAcceptBody>;
export type InviteAcceptInput = z.output<typeof inviteAcceptBody>;

export const forgotPasswordBody = z.object({ email: emailSchema.pipe(z.string().max(254)) });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({ token, password: passwordSchema.pipe(z.string().max(1024)) });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/password/reset/check: the reset page asks, when it opens, whether its link can be used. */
export const resetCheckBody = z.object({ token });

export const outboxEntry = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;
