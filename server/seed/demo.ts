import "server-only";
import { CONTABILIZATION_LEASE_MS } from "@/lib/constants";
import type { Tx } from "@/server/db/client";
import type { BlobStore } from "@/server/storage";
import type { OperatorWithUser } from "./builders/offices";
import { seedClient, type ClientContext, type SeededClient } from "./demo-client";
import { seedInvites, seedOffice, seedOperator } from "./demo-office";
import {
  DEMO_CLIENTS,
  DEMO_INVITES,
  DEMO_OFFICE,
  DEMO_OPERATORS,
  OTHER_CLIENTS,
  OTHER_OFFICE,
  OTHER_OWNER,
  SHOWCASE_CLIENT,
  type DemoOperatorKey,
} from "./demo-people";
import type { Random } from "./random";
import type { ReceiptImage } from "./receipt-image";

export type DemoContext = { now: Date; store: BlobStore; pool: readonly ReceiptImage[]; rng: Random };

/** Both offices, their people, clients, accounts, blocks and pending invites, inside `tx`. */
export async function buildDemo(tx: Tx, { now, store, pool, rng }: DemoContext): Promise<void> {
  const demo = await seedOffice(tx, DEMO_OFFICE, rng, now);
  const operators: Partial<Record<DemoOperatorKey, OperatorWithUser>> = {};
  for (const key of Object.keys(DEMO_OPERATORS) as DemoOperatorKey[]) {
    operators[key] = await seedOperator(tx, demo.office, DEMO_OPERATORS[key], rng);
  }
  const dono = operators.dono;
  const admin = operators.admin;
  if (!dono || !admin) throw new Error("seed: the demo office needs its owner and admin");

  const base = { tx, rng, now, store, pool };
  const clients = new Map<string, SeededClient>();
  for (const data of DEMO_CLIENTS) {
    const ctx: ClientContext = {
      ...base,
      ...demo,
      operators,
      defaultResponsible: dono,
      showcase: data.key === SHOWCASE_CLIENT,
    };
    clients.set(data.key, await seedClient(ctx, data));
  }

  // Busy, visible in the demo: the admin is contabilising the Transportadora (its card says who, its
  // side bar's Contabilizar is disabled with the admin's avatar, its blocks are read-only for the others).
  // A lease as long as a real one (CONTABILIZATION_LEASE_MS), never longer: a longer one locked the
  // owner out of the Transportadora's Contabilizar for hours after the first start.
  const busy = clients.get("transportadora");
  if (busy) {
    await tx.contabilizationLease.create({
      data: {
        clientId: busy.client.id,
        operatorId: admin.id,
        expiresAt: new Date(now.getTime() + CONTABILIZATION_LEASE_MS),
      },
    });
  }

  const other = await seedOffice(tx, OTHER_OFFICE, rng, now);
  const otherOwner = await seedOperator(tx, other.office, OTHER_OWNER, rng);
  for (const data of OTHER_CLIENTS) {
    await seedClient({ ...base, ...other, operators: {}, defaultResponsible: otherOwner, showcase: false }, data);
  }

  await seedInvites(tx, { office: demo.office }, [
    ...DEMO_INVITES.accountingOperator.map((email) => ({
      kind: "accountingOperator" as const,
      email,
      invitedBy: dono.user,
    })),
    ...DEMO_INVITES.client.map((email) => ({ kind: "client" as const, email, invitedBy: admin.user })),
  ]);
  const showcase = clients.get(SHOWCASE_CLIENT);
  if (showcase) {
    const owner = showcase.members[0].user;
    await seedInvites(
      tx,
      { client: showcase.client },
      DEMO_INVITES.clientOperator.map((email) => ({ kind: "clientOperator" as const, email, invitedBy: owner })),
    );
  }
  await seedInvites(
    tx,
    { office: other.office },
    DEMO_INVITES.otherOffice.map((email) => ({
      kind: "accountingOperator" as const,
      email,
      invitedBy: otherOwner.user,
    })),
  );
}
