// Test data builders (CONVENTIONS: unique data per call, so test files run in parallel without seeing
// each other's rows). The row builders the demo seed also uses live in server/seed/builders/ (production
// code never imports tests/); they are re-exported here so tests have one place to import from. What
// remains below is test-only: accounts, blocks, documents and pendencies with test defaults.
import { randomUUID } from "node:crypto";
import type { ProcessedImage } from "@/server/images/types";
import {
  insertBlock,
  insertDocument,
  insertPendency,
  type BlockState,
  type CreatedBlock,
  type InsertBlockOptions,
  type InsertDocumentOptions,
  type InsertPendencyOptions,
} from "@/server/seed/blocks";
import { createClient, createClientOperator } from "@/server/seed/builders/clients";
import { createOffice } from "@/server/seed/builders/offices";
import type { DbLike, Ref } from "@/server/seed/builders/users";
import { randomDigits } from "@/server/seed/identities";
import { insertFindings, type InsertFindingsOptions } from "@/server/seed/findings";
import { getSampleDocumentImage } from "@/server/seed/receipt-image";
import { getBlobStore, type BlobStore } from "@/server/storage";
import { getDb, type Account, type Client, type Document, type Pendency } from "@/server/db/client";

export * from "@/server/seed/builders/users";
export * from "@/server/seed/builders/offices";
export * from "@/server/seed/builders/clients";
export * from "@/server/seed/builders/invites";
export { randomCnpj, randomCpf, randomPhone } from "@/server/seed/identities";
export { accessKeyOf, boletoBarcodeOf, boletoFinding, fiscalFinding } from "@/server/seed/findings";
export type { BlockState, CreatedBlock } from "@/server/seed/blocks";

export type CreateAccountOptions = {
  office?: Ref;
  code?: string;
  description?: string;
  yearOfExercise?: number;
  active?: boolean;
  type?: "analytic" | "synthetic";
  reducedCode?: string | null;
  db?: DbLike;
};

export async function createAccount(options: CreateAccountOptions = {}): Promise<Account> {
  const { db = getDb() } = options;
  const office = options.office ?? (await createOffice({ db }));
  return db.account.create({
    data: {
      officeId: office.id,
      code: options.code ?? `9.9.${randomDigits(2)}.${randomDigits(6)}`,
      description: options.description ?? `Conta Teste ${randomUUID().slice(0, 6)}`,
      yearOfExercise: options.yearOfExercise ?? new Date().getFullYear(),
      active: options.active,
      type: options.type,
      reducedCode: options.reducedCode,
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

export type CreateDocumentOptions = Partial<Omit<InsertDocumentOptions, "db" | "store" | "client" | "image">> & {
  client?: Client;
  image?: ProcessedImage;
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

export type CreatePendencyOptions = Partial<Omit<InsertPendencyOptions, "db" | "block" | "issue">> & {
  block: { id: number; clientId: number };
  issue?: number;
  db?: DbLike;
};

export async function createPendency(options: CreatePendencyOptions): Promise<Pendency> {
  const { db = getDb(), issue = 0, ...rest } = options;
  return insertPendency({ ...rest, db, issue });
}

/**
 * A document's findings (document_findings rows), as the reading job would write them; the document is
 * marked read unless `readAt` is null.
 */
export async function createFindings(
  document: { id: number; clientId: number },
  findings: InsertFindingsOptions["findings"],
  options: Partial<Omit<InsertFindingsOptions, "document" | "findings">> = {},
): Promise<void> {
  await insertFindings({ db: getDb(), ...options, document, findings });
}
