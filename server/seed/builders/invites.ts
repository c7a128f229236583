import "server-only";
import { getDb, type Invite, type InviteKind } from "@/server/db/client";
import { createClient } from "./clients";
import { createOffice } from "./offices";
import { createUser, uniqueEmail, type DbLike, type Ref } from "./users";

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
