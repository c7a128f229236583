import "server-only";
import { randomUUID } from "node:crypto";
import { hashPassword } from "@/server/auth/passwords";
import { getDb, type Db, type Tx, type User } from "@/server/db/client";
import { randomCpf, randomPhone } from "../identities";

// Row builders shared by the demo seed and the test factories (tests/helpers/factories re-exports them).
// Each takes an optional `db` (the client or an open transaction), fills sensible defaults and returns
// the created rows. They live here, not under tests/, so production code never loads test code.

export type DbLike = Db | Tx;
export type Ref = { id: number };

/** The published password of every demo and factory user. */
export const DEMO_PASSWORD = "demo1234";

// scrypt takes ~100 ms on purpose; every builder user shares one hash of DEMO_PASSWORD per process.
let demoHash: Promise<string> | undefined;
export function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  demoHash.catch(() => (demoHash = undefined));
  return demoHash;
}

/** A unique e-mail, so rows of parallel test files never collide. */
export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 12)}@teste.bloco`;

/** A fresh e-mail and phone, and a real São Paulo address: what an office or a client is registered with. */
export function contactAt(emailPrefix: string, address: "paulista" | "se") {
  const place =
    address === "paulista"
      ? { cep: "01310100", street: "Av. Paulista", number: "1000", neighboor: "Bela Vista" }
      : { cep: "01001000", street: "Praça da Sé", number: "100", neighboor: "Sé" };
  return { email: uniqueEmail(emailPrefix), phone: randomPhone(), ...place, city: "São Paulo", state: "SP" };
}

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
  const passwordHash =
    password === undefined || password === DEMO_PASSWORD ? await demoPasswordHash() : await hashPassword(password);
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

/** An existing user as given, or a new one made from the options. */
export async function resolveUser(
  user: User | CreateUserOptions | undefined,
  db: DbLike,
  prefix: string,
): Promise<User> {
  if (user && "id" in user) return user;
  return createUser({ email: uniqueEmail(prefix), ...user, db });
}
