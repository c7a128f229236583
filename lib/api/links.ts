import type { TokenAnswer } from "@/lib/contract/auth";
import type { InviteAcceptBody, InviteInfoAnswer } from "@/lib/contract/invites";
import type { RegisterAnswer, RegisterBody } from "@/lib/contract/register";
import { api } from "./api";

// The e-mailed links : invite info/accept and password forgot/reset. All public calls:
// no bearer token and no refresh on 401 (the link token is the key). Shapes: lib/contract/invites.ts.

export type InviteInfo = InviteInfoAnswer;

const PUBLIC = { auth: false } as const;

/** POST /api/invite/info — 404 'Convite inválido ou expirado.' for an unknown, used or expired token. */
export function fetchInviteInfo(token: string, signal?: AbortSignal): Promise<InviteInfo> {
  return api.request<InviteInfo>("/api/invite/info", { token }, { ...PUBLIC, signal });
}

/** POST /api/invite/accept — a login answer: the caller starts the session like /login does. */
export function acceptInvite(body: InviteAcceptBody): Promise<TokenAnswer> {
  return api.request<TokenAnswer>("/api/invite/accept", body, PUBLIC);
}

/** POST /api/password/forgot — always answers {} (no account enumeration). */
export function requestPasswordReset(email: string): Promise<void> {
  return api.request<void>("/api/password/forgot", { email }, PUBLIC);
}

/** POST /api/password/reset/check — {} while the link can be used, 404 'Link inválido ou expirado.' otherwise. */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<void> {
  return api.request<void>("/api/password/reset/check", { token }, { ...PUBLIC, signal });
}

/** POST /api/password/reset — 404 'Link inválido ou expirado.' for an unknown, used or expired token. */
export function resetPassword(token: string, password: string): Promise<void> {
  return api.request<void>("/api/password/reset", { token, password }, PUBLIC);
}

/** POST /api/register — an office signs up: the link that sets the owner's password goes to `email`. */
export function registerOffice(body: RegisterBody): Promise<RegisterAnswer> {
  return api.request<RegisterAnswer>("/api/register", body, PUBLIC);
}
