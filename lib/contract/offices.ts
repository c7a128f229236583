import {
  addressNumberSchema,
  cepSchema,
  clientCodeSchema,
  cnpjSchema,
  emailSchema,
  phoneSchema,
  requiredSchema,
  textSchema,
} from "@/lib/validation/schemas";
import { idSchema } from "./ids";
import { z } from "./zod";

// The office of an accounting operator, the company of a business operator, their
// logos and the contacts a client sees. Answers carry stored forms (digits only); the UI applies masks.

const text = (max: number) => requiredSchema.pipe(z.string().max(max));

/** Spec §5 address rules: valid CEP; Número, Cidade, Rua, Bairro and Estado not empty. */
export const addressSchema = z.object({
  cep: cepSchema,
  city: text(120),
  neighboor: text(120), // spelt so (contract)
  number: addressNumberSchema.pipe(z.string().max(20)),
  state: text(60),
  street: text(200),
});
export type Address = z.output<typeof addressSchema>;

/** A blank optional field is null; anything typed must pass its own rule. */
function optional(schema: z.ZodType<string, string>) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}

export const officeData = z.object({
  name: text(200),
  code: cnpjSchema,
  email: emailSchema.pipe(z.string().max(254)),
  phone: phoneSchema,
  address: addressSchema,
  // Spec §3 sends the logo back with the data; the server accepts only the current one (or none).
  pictureUrl: textSchema.max(2048).nullish(),
});
export const officeBody = z.object({ accounting: officeData });
export type OfficeBody = z.input<typeof officeBody>;
export type OfficeData = z.output<typeof officeData>;

/** Juridic person: CNPJ, name, e-mail and phone required. Individual: CPF; e-mail and phone optional. */
export function clientData(type: "juridicPerson" | "individual") {
  const juridic = type === "juridicPerson";
  return z.object({
    name: text(200),
    code: clientCodeSchema(type),
    email: juridic ? emailSchema.pipe(z.string().max(254)) : optional(emailSchema),
    phone: juridic ? phoneSchema : optional(phoneSchema),
    address: addressSchema,
    // As for the office: the logo changes through /api/client/logo; a save may send back the current one.
    pictureUrl: textSchema.max(2048).nullish(),
  });
}
export type ClientData = z.output<ReturnType<typeof clientData>>;

// The route only checks the shape; the rules depend on the stored client type (see clientData).
const loose = z.object({}).catchall(z.unknown());
export const clientRequestBody = z.union([z.object({ clientId: idSchema }), z.object({ client: loose })]);
export type ClientRequestBody = z.infer<typeof clientRequestBody>;
export type ClientSaveBody = { client: z.input<ReturnType<typeof clientData>> };

export const clientIdBody = z.object({ clientId: idSchema });
export type ClientIdBody = z.infer<typeof clientIdBody>;

export const logoBody = z.object({ type: textSchema.max(100).optional(), base64url: z.string().min(1) });
export type LogoBody = z.infer<typeof logoBody>;
export const logoAnswer = z.object({ pictureUrl: z.string() });
export type LogoAnswer = z.infer<typeof logoAnswer>;

const addressAnswer = z.object({
  cep: z.string(),
  city: z.string(),
  neighboor: z.string(),
  number: z.string(),
  state: z.string(),
  street: z.string(),
});
export type AddressAnswer = z.infer<typeof addressAnswer>;

export const officeAnswer = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  address: addressAnswer,
});
export type OfficeAnswer = z.infer<typeof officeAnswer>;

export const clientTypeSchema = z.enum(["juridicPerson", "individual"]);
export const clientAnswer = z.object({
  id: z.number(),
  type: clientTypeSchema,
  person: z.object({
    name: z.string(),
    code: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    pictureUrl: z.string().nullable(),
    address: addressAnswer,
  }),
});
export type ClientAnswer = z.infer<typeof clientAnswer>;

const contactPerson = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export const contactAnswer = z.object({ accounting: contactPerson, operator: contactPerson });
export type ContactAnswer = z.infer<typeof contactAnswer>;
