import type { RegisterData } from "./register-state";

// What was typed in the sign-up wizard, kept in the tab's session storage so that Back, Forward and a
// reload find it again, until the office is created. Never the card fields: they stay in memory only.
const KEY = "bloco.register";
const CARD_FIELDS = ["cardNumber", "expiry", "cvv", "cardName"] as const;

export type StoredRegister = { data: Partial<RegisterData>; reached: number; starterChart: boolean };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: the wizard still works, without surviving a reload
  }
}

export function readRegister(): StoredRegister | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const { data, reached, starterChart } = parsed as Partial<StoredRegister>;
    const fields: Partial<RegisterData> = {};
    for (const [key, value] of Object.entries(typeof data === "object" && data ? data : {})) {
      if (typeof value === "string" && !(CARD_FIELDS as readonly string[]).includes(key))
        fields[key as keyof RegisterData] = value;
    }
    return { data: fields, reached: typeof reached === "number" ? reached : 0, starterChart: starterChart !== false };
  } catch {
    return null;
  }
}

export function saveRegister(data: RegisterData, reached: number, starterChart: boolean): void {
  const { cardNumber: _n, expiry: _e, cvv: _c, cardName: _name, ...kept } = data;
  try {
    storage()?.setItem(KEY, JSON.stringify({ data: kept, reached, starterChart }));
  } catch {
    // full or disabled: nothing to keep
  }
}

export function clearRegister(): void {
  storage()?.removeItem(KEY);
}
