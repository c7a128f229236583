// Why the session ended, when the server said (a refusal's `error.details.reason`), kept in the tab's
// session storage for the login screen to say it once: the route guard sends the user there.
const KEY = "bloco.logout-reason";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

export function rememberLogoutReason(reason: string | undefined): void {
  if (reason) storage()?.setItem(KEY, reason);
}

/** The reason left by the last logout, forgotten once read. */
export function takeLogoutReason(): string | null {
  const store = storage();
  const reason = store?.getItem(KEY) ?? null;
  if (reason !== null) store?.removeItem(KEY);
  return reason;
}
