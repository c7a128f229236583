"use client";

import { useEffect } from "react";
import { mobileSession } from "@/lib/api/contabilization-mobile";
import { MobileGate } from "./mobile-gate";
import { MobileMain } from "./mobile-main";
import { MOBILE_PATH } from "./paths";

/**
 * /home/client/contabilization/mobile/<link>: the link leaves the address bar at once (history
 * .replaceState, so it is neither in the history nor in a later Referer) and is exchanged once for the
 * mobile session, which stays in memory (lib/api/contabilization-mobile.ts).
 */
export function MobileEntry({ token }: { token: string }) {
  useEffect(() => {
    window.history.replaceState(window.history.state, "", MOBILE_PATH);
    void mobileSession.open(token);
  }, [token]);
  return <MobileGate opening>{(state) => <MobileMain state={state} />}</MobileGate>;
}

/** /home/client/contabilization/mobile (after the exchange, or back from the list or history). */
export function MobileHome() {
  return <MobileGate>{(state) => <MobileMain state={state} />}</MobileGate>;
}
