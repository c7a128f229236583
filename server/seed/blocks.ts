import "server-only";
import { randomUUID } from "node:crypto";
import { saoPauloParts } from "@/lib/format";
import type { Block, Document, Pendency } from "@/server/db/client";
import type { ProcessedImage } from "@/server/images/types";
import type { BlobStore } from "@/server/storage";
import type { DbLike, Ref } from "./builders/users";
import { storeDocumentImage } from "@/server/documents/document-blobs";

// Writers of blocks, documents and pendencies in a given life-cycle state (spec §4), shared by the
// test factories and the demo seed so both make rows the way the product would have.

export const BLOCK_STATES = ["uncategorized", "categorized", "contabilized", "devolved", "pendency"] as const;
export type BlockState = (typeof BLOCK_STATES)[number];
export type CreatedBlock = Block & { documents: Document[]; pendencies: Pendency[] };

const HOUR_MS = 3_600_000;

/** The São Paulo calendar day of an instant as Prisma writes a PostgreSQL `date`: UTC midnight. */
export function calendarDay(date: Date): Date {
  const { year, month, day } = saoPauloParts(date);
  return new Date(Date.UTC(year, month - 1, day));
}

export type InsertBlockOptions = {
  db: DbLike;
  store: BlobStore;
  client: Ref;
  state: BlockState;
  /** One document per picture, each with its own stored copy. */
  images: readonly ProcessedImage[];
  sentBy: Ref | null;
  sentAt: Date;
  /** The accounting operator who categorised, devolved or reported the block. */
  operator?: Ref | null;
  /** Who posted it; the categoriser by default. */
  contabilizedBy?: Ref | null;
  account?: Ref | null;
  paymentDate?: Date;
  valueCents?: number | bigint;
  categorizedAt?: Date;
  contabilizedAt?: Date;
  devolvedAt?: Date;
  /** Devolved documents past their 7 days are gone from the returned list. */
  documentsDeletedAt?: Date | null;
  /** When the open pendency of a 'pendency' block was reported; an hour after sending by default. */
  reportedAt?: Date;
  issue?: number;
  observations?: string;
  /**
   * When its documents were read: as each was stored by default (a built block has been through the
   * reading job, as the demo's have, so the read sweep leaves it); null leaves them to be read.
   */
  readAt?: Date | null;
};

/** A built document's read_at: its createdAt unless the caller names one (null: still to be read). */
const readAtOf = (readAt: Date | null | undefined, createdAt: Date): Date | null =>
  readAt === undefined ? createdAt : readAt;

function required(ref: Ref | null | undefined, what: string): Ref {
  if (!ref) throw new Error(`insertBlock: ${what} is required for this state`);
  return ref;
}

export async function insertBlock(options: InsertBlockOptions): Promise<CreatedBlock> {
  const { db, state, sentAt, client } = options;
  const categorized = state === "categorized" || state === "contabilized";
  const operator = state === "uncategorized" ? null : required(options.operator, "operator");
  const account = categorized ? required(options.account, "account") : null;

  const later = (at: Date | undefined, after: Date) => at ?? new Date(after.getTime() + HOUR_MS);
  const categorizedAt = categorized ? later(options.categorizedAt, sentAt) : null;
  const contabilizedAt = state === "contabilized" ? later(options.contabilizedAt, categorizedAt ?? sentAt) : null;
  const devolvedAt = state === "devolved" ? later(options.devolvedAt, sentAt) : null;
  const reportedAt = later(options.reportedAt, sentAt);

  const documents = await Promise.all(
    options.images.map(async (image, i) => {
      // Pictures are taken, then sent together: each a minute apart, all before the send.
      const createdAt = new Date(sentAt.getTime() - (options.images.length - i) * 60_000);
      return {
        ...(await storeDocumentImage(options.store, client.id, image)),
        clientId: client.id,
        clientRef: randomUUID(),
        uploadedById: options.sentBy?.id ?? null,
        mime: image.mime,
        width: image.width,
        height: image.height,
        size: image.size,
        hash: image.hash,
        devolvedAt,
        deletedAt: devolvedAt ? (options.documentsDeletedAt ?? null) : null,
        createdAt,
        readAt: readAtOf(options.readAt, createdAt),
      };
    }),
  );

  return db.block.create({
    data: {
      clientId: client.id,
      sentById: options.sentBy?.id ?? null,
      sentAt,
      createdAt: sentAt,
      accountId: account?.id ?? null,
      paymentDate: categorized ? (options.paymentDate ?? calendarDay(sentAt)) : null,
      valueCents: categorized ? BigInt(options.valueCents ?? 10_000) : null,
      categorizedById: categorized ? (operator?.id ?? null) : null,
      categorizedAt,
      contabilizedById: contabilizedAt ? ((options.contabilizedBy ?? operator)?.id ?? null) : null,
      contabilizedAt,
      devolvedById: devolvedAt ? (operator?.id ?? null) : null,
      devolvedAt,
      version: categorized ? 1 : 0,
      documents: { createMany: { data: documents } },
      pendencies:
        state === "pendency"
          ? {
              create: {
                clientId: client.id,
                issue: options.issue ?? 0,
                observations: options.observations ?? "",
                createdById: operator?.id ?? null,
                createdAt: reportedAt,
                queuedAt: reportedAt,
              },
            }
          : undefined,
    },
    include: { documents: { orderBy: { id: "asc" } }, pendencies: true },
  });
}

export type InsertDocumentOptions = {
  db: DbLike;
  store: BlobStore;
  client: Ref;
  image: ProcessedImage;
  block?: Ref | null;
  uploadedBy?: Ref | null;
  createdAt?: Date;
  library?: string;
  rescued?: boolean;
  devolvedAt?: Date | null;
  restoredAt?: Date | null;
  deletedAt?: Date | null;
  /**
   * Its photo hash (the "mesma foto" rule); none by default: the seed reuses each picture across
   * blocks, which would make them all the same photo.
   */
  photoHash?: bigint | null;
  /** When it was read: as it was stored by default (see InsertBlockOptions.readAt); null: to be read. */
  readAt?: Date | null;
};

/** A document on its own: a gallery picture (no block) or one added to an existing block. */
export async function insertDocument(options: InsertDocumentOptions): Promise<Document> {
  const { image } = options;
  const keys = await storeDocumentImage(options.store, options.client.id, image);
  const createdAt = options.createdAt ?? new Date();
  return options.db.document.create({
    data: {
      ...keys,
      clientId: options.client.id,
      blockId: options.block?.id ?? null,
      uploadedById: options.uploadedBy?.id ?? null,
      clientRef: randomUUID(),
      mime: image.mime,
      width: image.width,
      height: image.height,
      size: image.size,
      hash: image.hash,
      library: options.library ?? "",
      rescued: options.rescued ?? false,
      devolvedAt: options.devolvedAt ?? null,
      restoredAt: options.restoredAt ?? null,
      deletedAt: options.deletedAt ?? null,
      photoHash: options.photoHash ?? null,
      createdAt,
      readAt: readAtOf(options.readAt, createdAt),
    },
  });
}

export type InsertPendencyOptions = {
  db: DbLike;
  block: { id: number; clientId: number };
  issue: number;
  observations?: string;
  createdBy?: Ref | null;
  createdAt?: Date;
  solvedAt?: Date | null;
  solvedBy?: Ref | null;
};

/** A pendency on a block; with solvedAt it is history (reported, then answered by the client). */
export async function insertPendency(options: InsertPendencyOptions): Promise<Pendency> {
  const createdAt = options.createdAt ?? new Date();
  return options.db.pendency.create({
    data: {
      clientId: options.block.clientId,
      blockId: options.block.id,
      issue: options.issue,
      observations: options.observations ?? "",
      createdById: options.createdBy?.id ?? null,
      createdAt,
      queuedAt: createdAt,
      solvedAt: options.solvedAt ?? null,
      solvedById: options.solvedBy?.id ?? null,
    },
  });
}
