import "server-only";
import { messages } from "@/lib/i18n/messages";
import type { TokenAnswer } from "@/lib/contract/auth";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { clientRemovedError } from "./client-removed";
import { getDummyHash, verifyPassword, withCredentialCheck } from "./passwords";
import { prepareSession } from "./sessions";
import { verifyWithinLimit } from "./throttle";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * POST /api/token/: 401 wrong e-mail or password (same answer, same time), 400 blocked, 429 throttled
 * (this address, for this account or for every account),
 * 503 when the server is too busy to check it in time. The check is admitted before it touches the
 * database (withCredentialCheck), the attempt is counted before the password is verified, and no
 * database connection is held while the password hashes or the tokens are signed.
 */
export async function login(input: {
  username: string;
  password: string;
  address: string | null;
  seen?: string | null;
}): Promise<TokenAnswer> {
  const email = normalizeEmail(input.username);
  const db = getDb();
  const user = await withCredentialCheck(async () => {
    const found = await db.user.findUnique({
      where: { email },
      select: {
        id: true,
        passwordHash: true,
        accountingOperator: { select: { blocked: true, officeId: true } },
        clientOperator: { select: { blocked: true, client: { select: { removedAt: true } } } },
      },
    });
    const verify = async () => verifyPassword(input.password, found?.passwordHash ?? (await getDummyHash()));
    // `seen` (the caller's address): wrong passwords lock that address out of the account, and only
    // slow the account down for everyone else (server/auth/throttle.ts).
    const ok = await verifyWithinLimit({ email, address: input.address, seen: input.seen ?? null }, verify);
    return ok ? found : null;
  });
  if (!user) throw new AppError("invalid_credentials", messages.validation.login);

  const acc = user.accountingOperator;
  const bus = user.clientOperator;
  const isAccouting = Boolean(acc && !acc.blocked);
  const isBussiness = Boolean(bus && !bus.blocked && !bus.client.removedAt);
  // A user whose every membership is blocked (or who has none left) may not enter either platform; when
  // the office removed its company, the answer says so.
  if (!isAccouting && !isBussiness && bus?.client.removedAt) throw clientRemovedError("blocked");
  if (!isAccouting && !isBussiness) throw new AppError("blocked", messages.validation.blocked);

  const session = prepareSession(user.id);
  await db.$transaction([
    db.refreshToken.create({ data: session.row }),
    db.auditEvent.create({ data: { actorUserId: user.id, officeId: acc?.officeId ?? null, action: "auth.login" } }),
  ]);
  return { ...(await session.sign()), isAccouting, isBussiness };
}
