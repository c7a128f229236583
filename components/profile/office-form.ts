import { z } from "@/lib/contract/zod";
import { maskCep, maskCnpj, maskNumber, maskPhone } from "@/lib/format/masks";
import type { Address, OrganizationBody } from "@/lib/api/offices";
import { profileMessages } from "@/lib/i18n/sections/profile";
import {
  addressNumberSchema,
  cepSchema,
  cnpjSchema,
  emailSchema,
  phoneSchema,
  requiredSchema,
} from "@/lib/validation/schemas";

// The office/address form (spec §2, §5): the address always; name, e-mail, CNPJ and phone only for an
// office or a juridic client (an individual's CPF and contact stay as they are).
export type OfficeKind = "accounting" | "juridicPerson" | "individual";
export type OfficeField =
  "name" | "email" | "code" | "phone" | "cep" | "number" | "city" | "street" | "neighboor" | "state";
export type OfficeValues = Record<OfficeField, string>;
export type OfficeSource = {
  name: string;
  code: string | null;
  email: string | null;
  phone: string | null;
  address: Address;
};

const t = profileMessages;

export const hasContactFields = (kind: OfficeKind) => kind !== "individual";

export function officeFields(
  kind: OfficeKind,
): { key: OfficeField; label: string; mask?: (value: string) => string }[] {
  const contact = hasContactFields(kind)
    ? [
        { key: "name" as const, label: t.name },
        { key: "email" as const, label: t.email },
        { key: "code" as const, label: t.officeCnpj, mask: maskCnpj },
        { key: "phone" as const, label: t.phone, mask: maskPhone },
      ]
    : [];
  return [
    ...contact,
    { key: "cep", label: t.cep, mask: maskCep },
    { key: "number", label: t.number, mask: maskNumber },
    { key: "city", label: t.city },
    { key: "street", label: t.street },
    { key: "neighboor", label: t.neighborhood },
    { key: "state", label: t.state },
  ];
}

export function officeValues(source: OfficeSource, kind: OfficeKind): OfficeValues {
  const { address } = source;
  return {
    name: source.name,
    email: source.email ?? "",
    code: kind === "individual" ? (source.code ?? "") : maskCnpj(source.code ?? ""),
    phone: maskPhone(source.phone ?? ""),
    cep: maskCep(address.cep),
    number: address.number,
    city: address.city,
    street: address.street,
    neighboor: address.neighboor,
    state: address.state,
  };
}

const addressShape = {
  cep: cepSchema,
  number: addressNumberSchema,
  city: requiredSchema,
  street: requiredSchema,
  neighboor: requiredSchema,
  state: requiredSchema,
};
const contactShape = { name: requiredSchema, email: emailSchema, code: cnpjSchema, phone: phoneSchema };
// An individual's CPF and contact are not edited here: left unchecked, and sent as stored.
const keptShape = { name: z.string(), email: z.string(), code: z.string(), phone: z.string() };

/** The form's rules (its zod resolver's schema): the address always, the contact for an office or a company. */
export const officeSchema = (kind: OfficeKind) =>
  z.object({ ...(hasContactFields(kind) ? contactShape : keptShape), ...addressShape });
export type OfficeOutput = z.output<ReturnType<typeof officeSchema>>;

/** The body to send from the checked values; individuals resend their stored contact unchanged. */
export function officeBody(checked: OfficeOutput, kind: OfficeKind, source: OfficeSource): OrganizationBody {
  const { name, email, code, phone, ...address } = checked;
  const contact = hasContactFields(kind)
    ? { name, email, code, phone }
    : { name: source.name, email: source.email ?? "", code: source.code ?? "", phone: source.phone ?? "" };
  return { ...contact, address };
}
