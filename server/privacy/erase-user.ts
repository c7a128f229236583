import "server-only";
import { randomBytes } from "node:crypto";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { endSessions } from "@/server/auth/end-sessions";
import { hashPassword } from "@/server/auth/passwords";
import type { Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";

const m = messages.privacy;

/** The e-mail an erased account keeps: unique (the user's id, no personal data), never deliverable. */
export const erasedEmail = (userId: number) => `removido-${userId}@usuario-removido.invalid`;

/** A password hash nobody knows: erased accounts never log in again. */
export const unusablePasswordHash = () => hashPassword(randomBytes(32).toString("base64url"));

/**
 * Replaces a person's personal data irreversibly, inside the caller's transaction
 * (docs/decisions/0311-personal-data.md). The users row stays, so every block, export, pendency and audit
 * event that names it still does, now as 'Usuário removido'; nothing is kept that could restore the old
 * values (no key, no copy). Its memberships stay, blocked, for the same references. Replaced or
 * deleted: name, e-mail, phone, CPF and photo; the mail sent to the old address (unsent mail deleted,
 * sent mail's address and body replaced) and the old e-mail or name in any other message; invites to the
 * old address; the e-mail in audit events about invites; login throttle, reset links, data exports,
 * notification choices, presence and idempotency replies. Every session ends. Returns the blob keys to
 * delete after the commit (the photo, the data exports' ZIPs).
 */
export async function eraseUser(
  tx: Tx,
  userId: number,
  { by, passwordHash }: { by: number; passwordHash: string },
): Promise<string[]> {
  const [user] = await tx.$queryRaw<
    { email: string; name: string; picture_key: string | null; erased_at: Date | null }[]
  >`
    SELECT email, name, picture_key, erased_at FROM users WHERE id = ${userId} FOR UPDATE`;
  if (!user) throw new AppError("not_found", m.operatorNotFound);
  if (user.erased_at) throw new AppError("conflict", m.alreadyErased);
  const email = erasedEmail(userId);
  const name = m.removedUser;
  const now = new Date();
  const exports = await tx.personalDataExport.findMany({ where: { userId }, select: { blobKey: true } });

  await tx.user.update({
    where: { id: userId },
    data: { email, name, code: null, phone: null, pictureKey: null, passwordHash, erasedAt: now, lastPlatform: null },
  });
  await tx.accountingOperator.updateMany({ where: { userId }, data: { blocked: true } });
  await tx.clientOperator.updateMany({ where: { userId }, data: { blocked: true } });

  // The mail: unsent messages to the old address are dropped, sent ones keep only that they were sent.
  await tx.mailOutbox.deleteMany({ where: { to: user.email, sentAt: null } });
  await tx.$executeRaw`
    UPDATE mail_outbox SET "to" = ${email}, subject = ${name}, text = '', html = NULL, headers = NULL
     WHERE "to" = ${user.email}`;
  await tx.$executeRaw`
    UPDATE mail_outbox
       SET subject = replace(subject, ${user.email}, ${email}),
           text = replace(text, ${user.email}, ${email}),
           html = replace(html, ${user.email}, ${email})
     WHERE strpos(text, ${user.email}) > 0 OR strpos(subject, ${user.email}) > 0 OR strpos(html, ${user.email}) > 0`;
  if (user.name.trim().length >= 3) {
    await tx.$executeRaw`
      UPDATE mail_outbox
         SET subject = replace(subject, ${user.name}, ${name}),
             text = replace(text, ${user.name}, ${name}),
             html = replace(html, ${user.name}, ${name})
       WHERE strpos(text, ${user.name}) > 0 OR strpos(subject, ${user.name}) > 0 OR strpos(html, ${user.name}) > 0`;
  }
  // Invites to the old address: the address replaced, the link dead.
  await tx.$executeRaw`
    UPDATE invites SET email = ${email}, token_hash = NULL, expires_at = LEAST(COALESCE(expires_at, ${now}), ${now})
     WHERE email = ${user.email}`;
  await tx.$executeRaw`
    UPDATE audit_events SET data = jsonb_set(data, '{email}', to_jsonb(${email}::text))
     WHERE data ? 'email' AND data->>'email' = ${user.email}`;
  // Its login counters, whatever their prefix: 'email:…', 'pair:<address>|…'.
  await tx.$executeRaw`
    DELETE FROM login_throttles
     WHERE key LIKE ${"%email:" + likeEscape(user.email)} OR key LIKE ${"%|" + likeEscape(user.email)}`;
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  await tx.personalDataExport.deleteMany({ where: { userId } });
  await tx.notificationPreference.deleteMany({ where: { userId } });
  await tx.presence.deleteMany({ where: { userId } });
  await tx.idempotencyKey.deleteMany({ where: { userId } });
  await endSessions(tx, userId);
  await writeAuditEvent(
    { actorUserId: by, action: "user.erase", targetType: "user", targetId: userId, data: { self: by === userId } },
    tx,
  );
  return [user.picture_key, ...exports.map((row) => row.blobKey)].filter((key): key is string => key !== null);
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
