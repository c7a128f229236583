import { validationMessages } from "@/lib/i18n/sections/validation";
import { ApiError } from "./client";

/** `error.details.reason` of a login, refresh or call refused because the office removed the user's company. */
export const CLIENT_REMOVED_REASON = "client_removed";

/**
 * The login screen's message for a failed POST /api/token/ (spec §8): 400 blocked, 401 wrong e-mail or
 * password, anything else 'Erro de conexão'. Two refinements: a 400 for a malformed body (an e-mail of
 * 300 characters) reads as wrong credentials, and 429 shows the server's own text (it tells the user to
 * wait, which 'Erro de conexão' would hide).
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return validationMessages.connection;
  // The office removed the user's company: its own message, not 'Seu acesso foi bloqueado' (same 400).
  if (error.status === 400 && error.details.reason === CLIENT_REMOVED_REASON) return validationMessages.clientRemoved;
  if (error.status === 400)
    return error.code === "invalid_input" ? validationMessages.login : validationMessages.blocked;
  if (error.status === 401) return validationMessages.login;
  if (error.status === 429 && error.code === "rate_limited" && error.message) return error.message;
  return validationMessages.connection;
}
