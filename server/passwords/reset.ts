import "server-only";
import { randomBytes } from "node:crypto";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { endSessions } from "@/server/auth/end-sessions";
import { hashPassword } from "@/server/auth/passwords";
import { hashToken } from "@/server/auth/tokens";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { scheduleDelivery } from "@/server/mail/deliver";
import { enqueueMail } from "@/server/mail/outbox";
import { passwordResetMail } from "@/server/mail/templates";

export const RESET_TTL_MS = 60 * 60 * 1000;
/** Reset e-mails per account per hour: enough for a lost message, too few to flood an inbox. */
export const RESET_MAX_PER_HOUR = 3;

// POST /api/password/forgot: always `{}`, for known and unknown e-mails alike, after the same two
// queries. A known e-mail under its hourly limit then also writes its token, mail and audit event (a
// transaction more): the answer tells nothing, its time may
// (docs/decisions/0108-invites-and-password-reset.md).
export async function forgotPassword({ email }: { email: string }): Promise<Record<string, never>> {
  const db = getDb();
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  const since = new Date(Date.now() - RESET_TTL_MS);
  const recent = await db.passwordResetToken.count({ where: { userId: user?.id ?? -1, createdAt: { gt: since } } });
  if (!user || recent >= RESET_MAX_PER_HOUR) return {};
  const token = randomBytes(32).toString("base64url");
  await db.$transaction(async (tx) => {
    await tx.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) },
    });
    await enqueueMail(tx, email, passwordResetMail(`${getConfig().APP_URL}/redefinir-senha/${token}`));
    await writeAuditEvent(
      { actorUserId: user.id, action: "password.forgot", targetType: "user", targetId: user.id },
      tx,
    );
  });
  scheduleDelivery();
  return {};
}

// POST /api/password/reset/check: read-only; `{}` while the link can set a password, else the same 404
// the reset itself answers, so the page says so before the password is typed. The same unguessable
// token is the key, exactly as for /api/invite/info.
export async function checkResetToken({ token }: { token: string }): Promise<Record<string, never>> {
  const found = await getDb().passwordResetToken.findFirst({
    where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true },
  });
  if (!found) throw new AppError("not_found", messages.password.invalidLink);
  return {};
}

// POST /api/password/reset: consumes the token atomically, stores the new hash and ends every session
// (refresh tokens revoked, access tokens issued before now refused: endSessions).
export async function resetPassword({
  token,
  password,
}: {
  token: string;
  password: string;
}): Promise<Record<string, never>> {
  const passwordHash = await hashPassword(password);
  await getDb().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ user_id: number }[]>`
      UPDATE password_reset_tokens SET used_at = now()
      WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`;
    const userId = rows[0]?.user_id;
    if (userId === undefined) throw new AppError("not_found", messages.password.invalidLink);
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    const now = await endSessions(tx, userId);
    // Any other link still in an inbox dies with this reset.
    await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    await writeAuditEvent({ actorUserId: userId, action: "password.reset", targetType: "user", targetId: userId }, tx);
  });
  return {};
}
