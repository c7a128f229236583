// The people of the business-writes-*.test.ts files (not a test file itself): the client permission
// matrix of world.ts (office A around alpha, office B's owner) plus alpha's client operators of each type
// — one sharing its gallery, one blocked after logging in — a user on both platforms (office A regular
// and alpha regular), and beta, a company of office B with its owner. Blobs are checked on disk: each file
// sets its own DATA_DIR so nothing another file writes is counted.
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Client } from "@/server/db/client";
import { getDb } from "@/server/db/client";
import {
  createAccountingOperator,
  createClient,
  createClientOperator,
  type ClientOperatorWithUser,
} from "../helpers/factories";
import { receiptJpeg, toDataUrl } from "../helpers/images";
import { buildClientWorld, worldLogins, type ClientWorld } from "./world";

export type BusinessWorld = ClientWorld & {
  ownerAlpha: ClientOperatorWithUser; // type 0
  adminAlpha: ClientOperatorWithUser; // type 1
  regularAlpha: ClientOperatorWithUser; // type 2
  sharerAlpha: ClientOperatorWithUser; // type 2, shares its gallery and sent blocks
  blockedAlpha: ClientOperatorWithUser; // type 2, blocked after its login (its token is then refused)
  dualAlpha: ClientOperatorWithUser; // type 2 in alpha, and a regular accounting operator of office A
  beta: Client; // a company of office B
  ownerBeta: ClientOperatorWithUser;
};

export type BusinessPerson = Exclude<keyof BusinessWorld, "officeA" | "alpha" | "beta">;

export async function buildBusinessWorld(): Promise<{ world: BusinessWorld; tokens: Record<BusinessPerson, string> }> {
  const base = await buildClientWorld();
  const alpha = base.alpha;
  const dualAccounting = await createAccountingOperator({ office: base.officeA, type: 2 });
  const beta = await createClient({ office: { id: base.ownerB.officeId }, responsible: base.ownerB });
  const world: BusinessWorld = {
    ...base,
    ownerAlpha: await createClientOperator({ client: alpha, type: 0 }),
    adminAlpha: await createClientOperator({ client: alpha, type: 1 }),
    regularAlpha: await createClientOperator({ client: alpha, type: 2 }),
    sharerAlpha: await createClientOperator({ client: alpha, type: 2, sharedGallery: true }),
    blockedAlpha: await createClientOperator({ client: alpha, type: 2 }),
    dualAlpha: await createClientOperator({ client: alpha, type: 2, user: dualAccounting.user }),
    beta,
    ownerBeta: await createClientOperator({ client: beta, type: 0 }),
  };
  const { ownerAlpha, adminAlpha, regularAlpha, sharerAlpha, blockedAlpha, dualAlpha, ownerBeta } = world;
  const tokens = await worldLogins(world, {
    ownerAlpha,
    adminAlpha,
    regularAlpha,
    sharerAlpha,
    blockedAlpha,
    dualAlpha,
    ownerBeta,
  });
  await getDb().clientOperator.update({ where: { id: blockedAlpha.id }, data: { blocked: true } });
  return { world, tokens };
}

/** Every file under the company's documents folder of the blob store, relative to it. */
export async function documentBlobs(clientId: number): Promise<string[]> {
  const root = path.resolve(process.env.DATA_DIR ?? ".data", "blobs", "clients", String(clientId), "documents");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

let counter = 0;
/** A client-side photo id, unique in the run. */
export const ref = (prefix = "foto") => `${prefix}-${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

let receipt: Promise<string> | undefined;
/** A small real JPEG receipt (1200x800, EXIF-rotated) as a data URL; built once per file. */
export const receiptDataUrl = () => (receipt ??= receiptJpeg().then((bytes) => toDataUrl(bytes)));

/** A new photo entry of a block's document list. */
export const photo = async (id = ref()) => ({ id, base64url: await receiptDataUrl() });
