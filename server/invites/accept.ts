import "server-only";
import type { InviteAcceptInput, InviteInfoAnswer } from "@/lib/contract/invites";
import type { TokenAnswer } from "@/lib/contract/auth";
import { messages } from "@/lib/i18n/messages";
import { passwordSchema, requiredSchema } from "@/lib/validation/schemas";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { hashPassword, verifyPassword, withCredentialCheck } from "@/server/auth/passwords";
import { prepareSession } from "@/server/auth/sessions";
import { verifyWithinLimit } from "@/server/auth/throttle";
import { hashToken } from "@/server/auth/tokens";
import { getDb, type InviteKind, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { hasNoPassword, NO_PASSWORD } from "@/server/auth/pending-owner";
import { joinAsClient } from "./client-join";

const invalid = () => new AppError("not_found", messages.invites.invalid);
const fieldError = (path: string, message: string) =>
  new AppError("invalid_input", message, { fields: [{ path, message }] });
const pendingWhere = (tokenHash: string) => ({ tokenHash, acceptedAt: null, expiresAt: { gt: new Date() } });

type Invitee = {
  id: number;
  passwordHash: string;
  accountingOperator: { officeId: number } | null;
  clientOperator: { clientId: number; client: { officeId: number; code: string; removedAt: Date | null } } | null;
};
const inviteeSelect = {
  id: true,
  passwordHash: true,
  accountingOperator: { select: { officeId: true } },
  clientOperator: { select: { clientId: true, client: { select: { officeId: true, code: true, removedAt: true } } } },
} as const;

/** The owner of an office signed up from /register, following its e-mailed link to set a first password. */
const isSignupActivation = (invite: { kind: InviteKind; officeId: number | null }, user: Invitee | null) =>
  Boolean(
    user &&
    hasNoPassword(user.passwordHash) &&
    invite.kind === "accountingOperator" &&
    user.accountingOperator?.officeId === invite.officeId,
  );

// POST /api/invite/info: what the invite page shows before accepting (public: the token is the key).
export async function inviteInfo({ token }: { token: string }): Promise<InviteInfoAnswer> {
  const invite = await getDb().invite.findFirst({
    where: pendingWhere(hashToken(token)),
    select: {
      email: true,
      kind: true,
      officeId: true,
      office: { select: { name: true } },
      client: { select: { name: true } },
    },
  });
  if (!invite) throw invalid();
  const user = await getDb().user.findUnique({ where: { email: invite.email }, select: inviteeSelect });
  const signup = isSignupActivation(invite, user);
  return {
    email: invite.email,
    kind: invite.kind,
    organizationName: invite.client?.name ?? invite.office?.name ?? "",
    userExists: Boolean(user) && !signup,
    ...(signup ? { signup: true as const } : {}),
  };
}

type Consumed = {
  id: number;
  kind: InviteKind;
  email: string;
  office_id: number | null;
  client_id: number | null;
  invited_by_id: number;
};
/** Who accepts: an existing account whose password was verified, a signed-up owner setting its first
 * password, or a new account already hashed. */
type Acceptor =
  | { existingUserId: number }
  | { activateUserId: number; passwordHash: string }
  | { name: string; passwordHash: string; code: string | null; phone: string | null };

/**
 * POST /api/invite/accept: checks the password first (an existing account's, under the login throttle:
 * the link lets its holder try that account's password, so each try is counted before it is checked)
 * or hashes the new account's, with no connection held; then consumes the invite and creates the user
 * and the membership (a client invite: the company too, client-join.ts) in ONE transaction, so a link
 * works once and a failure leaves nothing.
 */
export async function acceptInvite(body: InviteAcceptInput): Promise<TokenAnswer> {
  const tokenHash = hashToken(body.token);
  const pending = await getDb().invite.findFirst({
    where: pendingWhere(tokenHash),
    select: { email: true, kind: true, officeId: true },
  });
  if (!pending) throw invalid();
  if (pending.kind === "client" && !body.client) throw fieldError("client", messages.invites.companyRequired);
  const acceptor = await acceptorFor(pending, body);

  const { userId, session } = await getDb().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Consumed[]>`
      UPDATE invites SET accepted_at = now()
      WHERE token_hash = ${tokenHash} AND accepted_at IS NULL AND expires_at > now()
      RETURNING id, kind, email, office_id, client_id, invited_by_id`;
    const invite = rows[0];
    if (!invite) throw invalid();
    const userId = await userFor(tx, acceptor, invite.email);
    let clientId = invite.client_id;
    if (invite.kind === "client")
      clientId = await joinAsClient(tx, userId, { ...invite, office_id: invite.office_id! }, body.client!);
    else if (!("activateUserId" in acceptor)) await addMembership(tx, userId, invite);
    const session = prepareSession(userId);
    await tx.refreshToken.create({ data: session.row });
    await writeAuditEvent(
      {
        actorUserId: userId,
        officeId: invite.office_id,
        clientId,
        action: "invite.accept",
        targetType: "invite",
        targetId: invite.id,
        data: { kind: invite.kind },
      },
      tx,
    );
    return { userId, session };
  });
  const [pair, platforms] = await Promise.all([session.sign(), platformsOf(userId)]);
  return { ...pair, ...platforms };
}

async function acceptorFor(
  invite: { email: string; kind: InviteKind; officeId: number | null },
  body: InviteAcceptInput,
): Promise<Acceptor> {
  const { email } = invite;
  const existing = await getDb().user.findUnique({ where: { email }, select: inviteeSelect });
  if (existing && isSignupActivation(invite, existing)) {
    return { activateUserId: existing.id, passwordHash: await hashPassword(newPassword(body.password)) };
  }
  if (existing) {
    const ok = await withCredentialCheck(() =>
      verifyWithinLimit({ email, address: null }, () => verifyPassword(body.password, existing.passwordHash)),
    );
    if (!ok) throw fieldError("password", messages.invites.wrongPassword);
    if (invite.kind === "client") assertNoOtherCompany(existing, invite, body);
    return { existingUserId: existing.id };
  }
  const name = requiredSchema.safeParse(body.name ?? "");
  if (!name.success) throw fieldError("name", name.error.issues[0]?.message ?? messages.validation.empty);
  // A client company's first user gives its CPF and phone too (validated by the contract when sent).
  if (invite.kind === "client" && !body.code) throw fieldError("code", messages.validation.empty);
  if (invite.kind === "client" && !body.phone) throw fieldError("phone", messages.validation.empty);
  const passwordHash = await hashPassword(newPassword(body.password));
  return { name: name.data, passwordHash, code: body.code ?? null, phone: body.phone ?? null };
}

function newPassword(password: string): string {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw fieldError("password", messages.validation.password);
  return parsed.data;
}

/**
 * A login holds one client membership. The only one that may be taken over is a membership of the very
 * company being restored (a removed client of this office with the registered CPF/CNPJ).
 */
function assertNoOtherCompany(user: Invitee, invite: { officeId: number | null }, body: InviteAcceptInput): void {
  const membership = user.clientOperator;
  if (!membership) return;
  const company = membership.client;
  const code = body.client!.code.replace(/\D+/g, "");
  const sameRemoved = company.removedAt !== null && company.officeId === invite.officeId && company.code === code;
  if (!sameRemoved) throw new AppError("conflict", messages.invites.alreadyClient);
}

async function userFor(tx: Tx, acceptor: Acceptor, email: string): Promise<number> {
  if ("existingUserId" in acceptor) return acceptor.existingUserId;
  if ("activateUserId" in acceptor) {
    // Only while no password was set (a reset link may have set one meanwhile): then the link is spent.
    const set = await tx.user.updateMany({
      where: { id: acceptor.activateUserId, passwordHash: NO_PASSWORD },
      data: { passwordHash: acceptor.passwordHash },
    });
    if (set.count !== 1) throw invalid();
    return acceptor.activateUserId;
  }
  // Another path may have created the e-mail's user since the check: the unique e-mail answers 409.
  const user = await tx.user.create({
    data: {
      email,
      name: acceptor.name,
      passwordHash: acceptor.passwordHash,
      code: acceptor.code,
      phone: acceptor.phone,
    },
    select: { id: true },
  });
  return user.id;
}

async function addMembership(tx: Tx, userId: number, invite: Consumed): Promise<void> {
  if (invite.kind === "accountingOperator") {
    if (await tx.accountingOperator.findUnique({ where: { userId }, select: { id: true } })) throw conflict();
    await tx.accountingOperator.create({ data: { userId, officeId: invite.office_id!, type: 2 } });
    return;
  }
  if (await tx.clientOperator.findUnique({ where: { userId }, select: { id: true } })) throw conflict();
  await tx.clientOperator.create({ data: { userId, clientId: invite.client_id!, type: 2 } });
}

const conflict = () => new AppError("conflict", messages.invites.otherOrganization);

async function platformsOf(userId: number): Promise<{ isAccouting: boolean; isBussiness: boolean }> {
  const user = await getDb().user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      accountingOperator: { select: { blocked: true } },
      clientOperator: { select: { blocked: true, client: { select: { removedAt: true } } } },
    },
  });
  const acc = user.accountingOperator;
  const bus = user.clientOperator;
  return {
    isAccouting: Boolean(acc && !acc.blocked),
    isBussiness: Boolean(bus && !bus.blocked && !bus.client.removedAt),
  };
}
