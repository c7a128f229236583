import "server-only";
import { saoPauloParts } from "@/lib/format";
import type { Account, AccountingOffice, Tx } from "@/server/db/client";
import { createInvite } from "./builders/invites";
import { createAccountingOperator, createOffice, type OperatorWithUser } from "./builders/offices";
import { CHART_OF_ACCOUNTS } from "./chart-of-accounts";
import type { DemoOfficeData, DemoOperator } from "./demo-people";
import { randomCnpj, randomCpf, randomPhone } from "./identities";
import type { Random } from "./random";

// An office with its people and its charts of accounts.
export type SeededOffice = {
  office: AccountingOffice;
  /** The current exercise's chart by code. */
  accounts: Map<string, Account>;
  /** Every seeded exercise's chart: year → code → account. */
  charts: Map<number, Map<string, Account>>;
};

// Last year's chart lacks the accounts the office added this year, and one description changed: the
// charts are per year of exercise (a block is categorised in the chart of its payment date's year).
const ADDED_THIS_YEAR = new Set(["4.2.02.019", "4.2.02.020"]);
const RENAMED_LAST_YEAR: Record<string, string> = { "4.2.02.006": "Telefone" };

// 'Código no sistema contábil': the accounting system's short code, numbered in the chart's order from
// 10 (the same code keeps the same reduced code in both years).
const reducedCodeOf = (code: string) => String(10 + CHART_OF_ACCOUNTS.findIndex((a) => a.code === code));

export async function seedOffice(tx: Tx, data: DemoOfficeData, rng: Random, now: Date): Promise<SeededOffice> {
  const office = await createOffice({ ...data, code: randomCnpj(rng.next), db: tx });
  // The charts of the current exercise (São Paulo's calendar year) and of the previous one.
  const year = saoPauloParts(now).year;
  await tx.account.createMany({
    data: [
      ...CHART_OF_ACCOUNTS.map((a) => ({
        officeId: office.id,
        yearOfExercise: year,
        code: a.code,
        description: a.description,
        reducedCode: reducedCodeOf(a.code),
      })),
      ...CHART_OF_ACCOUNTS.filter((a) => !ADDED_THIS_YEAR.has(a.code)).map((a) => ({
        officeId: office.id,
        yearOfExercise: year - 1,
        code: a.code,
        description: RENAMED_LAST_YEAR[a.code] ?? a.description,
        reducedCode: reducedCodeOf(a.code),
      })),
    ],
  });
  const rows = await tx.account.findMany({ where: { officeId: office.id }, orderBy: { code: "asc" } });
  const charts = new Map<number, Map<string, Account>>([
    [year, new Map()],
    [year - 1, new Map()],
  ]);
  for (const row of rows) charts.get(row.yearOfExercise)?.set(row.code, row);
  return { office, accounts: charts.get(year) as Map<string, Account>, charts };
}

export async function seedOperator(
  tx: Tx,
  office: AccountingOffice,
  person: DemoOperator,
  rng: Random,
): Promise<OperatorWithUser> {
  return createAccountingOperator({
    office,
    type: person.type,
    blocked: person.blocked ?? false,
    user: { email: person.email, name: person.name, code: randomCpf(rng.next), phone: randomPhone(rng.next) },
    db: tx,
  });
}

export type InviteSpec = {
  kind: "accountingOperator" | "client" | "clientOperator";
  email: string;
  invitedBy: { id: number };
};

/** Pending invites ('Adicionados recentemente (aguardando cadastro)'). */
export async function seedInvites(
  tx: Tx,
  scope: { office?: { id: number }; client?: { id: number } },
  invites: InviteSpec[],
): Promise<void> {
  for (const invite of invites) await createInvite({ ...invite, ...scope, db: tx });
}
