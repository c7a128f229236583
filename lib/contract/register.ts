import {
  addressNumberSchema,
  cepSchema,
  cnpjSchema,
  cpfSchema,
  emailSchema,
  phoneSchema,
  requiredSchema,
} from "@/lib/validation/schemas";
import { z } from "./zod";

// An office signs up from /register. The keys are the wizard's own fields, so an error the
// server reports on a key lands beside that field. The card fields are not here: they never leave the
// browser (payment is not part of this version), and a body carrying them (or anything else) is refused.

const text = (max: number) => requiredSchema.pipe(z.string().max(max));

export const registerBody = z.strictObject({
  // Dados do perfil: the owner of the office's account.
  firstName: text(100),
  lastName: text(100),
  cpf: cpfSchema,
  phone: phoneSchema,
  // Dados da empresa: the office. 'E-mail para contato' is also the owner's login.
  companyName: text(200),
  cnpj: cnpjSchema,
  email: emailSchema.pipe(z.string().max(254)),
  companyPhone: phoneSchema,
  cep: cepSchema,
  street: text(200),
  number: addressNumberSchema.pipe(z.string().max(20)),
  neighborhood: text(120),
  city: text(120),
  state: text(60),
  // Optional: load the starter chart of accounts for this year and the previous one (São Paulo).
  starterChart: z.boolean().optional(),
});
export type RegisterBody = z.input<typeof registerBody>;
export type RegisterInput = z.output<typeof registerBody>;

/** Where the link to set the password was sent. */
export const registerAnswer = z.object({ email: z.string() });
export type RegisterAnswer = z.infer<typeof registerAnswer>;
