import "server-only";
import { randomUUID } from "node:crypto";
import {
  getDb,
  type Client,
  type ClientAccount,
  type ClientOperator,
  type ClientShare,
  type ClientType,
  type Presence,
  type User,
} from "@/server/db/client";
import { randomCnpj, randomCpf } from "../identities";
import { createAccountingOperator, type AddressFields } from "./offices";
import { contactAt, resolveUser, type CreateUserOptions, type DbLike, type Ref } from "./users";

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
  if (office && office.id !== owner.officeId)
    throw new Error("createClient: responsible operator belongs to another office");
  const tag = randomUUID().slice(0, 6);
  return db.client.create({
    data: {
      officeId: owner.officeId,
      responsibleOperatorId: owner.id,
      type,
      name: type === "juridicPerson" ? `Empresa Teste ${tag} Ltda` : `Pessoa Teste ${tag}`,
      code: type === "juridicPerson" ? randomCnpj() : randomCpf(),
      ...contactAt("cliente", "se"),
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
    data: {
      userId: user.id,
      clientId: client.id,
      type,
      blocked: options.blocked ?? false,
      sharedGallery: options.sharedGallery ?? false,
    },
    include: { user: true },
  });
}

export async function shareClient(options: { client: Ref; operator: Ref; db?: DbLike }): Promise<ClientShare> {
  const { db = getDb() } = options;
  return db.clientShare.create({ data: { clientId: options.client.id, operatorId: options.operator.id } });
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

export type MarkPresenceOptions = {
  client: Ref;
  user: Ref;
  screen?: "categorization" | "pendency" | "contabilization";
  seenAt?: Date;
  db?: DbLike;
};

/** Someone on a screen of a client, as its sync poll records it (categorization, seen now, by default). */
export async function markPresence(options: MarkPresenceOptions): Promise<Presence> {
  const { db = getDb(), screen = "categorization", seenAt = new Date() } = options;
  return db.presence.upsert({
    where: { userId_clientId_screen: { userId: options.user.id, clientId: options.client.id, screen } },
    create: { userId: options.user.id, clientId: options.client.id, screen, seenAt },
    update: { seenAt },
  });
}
