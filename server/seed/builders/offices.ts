import "server-only";
import { randomUUID } from "node:crypto";
import { getDb, type AccountingOffice, type AccountingOperator, type User } from "@/server/db/client";
import { randomCnpj } from "../identities";
import { contactAt, resolveUser, type CreateUserOptions, type DbLike, type Ref } from "./users";

export type AddressFields = {
  cep?: string;
  street?: string;
  number?: string;
  neighboor?: string;
  city?: string;
  state?: string;
};

export type CreateOfficeOptions = AddressFields & {
  name?: string;
  code?: string;
  email?: string;
  phone?: string;
  db?: DbLike;
};

export async function createOffice(options: CreateOfficeOptions = {}): Promise<AccountingOffice> {
  const { db = getDb(), ...fields } = options;
  return db.accountingOffice.create({
    data: {
      name: `Escritório ${randomUUID().slice(0, 8)}`,
      code: randomCnpj(),
      ...contactAt("escritorio", "paulista"),
      ...fields,
    },
  });
}

export type OperatorWithUser = AccountingOperator & { user: User };

export type CreateAccountingOperatorOptions = {
  office?: Ref;
  type?: number;
  blocked?: boolean;
  hasPaymentAccess?: boolean;
  /** An existing user (e.g. one who is also a client operator); otherwise one is created. */
  user?: User | CreateUserOptions;
  db?: DbLike;
};

export async function createAccountingOperator(
  options: CreateAccountingOperatorOptions = {},
): Promise<OperatorWithUser> {
  const { db = getDb(), type = 2 } = options;
  const office = options.office ?? (await createOffice({ db }));
  const user = await resolveUser(options.user, db, "operador");
  return db.accountingOperator.create({
    data: {
      userId: user.id,
      officeId: office.id,
      type,
      blocked: options.blocked ?? false,
      hasPaymentAccess: options.hasPaymentAccess ?? type === 0,
    },
    include: { user: true },
  });
}
