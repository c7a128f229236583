"use client";

import { Check } from "lucide-react";
import { useContabilizationHistory } from "@/lib/api/contabilization";
import type { ContabilizationAccount } from "@/lib/contract/contabilization";
import { formatDate, formatTime } from "@/lib/format/dates";
import { commonMessages } from "@/lib/i18n/sections/common";
import { contabilizationDeskMessages } from "@/lib/i18n/sections/contabilizationDesk";
import { blockCardDate, blockCardValue } from "@/components/blocks/block-card-format";
import { Button } from "@/components/ui/button";
import { Drawer } from "@/components/ui/drawer";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { periodLabel, type Period } from "./period";

const t = contabilizationDeskMessages;

export type HistoryDrawerProps = {
  clientId: number;
  period: Period;
  account: ContabilizationAccount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Visualizar Historico': every contabilised block of the account in the month, most recently posted first. */
export function HistoryDrawer({ clientId, period, account, open, onOpenChange }: HistoryDrawerProps) {
  const history = useContabilizationHistory(clientId, period.year, period.month, account.id, open);
  const showSpinner = useDelayed(history.isPending && open);
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t.history}
      toolbar={
        <p className="text-sm font-semibold text-muted">
          {t.historyOf(`${account.code} - ${account.description}`, periodLabel(period))}
        </p>
      }
    >
      {history.isPending ? (
        showSpinner ? (
          <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
            <Spinner /> {commonMessages.loading}
          </p>
        ) : null
      ) : history.isError ? (
        <div role="alert" className="flex flex-col items-start gap-1 py-1 text-sm text-danger">
          <p>{history.error.message}</p>
          <Button variant="secondary" onClick={() => void history.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : history.data.length === 0 ? (
        <p className="py-2 text-sm text-muted">{t.historyEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-0.5" data-testid="history-list">
          {history.data.map((block) => (
            <li
              key={block.id}
              data-block-id={block.id}
              className="flex items-center justify-between gap-1 rounded-theme border border-border px-1.5 py-1"
            >
              <span className="min-w-0">
                <span className="block text-sm font-semibold tabular-nums">
                  {blockCardDate(block)} · {blockCardValue(block) ?? t.noValue}
                </span>
                {block.contabilizedDatetime ? (
                  <span className="block text-xs text-muted">
                    {t.contabilizedAt(formatDate(block.contabilizedDatetime), formatTime(block.contabilizedDatetime))}
                  </span>
                ) : null}
              </span>
              <Check aria-hidden="true" className="size-2.5 shrink-0 text-status-contabilized" strokeWidth={2.2} />
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
