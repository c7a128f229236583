import "server-only";
import type { InviteAcceptBody, InviteInfoAnswer } from "@/lib/contract/invites";
import type { TokenAnswer } from "@/lib/contract/auth";
import { messages } from "@/lib/i18n/messages";
import { passwordSchema, requiredSchema } from "@/lib/validation";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { hashPassword, verifyPassword } from "@/server/auth/passwords";
import { issueTokenPair } from "@/server/auth/sessions";
import { assertNotThrottled, recordFailure } from "@/server/auth/throttle";
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

// POST /api/invite/accept: consumes the invite and creates the user (or checks the existing user's
// password) and the type-2 membership in ONE transaction; any failure rolls the consumption back.
export async function acceptInvite(body: InviteAcceptBody): Promise<TokenAnswer> {
  // The link lets its holder try the password of an existing account: the login throttle counts those tries.
  const pending = await getDb().invite.findUnique({ where: { tokenHash: hashToken(body.token) }, select: { email: true } });
  const keys = { email: pending?.email ?? "", address: null };
  if (pending) await assertNotThrottled(keys);
  try {
    return await consume(body);
  } catch (error) {
    if (pending && error instanceof AppError && error.message === messages.invites.wrongPassword) await recordFailure(keys);
    throw error;
  }
}

async function consume(body: InviteAcceptBody): Promise<TokenAnswer> {
  return getDb().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Consumed[]>`
      UPDATE invites SET accepted_at = now()
      WHERE token_hash = ${hashToken(body.token)} AND accepted_at IS NULL AND expires_at > now()
        AND kind IN ('accountingOperator', 'clientOperator')
      RETURNING id, kind, email, office_id, client_id`;
    const invite = rows[0];
    if (!invite) throw invalid();
    const userId = await userFor(tx, invite.email, body);
    await addMembership(tx, userId, invite);
    const pair = await issueTokenPair(tx, userId);
    await writeAuditEvent(
      { actorUserId: userId, officeId: invite.office_id, clientId: invite.client_id, action: "invite.accept", targetType: "invite", targetId: invite.id },
      tx,
    );
    return { ...pair, ...(await platformsOf(tx, userId)) };
  });
}

async function userFor(tx: Tx, email: string, body: InviteAcceptBody): Promise<number> {
  const existing = await tx.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  if (existing) {
    if (!(await verifyPassword(body.password, existing.passwordHash))) throw fieldError("password", messages.invites.wrongPassword);
    return existing.id;
  }
  const name = requiredSchema.safeParse(body.name ?? "");
  if (!name.success) throw fieldError("name", messages.validation.empty);
  const password = passwordSchema.safeParse(body.password);
  if (!password.success) throw fieldError("password", messages.validation.password);
  const user = await tx.user.create({ data: { email, name: name.data, passwordHash: await hashPassword(password.data) }, select: { id: true } });
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

async function platformsOf(tx: Tx, userId: number): Promise<{ isAccouting: boolean; isBussiness: boolean }> {
  const user = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { accountingOperator: { select: { blocked: true } }, clientOperator: { select: { blocked: true, client: { select: { removedAt: true } } } } },
  });
  const acc = user.accountingOperator;
  const bus = user.clientOperator;
  return { isAccouting: Boolean(acc && !acc.blocked), isBussiness: Boolean(bus && !bus.blocked && !bus.client.removedAt) };
}
