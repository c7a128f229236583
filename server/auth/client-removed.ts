import "server-only";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";

/** `error.details.reason` of a refusal whose cause is the office's removal of the user's client company. */
export const CLIENT_REMOVED_REASON = "client_removed";

/**
 * The refusal of a user who can enter no platform because the office removed its company: the status
 * the spec gives the case's family (login 400 `blocked`, a later call or refresh 401 `unauthenticated`),
 * with its own message and `details.reason`, so the screens can say the office removed the company
 * instead of 'Seu acesso foi bloqueado' (docs/decisions/0040-removed-client-users.md).
 */
export function clientRemovedError(code: "blocked" | "unauthenticated"): AppError {
  return new AppError(code, messages.validation.clientRemoved, { details: { reason: CLIENT_REMOVED_REASON } });
}
