import { emailSchema, passwordSchema, secretSchema, textSchema } from "@/lib/validation";
import { idSchema } from "./ids";
import { platformSchema } from "./operators";
import { z } from "./zod";

// Issue 3 "helper-5": operator invites, the invite link, password reset and the dev outbox.

export const inviteAnswer = z.object({ id: z.number(), email: z.string() });
export type InviteAnswer = z.infer<typeof inviteAnswer>;
export const inviteListAnswer = z.array(inviteAnswer);

/** kind 'client' lists invites of new client companies of the office (accepted in a later issue). */
export const inviteListBody = z.object({
  kind: z.enum(["operator", "client"]).default("operator"),
  platform: platformSchema.optional(),
});
export type InviteListBody = z.input<typeof inviteListBody>;

/** Only operator invites can be sent for now: a client company invite needs the sign-up of a later issue. */
export const inviteAddBody = z.object({
  email: emailSchema.pipe(z.string().max(254)),
  kind: z.literal("operator").optional(),
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
});
export type InviteInfoAnswer = z.infer<typeof inviteInfoAnswer>;

/** `name` is required only when the e-mail has no user yet (the server reports it on `name`). */
export const inviteAcceptBody = z.object({
  token,
  name: textSchema.max(200).optional(),
  password: secretSchema,
});
export type InviteAcceptBody = z.infer<typeof inviteAcceptBody>;

export const forgotPasswordBody = z.object({ email: emailSchema.pipe(z.string().max(254)) });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({ token, password: passwordSchema.pipe(z.string().max(1024)) });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const outboxEntry = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;
