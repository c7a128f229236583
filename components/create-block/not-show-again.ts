import { NOT_SHOW_AGAIN_COOKIE } from "@/lib/constants";

// 'Nao mostrar novamente' of Proximo's confirmation, kept in the cookie notShowAgainNextDialog (spec §3
// "Cookie notShowAgainNextDialog"): a year, the whole site, never sent to another site.

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether `cookies` (document.cookie) says the confirmation is not to be shown again. */
export function readNotShowAgain(cookies: string): boolean {
  return cookies
    .split(";")
    .map((part) => part.trim())
    .some((part) => part === `${NOT_SHOW_AGAIN_COOKIE}=true`);
}

export function notShowAgainCookie(): string {
  return `${NOT_SHOW_AGAIN_COOKIE}=true; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

export function skipConfirmationHidden(): boolean {
  return typeof document !== "undefined" && readNotShowAgain(document.cookie);
}

export function hideSkipConfirmation(): void {
  document.cookie = notShowAgainCookie();
}
