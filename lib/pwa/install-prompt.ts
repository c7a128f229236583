// The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers): kept from the
// moment it fires, whatever screen is open, so 'Instalar aplicativo' shows only when the browser can
// install and calls its prompt(). After the prompt (installed or declined) the event is spent and the
// entry hides; `appinstalled` hides it too.

/** The event Chromium fires (not in TypeScript's DOM types). */
export type InstallPromptEvent = Event & {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
};

let pending: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function isInstallPrompt(event: Event): event is InstallPromptEvent {
  return typeof (event as Partial<InstallPromptEvent>).prompt === "function";
}

let listening = false;

/** Starts listening (once per page): called by the app worker's registration on every page. */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener("beforeinstallprompt", (event) => {
    if (!isInstallPrompt(event)) return;
    // Keeps the browser's own mini-infobar from showing: the app offers the entry instead.
    event.preventDefault();
    pending = event;
    notify();
  });
  target.addEventListener("appinstalled", () => {
    pending = null;
    notify();
  });
}

export const installPrompt = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether the browser offered to install (and the offer was not used yet). */
  available: (): boolean => pending !== null,
  /** Shows the browser's install dialog; the offer is spent whatever the answer. */
  async prompt(): Promise<"accepted" | "dismissed" | "unavailable"> {
    const event = pending;
    if (!event) return "unavailable";
    pending = null;
    notify();
    await event.prompt();
    const choice = await event.userChoice;
    return choice.outcome;
  },
};
