import { validationMessages } from "@/lib/i18n/sections/validation";
import { ApiError } from "./client";

/**
 * The login screen's message for a failed POST /api/token/ (spec §8): 400 blocked, 401 wrong e-mail or
 * password, anything else 'Erro de conexão'. Two refinements: a 400 for a malformed body (an e-mail of
 * 300 characters) reads as wrong credentials, and 429 shows the server's own text (it tells the user to
 * wait, which 'Erro de conexão' would hide).
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return validationMessages.connection;
  if (error.status === 400) return error.code === "invalid_input" ? validationMessages.login : validationMessages.blocked;
  if (error.status === 401) return validationMessages.login;
  if (error.status === 429 && error.code === "rate_limited" && error.message) return error.message;
  return validationMessages.connection;
}
