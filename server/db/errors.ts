import "server-only";
import { classifyDatabaseError } from "@/server/http/database-errors";

/**
 * True when a write broke a unique index (Prisma P2002). A service that can name the conflict for a
 * person ('Este e-mail já está em uso.') catches it with this; anything it does not catch reaches the
 * route wrapper's one mapping (409 conflict). The Prisma code is read in one place only: the classifier.
 */
export function isUniqueViolation(error: unknown): boolean {
  return classifyDatabaseError(error) === "unique";
}
