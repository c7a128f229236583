"use client";

import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

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
    return {
      id: value.id,
      name: typeof value.name === "string" ? value.name : "",
      logoUrl: typeof value.logoUrl === "string" ? value.logoUrl : null,
    };
  } catch {
    return null;
  }
}

/** The selected client of this tab, or null (then /home/client goes back to /home). */
export function readSelectedClient(): SelectedClient | null {
  if (typeof window === "undefined") return null;
  adoptHandoff();
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
  useDropHandoffParam();
  return useSyncExternalStore(subscribe, readSelectedClient, () => undefined);
}

// A client page opened in a new tab (Ctrl-, Shift- or middle-click, the context menu, a dragged link)
// starts with an empty sessionStorage. Its link carries `?aba=<key>`, a random key naming a short-lived
// localStorage entry that the opening tab writes (again) as the pointer or the keyboard reaches the
// link; the new tab adopts that client as its own and drops the key from its address. No client id
// ever appears in the address (docs/decisions/0030-client-in-a-new-tab.md).

export const HANDOFF_PARAM = "aba";
const HANDOFF_PREFIX = "bloco.handoff.";
/** How long a written hand-off can be adopted: the link rewrites it on every approach. */
export const HANDOFF_TTL_MS = 10 * 60_000;

type Handoff = { client: SelectedClient; at: number };

function randomKey(): string {
  const bytes = new Uint8Array(12);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function sweepHandoffs(now: number): void {
  for (let i = window.localStorage.length - 1; i >= 0; i--) {
    const key = window.localStorage.key(i);
    if (!key?.startsWith(HANDOFF_PREFIX)) continue;
    const at = (() => {
      try {
        return (JSON.parse(window.localStorage.getItem(key) ?? "null") as Handoff | null)?.at ?? 0;
      } catch {
        return 0;
      }
    })();
    if (!(now - at < HANDOFF_TTL_MS)) window.localStorage.removeItem(key);
  }
}

function writeHandoff(key: string, client: SelectedClient): void {
  try {
    const now = Date.now();
    sweepHandoffs(now);
    window.localStorage.setItem(HANDOFF_PREFIX + key, JSON.stringify({ client, at: now } satisfies Handoff));
  } catch {
    // storage full or refused: the new tab falls back to /home, as before
  }
}

let adopted = false;

/** Once per document: a tab without a client takes the one its link's hand-off names, if still fresh. */
function adoptHandoff(): void {
  if (adopted) return;
  adopted = true;
  const key = new URLSearchParams(window.location.search).get(HANDOFF_PARAM);
  if (!key || window.sessionStorage.getItem(KEY)) return;
  try {
    const handoff = JSON.parse(window.localStorage.getItem(HANDOFF_PREFIX + key) ?? "null") as Handoff | null;
    const client = parse(JSON.stringify(handoff?.client ?? null));
    if (handoff && client && Date.now() - handoff.at < HANDOFF_TTL_MS)
      window.sessionStorage.setItem(KEY, JSON.stringify(client));
  } catch {
    // an unreadable entry: no client, /home as before
  }
}

/** Drops `?aba=` from the address once the page has hydrated (a reload then reads sessionStorage). */
export function useDropHandoffParam(): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(HANDOFF_PARAM)) return;
    url.searchParams.delete(HANDOFF_PARAM);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, []);
}

/**
 * The props of a link to a client page that also works in a new tab: `href` carries this link's
 * hand-off key; the entry is written as the pointer presses, the keyboard acts, the context menu opens
 * or the link is dragged — before the browser reads the link. A plain click stays in the tab (the
 * caller navigates to `path`).
 */
export function useClientHandoff(path: string, client: SelectedClient | null) {
  const [key] = useState(() => (typeof window === "undefined" ? "" : randomKey()));
  const write = useCallback(() => {
    if (client && key) writeHandoff(key, client);
  }, [client, key]);
  return {
    href: client && key ? `${path}?${HANDOFF_PARAM}=${key}` : path,
    onPointerDown: write,
    onKeyDown: write,
    onContextMenu: write,
    onDragStart: write,
  };
}
