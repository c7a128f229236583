"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { endsSession, mobileSession, useMobileHistory } from "@/lib/api/contabilization-mobile";
import { commonMessages } from "@/lib/i18n/sections/common";
import { contabilizationMobileMessages } from "@/lib/i18n/sections/contabilizationMobile";
import { accountLabel, blockDate, blockValue, contabilizedWhen } from "./format";
import { MobileFrame } from "./mobile-frame";
import { MobileGate, useMobileWork, type ReadyState } from "./mobile-gate";
import { BackLink } from "./mobile-list";

const t = contabilizationMobileMessages;

/** /mobile/history: the chosen account's contabilised blocks of the month, most recently posted first. */
function MobileHistory({ state }: { state: ReadyState }) {
  const work = useMobileWork(state);
  const account = work.data?.accounts.find((candidate) => candidate.id === state.accountId) ?? null;
  return (
    <MobileFrame operator={state.operator} client={state.client} title={t.historyTitle} back={<BackLink />}>
      {state.accountId === null ? (
        <p className="py-3 text-center text-sm text-muted">{t.chooseAccount}</p>
      ) : (
        <>
          {account ? <p className="text-sm font-semibold">{accountLabel(account)}</p> : null}
          <HistoryList state={state} accountId={state.accountId} />
        </>
      )}
    </MobileFrame>
  );
}

function HistoryList({ state, accountId }: { state: ReadyState; accountId: number }) {
  const history = useMobileHistory(state.session, state.year, state.month, accountId);
  const error = history.error;
  useEffect(() => {
    if (error && endsSession(error)) mobileSession.fail(error);
  }, [error]);

  if (history.isPending) {
    return (
      <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
        <Spinner /> {commonMessages.loading}
      </p>
    );
  }
  if (history.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-1 text-sm text-danger">
        <p>{history.error.message}</p>
        <Button variant="secondary" className="h-5.5" onClick={() => void history.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  }
  if (history.data.length === 0)
    return <p className="py-3 text-center text-sm text-muted">{commonMessages.emptyList}</p>;
  return (
    <ul className="flex flex-col gap-1" data-testid="mobile-history">
      {history.data.map((block) => (
        <li key={block.id} className="flex items-center gap-1.5 rounded-theme border border-border bg-surface p-1">
          {block.thumbnailsUrl[0] ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs: next/image would cache them
            <img src={block.thumbnailsUrl[0]} alt="" className="size-6 shrink-0 rounded-theme object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold tabular-nums">
              {blockDate(block)} · {blockValue(block)}
            </p>
            <p className="truncate text-xs text-muted">{t.contabilizedAt(contabilizedWhen(block))}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function MobileHistoryPage() {
  return <MobileGate>{(state) => <MobileHistory state={state} />}</MobileGate>;
}
