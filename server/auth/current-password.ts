import "server-only";
import { getDb } from "@/server/db/client";
import { verifyPassword, withCredentialCheck } from "./passwords";
import { verifyWithinLimit } from "./throttle";

/**
 * Whether `password` is the user's current one (changing the password or the login e-mail asks for it).
 * A logged-in caller gets no more guesses than a login: each try counts under the account's login
 * throttle (429 past the limit), is admitted like a login (503 when too busy) and runs outside any
 * transaction.
 */
export async function isCurrentPassword(user: { userId: number; email: string }, password: string): Promise<boolean> {
  return withCredentialCheck(async () => {
    const { passwordHash } = await getDb().user.findUniqueOrThrow({
      where: { id: user.userId },
      select: { passwordHash: true },
    });
    return verifyWithinLimit({ email: user.email, address: null }, () => verifyPassword(password, passwordHash));
  });
}
