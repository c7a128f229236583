// Test data builders (CONVENTIONS: unique data per call, so test files run in parallel without seeing
// each other's rows; the demo seed builds on them too). Each takes an optional `db` (the client or an
// open transaction), fills sensible defaults and returns the created rows.
import { randomUUID } from "node:crypto";
import { hashPassword } from "@/server/auth/passwords";
import type { ProcessedImage } from "@/server/images/types";
import { insertBlock, insertDocument, insertPendency, type BlockState, type CreatedBlock, type InsertBlockOptions } from "@/server/seed/blocks";
import { randomCnpj, randomCpf, randomDigits, randomPhone } from "@/server/seed/identities";
import { getSampleDocumentImage } from "@/server/seed/receipt-image";
import { getBlobStore, type BlobStore } from "@/server/storage";
import {
  getDb,
  type Account,
  type AccountingOffice,
  type AccountingOperator,
  type Client,
  type ClientAccount,
  type ClientOperator,
  type ClientShare,
  type ClientType,
  type Db,
  type Document,
  type Invite,
  type Pendency,
  type InviteKind,
  type Tx,
  type User,
} from "@/server/db/client";

export type DbLike = Db | Tx;
export type { BlockState, CreatedBlock } from "@/server/seed/blocks";

export const DEMO_PASSWORD = "demo1234";

// scrypt takes ~100 ms on purpose; every factory user shares one hash of DEMO_PASSWORD per process.
let demoHash: Promise<string> | undefined;
export function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  demoHash.catch(() => (demoHash = undefined));
  return demoHash;
}

export { randomCnpj, randomCpf, randomPhone } from "@/server/seed/identities";
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 12)}@teste.bloco`;

export type CreateUserOptions = {
  email?: string;
  name?: string;
  password?: string;
  code?: string | null;
  phone?: string | null;
  db?: DbLike;
};

export async function createUser(options: CreateUserOptions = {}): Promise<User> {
  const { db = getDb(), password } = options;
  const passwordHash = password === undefined || password === DEMO_PASSWORD ? await demoPasswordHash() : await hashPassword(password);
  return db.user.create({
    data: {
      email: (options.email ?? uniqueEmail("usuario")).trim().toLowerCase(),
      name: options.name ?? "Usuário de Teste",
      passwordHash,
      code: options.code === undefined ? randomCpf() : options.code,
      phone: options.phone === undefined ? randomPhone() : options.phone,
    },
  });
}

export type AddressFields = { cep?: string; street?: string; number?: string; neighboor?: string; city?: string; state?: string };

export type CreateOfficeOptions = AddressFields & { name?: string; code?: string; email?: string; phone?: string; db?: DbLike };

export async function createOffice(options: CreateOfficeOptions = {}): Promise<AccountingOffice> {
  const { db = getDb(), ...fields } = options;
  return db.accountingOffice.create({
    data: {
      name: `Escritório ${randomUUID().slice(0, 8)}`,
      code: randomCnpj(),
      email: uniqueEmail("escritorio"),
      phone: randomPhone(),
      cep: "01310100",
      street: "Av. Paulista",
      number: "1000",
      neighboor: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      ...fields,
    },
  });
}

type Ref = { id: number };
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

export async function createAccountingOperator(options: CreateAccountingOperatorOptions = {}): Promise<OperatorWithUser> {
  const { db = getDb(), type = 2 } = options;
  const office = options.office ?? (await createOffice({ db }));
  const user = await resolveUser(options.user, db, "operador");
  return db.accountingOperator.create({
    data: { userId: user.id, officeId: office.id, type, blocked: options.blocked ?? false, hasPaymentAccess: options.hasPaymentAccess ?? type === 0 },
    include: { user: true },
  });
}

async function resolveUser(user: User | CreateUserOptions | undefined, db: DbLike, prefix: string): Promise<User> {
  if (user && "id" in user) return user;
  return createUser({ email: uniqueEmail(prefix), ...user, db });
}

export type CreateClientOptions = AddressFields & {
  office?: Ref;
  /** The responsible accounting operator; by default a new owner (type 0) of the office. */
  responsible?: { id: number; officeId: number };
  type?: ClientType;
  name?: string;
  code?: string;
  email?: string;
  phone?: string;
  modifiedAt?: Date;
  db?: DbLike;
};

export async function createClient(options: CreateClientOptions = {}): Promise<Client> {
  const { db = getDb(), office, responsible, type = "juridicPerson", ...fields } = options;
  const owner = responsible ?? (await createAccountingOperator({ office, type: 0, db }));
  if (office && office.id !== owner.officeId) throw new Error("createClient: responsible operator belongs to another office");
  const tag = randomUUID().slice(0, 6);
  return db.client.create({
    data: {
      officeId: owner.officeId,
      responsibleOperatorId: owner.id,
      type,
      name: type === "juridicPerson" ? `Empresa Teste ${tag} Ltda` : `Pessoa Teste ${tag}`,
      code: type === "juridicPerson" ? randomCnpj() : randomCpf(),
      email: uniqueEmail("cliente"),
      phone: randomPhone(),
      cep: "01001000",
      street: "Praça da Sé",
      number: "100",
      neighboor: "Sé",
      city: "São Paulo",
      state: "SP",
      ...fields,
    },
  });
}

export type ClientOperatorWithUser = ClientOperator & { user: User };

export type CreateClientOperatorOptions = {
  client?: Ref;
  type?: number;
  blocked?: boolean;
  sharedGallery?: boolean;
  user?: User | CreateUserOptions;
  db?: DbLike;
};

export async function createClientOperator(options: CreateClientOperatorOptions = {}): Promise<ClientOperatorWithUser> {
  const { db = getDb(), type = 2 } = options;
  const client = options.client ?? (await createClient({ db }));
  const user = await resolveUser(options.user, db, "cliente-operador");
  return db.clientOperator.create({
    data: { userId: user.id, clientId: client.id, type, blocked: options.blocked ?? false, sharedGallery: options.sharedGallery ?? false },
    include: { user: true },
  });
}

export async function shareClient(options: { client: Ref; operator: Ref; db?: DbLike }): Promise<ClientShare> {
  const { db = getDb() } = options;
  return db.clientShare.create({ data: { clientId: options.client.id, operatorId: options.operator.id } });
}

export type CreateAccountOptions = { office?: Ref; code?: string; description?: string; yearOfExercise?: number; db?: DbLike };

export async function createAccount(options: CreateAccountOptions = {}): Promise<Account> {
  const { db = getDb() } = options;
  const office = options.office ?? (await createOffice({ db }));
  return db.account.create({
    data: {
      officeId: office.id,
      code: options.code ?? `9.9.${randomDigits(2)}.${randomDigits(6)}`,
      description: options.description ?? `Conta Teste ${randomUUID().slice(0, 6)}`,
      yearOfExercise: options.yearOfExercise ?? new Date().getFullYear(),
    },
  });
}

export type ActivateAccountOptions = {
  client: Ref;
  account: Ref;
  activatedAt?: Date;
  deactivatedAt?: Date | null;
  activatedBy?: Ref | null;
  db?: DbLike;
};

export async function activateAccount(options: ActivateAccountOptions): Promise<ClientAccount> {
  const { db = getDb() } = options;
  return db.clientAccount.create({
    data: {
      clientId: options.client.id,
      accountId: options.account.id,
      activatedAt: options.activatedAt ?? new Date(Date.now() - 60_000),
      deactivatedAt: options.deactivatedAt ?? null,
      activatedById: options.activatedBy?.id ?? null,
    },
  });
}

export type CreateInviteOptions = {
  kind?: InviteKind;
  email?: string;
  office?: Ref;
  client?: Ref;
  invitedBy?: Ref;
  acceptedAt?: Date | null;
  db?: DbLike;
};

/** accountingOperator and client invites belong to an office, clientOperator invites to a client. */
export async function createInvite(options: CreateInviteOptions = {}): Promise<Invite> {
  const { db = getDb(), kind = "accountingOperator" } = options;
  const forClient = kind === "clientOperator";
  const client = forClient ? (options.client ?? (await createClient({ db }))) : undefined;
  const office = forClient ? undefined : (options.office ?? (await createOffice({ db })));
  const invitedBy = options.invitedBy ?? (await createUser({ db }));
  return db.invite.create({
    data: {
      kind,
      email: (options.email ?? uniqueEmail("convite")).toLowerCase(),
      officeId: office?.id ?? null,
      clientId: client?.id ?? null,
      invitedById: invitedBy.id,
      acceptedAt: options.acceptedAt ?? null,
    },
  });
}

export type CreateBlockOptions = Partial<Omit<InsertBlockOptions, "db" | "store" | "client" | "images" | "state">> & {
  client?: Client;
  state?: BlockState;
  /** How many documents (the same sample picture, each stored under its own keys); 1 by default. */
  documents?: number;
  images?: readonly ProcessedImage[];
  db?: DbLike;
  store?: BlobStore;
};

/**
 * A block in any state of spec §4. Defaults: the sender is the client's first operator (created if
 * none), the acting accounting operator is the client's responsible one, and a categorised block gets
 * a new account of the client's office.
 */
export async function createBlock(options: CreateBlockOptions = {}): Promise<CreatedBlock> {
  const { db = getDb(), store = getBlobStore(), state = "uncategorized", documents = 1, ...rest } = options;
  const client = options.client ?? (await createClient({ db }));
  const sentBy =
    options.sentBy === undefined
      ? ((await db.clientOperator.findFirst({ where: { clientId: client.id }, orderBy: { type: "asc" } })) ??
        (await createClientOperator({ client, type: 0, db })))
      : options.sentBy;
  const needsAccount = (state === "categorized" || state === "contabilized") && !options.account;
  const images = options.images ?? new Array<ProcessedImage>(documents).fill(await getSampleDocumentImage());
  return insertBlock({
    ...rest,
    db,
    store,
    client,
    state,
    sentBy,
    sentAt: options.sentAt ?? new Date(Date.now() - 2 * 3_600_000),
    operator: options.operator === undefined ? { id: client.responsibleOperatorId } : options.operator,
    account: needsAccount ? await createAccount({ office: { id: client.officeId }, db }) : options.account,
    images,
  });
}

export type CreateDocumentOptions = {
  client?: Client;
  block?: { id: number } | null;
  uploadedBy?: { id: number } | null;
  image?: ProcessedImage;
  createdAt?: Date;
  library?: string;
  rescued?: boolean;
  devolvedAt?: Date | null;
  restoredAt?: Date | null;
  deletedAt?: Date | null;
  db?: DbLike;
  store?: BlobStore;
};

/** A gallery document (no block) by default, with its pictures stored. */
export async function createDocument(options: CreateDocumentOptions = {}): Promise<Document> {
  const { db = getDb(), store = getBlobStore(), ...rest } = options;
  const client = options.client ?? (await createClient({ db }));
  const image = options.image ?? (await getSampleDocumentImage());
  return insertDocument({ ...rest, db, store, client, image });
}

export type CreatePendencyOptions = {
  block: { id: number; clientId: number };
  issue?: number;
  observations?: string;
  createdBy?: { id: number } | null;
  createdAt?: Date;
  solvedAt?: Date | null;
  solvedBy?: { id: number } | null;
  db?: DbLike;
};

export async function createPendency(options: CreatePendencyOptions): Promise<Pendency> {
  const { db = getDb(), issue = 0, ...rest } = options;
  return insertPendency({ ...rest, db, issue });
}
