import "server-only";
import type { InviteAcceptBody, InviteInfoAnswer } from "@/lib/contract/invites";
import type { TokenAnswer } from "@/lib/contract/auth";
import { messages } from "@/lib/i18n/messages";
import { passwordSchema, requiredSchema } from "@/lib/validation";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { hashPassword, verifyPassword, withCredentialCheck } from "@/server/auth/passwords";
import { prepareSession } from "@/server/auth/sessions";
import { verifyWithinLimit } from "@/server/auth/throttle";
import { hashToken } from "@/server/auth/tokens";
import { getDb, type InviteKind, type Tx } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

const invalid = () => new AppError("not_found", messages.invites.invalid);
const fieldError = (path: string, message: string) => new AppError("invalid_input", message, { fields: [{ path, message }] });

// Only operator invites have a sign-up today; a client company invite waits for its own issue.
const ACCEPTABLE: InviteKind[] = ["accountingOperator", "clientOperator"];

// POST /api/invite/info: what the invite page shows before accepting (public: the token is the key).
export async function inviteInfo({ token }: { token: string }): Promise<InviteInfoAnswer> {
  const invite = await getDb().invite.findFirst({
    where: { tokenHash: hashToken(token), acceptedAt: null, expiresAt: { gt: new Date() }, kind: { in: ACCEPTABLE } },
    select: { email: true, kind: true, office: { select: { name: true } }, client: { select: { name: true } } },
  });
  if (!invite) throw invalid();
  const user = await getDb().user.findUnique({ where: { email: invite.email }, select: { id: true } });
  return {
    email: invite.email,
    kind: invite.kind,
    organizationName: invite.client?.name ?? invite.office?.name ?? "",
    userExists: Boolean(user),
  };
}

type Consumed = { id: number; kind: InviteKind; email: string; office_id: number | null; client_id: number | null };
/** Who accepts: an existing account whose password was verified, or a new one already hashed. */
type Acceptor = { existingUserId: number } | { name: string; passwordHash: string };

/**
 * POST /api/invite/accept: checks the password first (an existing account's, under the login throttle:
 * the link lets its holder try that account's password, so each try is counted before it is checked)
 * or hashes the new account's, with no connection held; then consumes the invite and creates the user
 * and the type-2 membership in ONE transaction, so a link works once and a failure leaves nothing.
 */
export async function acceptInvite(body: InviteAcceptBody): Promise<TokenAnswer> {
  const tokenHash = hashToken(body.token);
  const pending = await getDb().invite.findFirst({
    where: { tokenHash, acceptedAt: null, expiresAt: { gt: new Date() }, kind: { in: ACCEPTABLE } },
    select: { email: true },
  });
  if (!pending) throw invalid();
  const acceptor = await acceptorFor(pending.email, body);

  const { userId, session } = await getDb().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Consumed[]>`
      UPDATE invites SET accepted_at = now()
      WHERE token_hash = ${tokenHash} AND accepted_at IS NULL AND expires_at > now()
        AND kind IN ('accountingOperator', 'clientOperator')
      RETURNING id, kind, email, office_id, client_id`;
    const invite = rows[0];
    if (!invite) throw invalid();
    const userId = await userFor(tx, acceptor, invite.email);
    await addMembership(tx, userId, invite);
    const session = prepareSession(userId);
    await tx.refreshToken.create({ data: session.row });
    await writeAuditEvent(
      { actorUserId: userId, officeId: invite.office_id, clientId: invite.client_id, action: "invite.accept", targetType: "invite", targetId: invite.id },
      tx,
    );
    return { userId, session };
  });
  const [pair, platforms] = await Promise.all([session.sign(), platformsOf(userId)]);
  return { ...pair, ...platforms };
}

async function acceptorFor(email: string, body: InviteAcceptBody): Promise<Acceptor> {
  const existing = await getDb().user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  if (existing) {
    const ok = await withCredentialCheck(() =>
      verifyWithinLimit({ email, address: null }, () => verifyPassword(body.password, existing.passwordHash)),
    );
    if (!ok) throw fieldError("password", messages.invites.wrongPassword);
    return { existingUserId: existing.id };
  }
  const name = requiredSchema.safeParse(body.name ?? "");
  if (!name.success) throw fieldError("name", name.error.issues[0]?.message ?? messages.validation.empty);
  const password = passwordSchema.safeParse(body.password);
  if (!password.success) throw fieldError("password", messages.validation.password);
  return { name: name.data, passwordHash: await hashPassword(password.data) };
}

async function userFor(tx: Tx, acceptor: Acceptor, email: string): Promise<number> {
  if ("existingUserId" in acceptor) return acceptor.existingUserId;
  // Another path may have created the e-mail's user since the check: the unique e-mail answers 409.
  const user = await tx.user.create({ data: { email, name: acceptor.name, passwordHash: acceptor.passwordHash }, select: { id: true } });
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
    select: { accountingOperator: { select: { blocked: true } }, clientOperator: { select: { blocked: true, client: { select: { removedAt: true } } } } },
  });
  const acc = user.accountingOperator;
  const bus = user.clientOperator;
  return { isAccouting: Boolean(acc && !acc.blocked), isBussiness: Boolean(bus && !bus.blocked && !bus.client.removedAt) };
}
