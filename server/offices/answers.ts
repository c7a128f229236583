import "server-only";
import type { AddressAnswer, ClientAnswer, ContactAnswer, OfficeAnswer } from "@/lib/contract/offices";
import type { AccountingOffice, Client } from "@/server/db/client";
import { signDocumentUrl } from "@/server/documents/signed-url";

type AddressColumns = Pick<AccountingOffice, "cep" | "city" | "neighboor" | "number" | "state" | "street">;
/** The columns a client's answer shows (a Prisma row, or the own company's row of GET /api/client's statement). */
export type ClientAnswerRow = Pick<Client, "id" | "type" | "name" | "code" | "email" | "phone" | "pictureKey"> &
  AddressColumns;

// A never-filled address answers empty strings: the form shows empty fields, not "null".
export function addressAnswer(row: AddressColumns): AddressAnswer {
  return {
    cep: row.cep ?? "",
    city: row.city ?? "",
    neighboor: row.neighboor ?? "",
    number: row.number ?? "",
    state: row.state ?? "",
    street: row.street ?? "",
  };
}

export const pictureUrl = (key: string | null) => (key ? signDocumentUrl(key) : null);

/** What an office and a client company answer alike (the office's fields, a client's `person`). */
function organizationFields(row: AccountingOffice | ClientAnswerRow): Omit<OfficeAnswer, "id"> {
  return {
    name: row.name,
    code: row.code,
    email: row.email,
    phone: row.phone,
    pictureUrl: pictureUrl(row.pictureKey),
    address: addressAnswer(row),
  };
}

export function officeAnswer(row: AccountingOffice): OfficeAnswer {
  return { id: row.id, ...organizationFields(row) };
}

export function clientAnswer(row: ClientAnswerRow): ClientAnswer {
  return { id: row.id, type: row.type, person: { ...organizationFields(row), code: row.code } };
}

type ContactRow = { name: string; phone: string | null; email: string | null; pictureKey: string | null };
export const contactPerson = (row: ContactRow): ContactAnswer["accounting"] => ({
  name: row.name,
  phone: row.phone,
  email: row.email,
  photoUrl: pictureUrl(row.pictureKey),
});

/** The address columns of a validated address (same names in offices and clients). */
export function addressColumns(address: AddressAnswer): AddressColumns {
  const { cep, city, neighboor, number, state, street } = address;
  return { cep, city, neighboor, number, state, street };
}
