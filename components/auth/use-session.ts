"use client";

import { useSyncExternalStore } from "react";
import { browserSession, type SessionSnapshot } from "@/lib/session";

const serverSnapshot = () => null;

/** The device's session; null while unknown (server render and hydration: localStorage is client-only). */
export function useSession(): SessionSnapshot | null {
  return useSyncExternalStore(browserSession.subscribe, browserSession.getSnapshot, serverSnapshot);
}
