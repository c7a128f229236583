import {
  cpfSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  requiredSchema,
  secretSchema,
  textSchema,
} from "@/lib/validation/schemas";
import { idSchema } from "./ids";
import { z } from "./zod";

// Operators, the caller's profile and the platform switch. Shared by the route
// handlers and the UI. Answers carry stored forms (CPF and phone digits only); the UI applies masks.

/** 'bussiness' is spelt so (contract). */
export const platformSchema = z.enum(["accounting", "bussiness"]);
export type Platform = z.infer<typeof platformSchema>;

/** Spec §3 Operator. `id` is the operator id of that platform; `sharedTo` is false on accounting. */
export const operatorAnswer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  type: z.number(),
  blocked: z.boolean(),
  sharedTo: z.boolean(),
  code: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  hasPaymentAccess: z.boolean(),
});
export type OperatorAnswer = z.infer<typeof operatorAnswer>;
export const operatorListAnswer = z.array(operatorAnswer);

export const operatorProfileQuery = z.object({ platform: platformSchema.optional() });

export const operatorProfileBody = z.object({
  name: requiredSchema.pipe(z.string().max(200)),
  code: cpfSchema,
  email: emailSchema.pipe(z.string().max(254)),
  phone: phoneSchema,
  platform: platformSchema.optional(),
  /** Required by the server when `email` differs from the caller's current one (see updateProfile). */
  currentPassword: secretSchema.optional(),
});
/** What the form sends (masked values are fine). */
export type OperatorProfileBody = z.input<typeof operatorProfileBody>;
/** What the server stores: trimmed, digits only, e-mail lower case. */
export type OperatorProfileData = z.output<typeof operatorProfileBody>;

/** `type` is an optional hint the server ignores: it sniffs the bytes. */
export const operatorPhotoBody = z.object({
  type: textSchema.max(100).optional(),
  base64url: z.string().min(1),
});
export type OperatorPhotoBody = z.infer<typeof operatorPhotoBody>;
export const pictureAnswer = z.object({ pictureUrl: z.string() });
export type PictureAnswer = z.infer<typeof pictureAnswer>;

export const changePasswordBody = z.object({
  currentPassword: secretSchema,
  newPassword: passwordSchema.pipe(z.string().max(1024)),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export const changePasswordAnswer = z.object({ access: z.string(), refresh: z.string() });
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswer>;

const operatorId = idSchema;
/** change/admin and block/change: `platform` defaults to accounting when the caller has it. */
export const operatorTargetBody = z.object({ operatorId, platform: platformSchema.optional() });
export type OperatorTargetBody = z.infer<typeof operatorTargetBody>;
/** remove/accounting, remove/client, change/sharedto: the platform is fixed by the path. */
export const operatorIdBody = z.object({ operatorId });
export type OperatorIdBody = z.infer<typeof operatorIdBody>;

export const platformAnswer = z.object({ platform: platformSchema });
export type PlatformAnswer = z.infer<typeof platformAnswer>;
