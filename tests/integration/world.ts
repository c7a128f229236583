// The permission matrix the client-scoped calls are tested against (clients-list, accounts, pendencies,
// blocks): one office's owner, admin, responsible, shared and outsider operators around one client, and
// another office's owner. Not a test file itself (jest matches *.test.ts).
import type { AccountingOffice, Client } from "@/server/db/client";
import {
  createAccountingOperator,
  createClient,
  createOffice,
  shareClient,
  type CreateClientOptions,
  type OperatorWithUser,
} from "../helpers/factories";
import { login } from "./operators-support";

export type ClientWorld = {
  officeA: AccountingOffice;
  ownerA: OperatorWithUser; // type 0
  adminA: OperatorWithUser; // type 1
  regularA: OperatorWithUser; // type 2, responsible for alpha
  sharedA: OperatorWithUser; // alpha is shared with it
  outsiderA: OperatorWithUser; // type 2, neither responsible for alpha nor shared
  ownerB: OperatorWithUser; // type 0 of another office
  alpha: Client; // office A, responsible regularA, shared with sharedA
};

type Who = "ownerA" | "regularA" | "sharedA";

export type ClientWorldOptions = {
  /** The type of the operator alpha is shared with: 1 (admin) or 2 (regular, the default). */
  sharedType?: 1 | 2;
  /** Names of the people who show in answers (otherwise generated). */
  names?: Partial<Record<Who, string>>;
  /** alpha's own fields (name, modifiedAt…). */
  alpha?: Omit<CreateClientOptions, "office" | "responsible" | "db">;
};

export async function buildClientWorld({
  sharedType = 2,
  names = {},
  alpha: alphaFields = {},
}: ClientWorldOptions = {}): Promise<ClientWorld> {
  const named = (who: Who) => (names[who] ? { user: { name: names[who] } } : {});
  const officeA = await createOffice();
  const ownerA = await createAccountingOperator({ office: officeA, type: 0, ...named("ownerA") });
  const adminA = await createAccountingOperator({ office: officeA, type: 1 });
  const regularA = await createAccountingOperator({ office: officeA, type: 2, ...named("regularA") });
  const sharedA = await createAccountingOperator({ office: officeA, type: sharedType, ...named("sharedA") });
  const outsiderA = await createAccountingOperator({ office: officeA, type: 2 });
  const ownerB = await createAccountingOperator({ type: 0 });
  const alpha = await createClient({ office: officeA, responsible: regularA, ...alphaFields });
  await shareClient({ client: alpha, operator: sharedA });
  return { officeA, ownerA, adminA, regularA, sharedA, outsiderA, ownerB, alpha };
}

/** The tokens of the world's six operators, and of `more` people under their own keys. */
export async function worldLogins<K extends string>(world: ClientWorld, more: Record<K, { user: { email: string } }>) {
  const { ownerA, adminA, regularA, sharedA, outsiderA, ownerB } = world;
  return loginAll({ ownerA, adminA, regularA, sharedA, outsiderA, ownerB, ...more });
}

/** Logs each person in (password demo1234), in order; their access tokens under the same keys. */
export async function loginAll<K extends string>(
  people: Record<K, { user: { email: string } }>,
): Promise<Record<K, string>> {
  const tokens = {} as Record<K, string>;
  for (const [who, person] of Object.entries(people) as [K, { user: { email: string } }][])
    tokens[who] = await login(person.user.email);
  return tokens;
}
