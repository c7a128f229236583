"use client";

import { ScanQrCode } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import {
  endsSession,
  mobileSession,
  useMobileMonth,
  useMobileSession,
  type MobileState,
} from "@/lib/api/contabilization-mobile";
import { contabilizationMobileMessages } from "@/lib/i18n/sections/contabilizationMobile";
import { MobileMessageFrame } from "./mobile-frame";

const t = contabilizationMobileMessages;

export type ReadyState = Extract<MobileState, { status: "ready" }>;

/** 'Scan again': the link was used, expired or unknown, the session ended, or the page was reloaded. */
export function ScanAgain({ message }: { message?: string }) {
  return (
    <MobileMessageFrame>
      <div role="alert" className="flex flex-col items-center gap-1.5 text-center">
        <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-danger-soft text-danger">
          <ScanQrCode className="size-3" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{t.scanAgainTitle}</h1>
        {message ? <p className="text-sm">{message}</p> : null}
        <p className="text-sm text-muted">{t.scanAgainText}</p>
      </div>
    </MobileMessageFrame>
  );
}

export function Opening() {
  return (
    <MobileMessageFrame>
      <p role="status" className="flex items-center justify-center gap-1 py-2 text-sm text-muted">
        <Spinner className="text-primary" />
        {t.opening}
      </p>
    </MobileMessageFrame>
  );
}

/**
 * The mobile pages render their content only with a live session in memory; before the exchange
 * answers, 'opening'; without one (a reload, a used link, an ended session), 'scan again'.
 */
export function MobileGate({
  opening = false,
  children,
}: {
  opening?: boolean;
  children: (state: ReadyState) => ReactNode;
}) {
  const state = useMobileSession();
  if (state.status === "ready") return children(state);
  if (state.status === "opening" || (opening && state.status === "none")) return <Opening />;
  return <ScanAgain message={state.status === "ended" ? state.message : undefined} />;
}

/**
 * The month every mobile page polls (renewing the operator's lease, POLL_INTERVAL_MS, paused while
 * hidden). A 401/404/410 ends the session in memory: every page then shows 'scan again'.
 */
export function useMobileWork(state: ReadyState) {
  const query = useMobileMonth(state.session, state.year, state.month, state.opened, state.openedAt);
  const error = query.error;
  useEffect(() => {
    if (error && endsSession(error)) mobileSession.fail(error);
  }, [error]);
  return query;
}
