import "server-only";
import { randomBytes } from "node:crypto";
import type { RegisterAnswer, RegisterInput } from "@/lib/contract/register";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { reserveAttempt } from "@/server/auth/throttle";
import { hashToken } from "@/server/auth/tokens";
import { getConfig } from "@/server/config";
import { insertStarterChart } from "@/server/accounts/load-starter";
import { getDb } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { AppError } from "@/server/errors";
import { INVITE_TTL_MS } from "@/server/invites/manage";
import { scheduleDelivery } from "@/server/mail/deliver";
import { enqueueMail } from "@/server/mail/outbox";
import { currentYearMonth } from "@/lib/format/dates";
import { signupMail } from "./mail";
import { NO_PASSWORD } from "@/server/auth/pending-owner";

/** A signed-up office is on trial this long (payment is not part of this version). */
export const TRIAL_DAYS = 30;

const s = messages.register.signup;
const emailInUse = () => new AppError("conflict", s.emailInUse, { fields: [{ path: "email", message: s.emailInUse }] });

/**
 * POST /api/register (public): creates the office, its owner (operator type 0, payment access) with no
 * usable password yet, and the owner's one-time link, in ONE transaction; the link is an invite of the
 * office to the owner's e-mail (the invite page sets the first password and logs in, invites/accept.ts).
 * Every try is counted before anything else under the login throttle's table with keys of its own
 * (per e-mail, and per address behind a trusted proxy): past the limit 429, so the route cannot be used
 * to flood an inbox. An e-mail that already has a login answers 409 and nothing is sent. With
 * `starterChart: true` the starter chart of accounts is loaded, in the same transaction, into this year
 * (São Paulo's calendar) and the previous one (a block goes into its payment date's year).
 */
export async function registerOffice({
  body,
  address,
}: {
  body: RegisterInput;
  address: string | null;
}): Promise<RegisterAnswer> {
  await reserveAttempt({ scope: "register", email: body.email, address }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "rate_limited"
      ? new AppError("rate_limited", s.tooMany, { headers: error.headers })
      : error;
  });
  const db = getDb();
  if (await db.user.findUnique({ where: { email: body.email }, select: { id: true } })) throw emailInUse();

  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  try {
    await db.$transaction(async (tx) => {
      const office = await tx.accountingOffice.create({
        data: {
          name: body.companyName,
          code: body.cnpj,
          email: body.email,
          phone: body.companyPhone,
          cep: body.cep,
          street: body.street,
          number: body.number,
          neighboor: body.neighborhood,
          city: body.city,
          state: body.state,
          trialEndsAt: new Date(now + TRIAL_DAYS * 24 * 60 * 60 * 1000),
        },
        select: { id: true, name: true },
      });
      const user = await tx.user.create({
        data: {
          email: body.email,
          name: `${body.firstName} ${body.lastName}`,
          code: body.cpf,
          phone: body.phone,
          passwordHash: NO_PASSWORD,
        },
        select: { id: true },
      });
      const starterYears = body.starterChart ? [currentYearMonth().year, currentYearMonth().year - 1] : [];
      for (const year of starterYears) await insertStarterChart(tx, office.id, year);
      const owner = await tx.accountingOperator.create({
        data: { userId: user.id, officeId: office.id, type: 0, hasPaymentAccess: true },
        select: { id: true },
      });
      const invite = await tx.invite.create({
        data: {
          kind: "accountingOperator",
          email: body.email,
          officeId: office.id,
          invitedById: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now + INVITE_TTL_MS),
        },
        select: { id: true },
      });
      await enqueueMail(tx, body.email, signupMail(`${getConfig().APP_URL}/convite/${token}`, office.name));
      await writeAuditEvent(
        {
          actorUserId: user.id,
          officeId: office.id,
          action: "office.signup",
          targetType: "office",
          targetId: office.id,
          data: {
            ownerOperatorId: owner.id,
            inviteId: invite.id,
            trialDays: TRIAL_DAYS,
            starterChartYears: starterYears,
          },
        },
        tx,
      );
    });
  } catch (error) {
    // The same e-mail signed up in parallel (or invited and accepted meanwhile): the unique e-mail settles it.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  scheduleDelivery();
  return { email: body.email };
}
