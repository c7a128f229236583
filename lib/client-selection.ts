"use client";

import { useSyncExternalStore } from "react";

// The client open in this tab (spec §2: /home/client gets the client from navigation state, never from
// the path). Kept in sessionStorage: per tab, survives a reload, gone when the tab closes. Two tabs may
// hold two different clients. Categorization needs id, name and logoUrl (spec §2), so all three travel.

export type SelectedClient = { id: number; name: string; logoUrl: string | null };

const KEY = "bloco.client";
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: SelectedClient | null = null;

function parse(raw: string | null): SelectedClient | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SelectedClient>;
    if (typeof value.id !== "number" || !Number.isInteger(value.id) || value.id < 1) return null;
    return { id: value.id, name: typeof value.name === "string" ? value.name : "", logoUrl: typeof value.logoUrl === "string" ? value.logoUrl : null };
  } catch {
    return null;
  }
}

/** The selected client of this tab, or null (then /home/client goes back to /home). */
export function readSelectedClient(): SelectedClient | null {
  if (typeof window === "undefined") return null;
  const raw = window.sessionStorage.getItem(KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

export function selectClient(client: SelectedClient): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(client));
  listeners.forEach((listener) => listener());
}

export function clearSelectedClient(): void {
  window.sessionStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** undefined during server rendering and hydration (not known yet), then the tab's client or null. */
export function useSelectedClient(): SelectedClient | null | undefined {
  return useSyncExternalStore(subscribe, readSelectedClient, () => undefined);
}
