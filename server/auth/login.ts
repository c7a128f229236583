import "server-only";
import { messages } from "@/lib/i18n/messages";
import type { TokenAnswer } from "@/lib/contract/auth";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { getDummyHash, verifyPassword } from "./passwords";
import { issueTokenPair } from "./sessions";
import { assertNotThrottled, clearFailures, recordFailure } from "./throttle";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// POST /api/token/: 401 wrong e-mail or password (same answer, same time), 400 blocked, 429 throttled.
export async function login(input: { username: string; password: string; address: string | null }): Promise<TokenAnswer> {
  const email = normalizeEmail(input.username);
  const keys = { email, address: input.address };
  await assertNotThrottled(keys);

  const db = getDb();
  const user = await db.user.findUnique({
    where: { email },
    select: {
      id: true,
      passwordHash: true,
      accountingOperator: { select: { blocked: true, officeId: true } },
      clientOperator: { select: { blocked: true, client: { select: { removedAt: true, officeId: true } } } },
    },
  });
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !passwordOk) {
    await recordFailure(keys);
    throw new AppError("invalid_credentials", messages.validation.login);
  }

  const acc = user.accountingOperator;
  const bus = user.clientOperator;
  const isAccouting = Boolean(acc && !acc.blocked);
  const isBussiness = Boolean(bus && !bus.blocked && !bus.client.removedAt);
  if (!isAccouting && !isBussiness) {
    // A user whose every membership is blocked (or who has none left) may not enter either platform.
    throw new AppError("blocked", messages.validation.blocked);
  }

  await clearFailures(email);
  const pair = await db.$transaction(async (tx) => {
    const tokens = await issueTokenPair(tx, user.id);
    await writeAuditEvent({ actorUserId: user.id, officeId: acc?.officeId, action: "auth.login" }, tx);
    return tokens;
  });
  return { ...pair, isAccouting, isBussiness };
}
