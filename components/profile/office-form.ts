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
const contactForm = z.object({
  name: requiredSchema,
  email: emailSchema,
  code: cnpjSchema,
  phone: phoneSchema,
  ...addressShape,
});
const addressForm = z.object(addressShape);

const addressOf = (data: z.infer<typeof addressForm>): Address => ({
  cep: data.cep,
  number: data.number,
  city: data.city,
  street: data.street,
  neighboor: data.neighboor,
  state: data.state,
});

type Parsed = { ok: true; body: OrganizationBody } | { ok: false; error: z.ZodError };

/** Validates and builds the body; individuals resend their stored contact unchanged. */
export function parseOffice(values: OfficeValues, kind: OfficeKind, source: OfficeSource): Parsed {
  if (hasContactFields(kind)) {
    const parsed = contactForm.safeParse(values);
    if (!parsed.success) return { ok: false, error: parsed.error };
    const { name, email, code, phone } = parsed.data;
    return { ok: true, body: { name, email, code, phone, address: addressOf(parsed.data) } };
  }
  const parsed = addressForm.safeParse(values);
  if (!parsed.success) return { ok: false, error: parsed.error };
  const contact = { name: source.name, email: source.email ?? "", code: source.code ?? "", phone: source.phone ?? "" };
  return { ok: true, body: { ...contact, address: addressOf(parsed.data) } };
}
