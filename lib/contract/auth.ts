import { requiredSchema, secretSchema, textSchema } from "@/lib/validation/schemas";
import { z } from "./zod";

// Spec §7 "Auth". Request bodies and answers of the token contract, shared by route handlers and UI.
export const tokenBody = z.object({
  username: requiredSchema.pipe(z.string().max(254)),
  password: secretSchema,
});
export type TokenBody = z.infer<typeof tokenBody>;

export const tokenAnswer = z.object({
  access: z.string(),
  refresh: z.string(),
  isAccouting: z.boolean(), // spelt so (contract)
  isBussiness: z.boolean(), // spelt so (contract)
});
export type TokenAnswer = z.infer<typeof tokenAnswer>;

export const refreshBody = z.object({ refresh: textSchema.min(1).max(4096) });
export type RefreshBody = z.infer<typeof refreshBody>;

export const refreshAnswer = z.object({ access: z.string(), refresh: z.string() });
export type RefreshAnswer = z.infer<typeof refreshAnswer>;

export const meAnswer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  code: z.string().nullable(),
  phone: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  isAccouting: z.boolean(),
  isBussiness: z.boolean(),
  accounting: z
    .object({
      operatorId: z.number(),
      type: z.number(),
      officeId: z.number(),
      officeName: z.string(),
      hasPaymentAccess: z.boolean(),
    })
    .nullable(),
  business: z
    .object({
      operatorId: z.number(),
      type: z.number(),
      clientId: z.number(),
      clientName: z.string(),
      clientType: z.enum(["juridicPerson", "individual"]),
    })
    .nullable(),
});
export type MeAnswer = z.infer<typeof meAnswer>;
