import "server-only";
import { saoPauloParts } from "@/lib/format";
import type { Account, AccountingOffice, Tx } from "@/server/db/client";
import { createInvite } from "./builders/invites";
import { createAccountingOperator, createOffice, type OperatorWithUser } from "./builders/offices";
import { CHART_OF_ACCOUNTS } from "./chart-of-accounts";
import type { DemoOfficeData, DemoOperator } from "./demo-people";
import { randomCnpj, randomCpf, randomPhone } from "./identities";
import type { Random } from "./random";

// An office with its people and its chart of accounts.
export type SeededOffice = { office: AccountingOffice; accounts: Map<string, Account> };

export async function seedOffice(tx: Tx, data: DemoOfficeData, rng: Random, now: Date): Promise<SeededOffice> {
  const office = await createOffice({ ...data, code: randomCnpj(rng.next), db: tx });
  // The chart of the current exercise (São Paulo's calendar year).
  const yearOfExercise = saoPauloParts(now).year;
  await tx.account.createMany({
    data: CHART_OF_ACCOUNTS.map((a) => ({ officeId: office.id, yearOfExercise, code: a.code, description: a.description })),
  });
  const rows = await tx.account.findMany({ where: { officeId: office.id }, orderBy: { code: "asc" } });
  return { office, accounts: new Map(rows.map((a) => [a.code, a])) };
}

export async function seedOperator(tx: Tx, office: AccountingOffice, person: DemoOperator, rng: Random): Promise<OperatorWithUser> {
  return createAccountingOperator({
    office,
    type: person.type,
    blocked: person.blocked ?? false,
    user: { email: person.email, name: person.name, code: randomCpf(rng.next), phone: randomPhone(rng.next) },
    db: tx,
  });
}

export type InviteSpec = { kind: "accountingOperator" | "client" | "clientOperator"; email: string; invitedBy: { id: number } };

/** Pending invites ('Adicionados recentemente (aguardando cadastro)'). */
export async function seedInvites(tx: Tx, scope: { office?: { id: number }; client?: { id: number } }, invites: InviteSpec[]): Promise<void> {
  for (const invite of invites) await createInvite({ ...invite, ...scope, db: tx });
}
