"use client";

import { ChevronRight } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SelectField } from "@/components/ui/select-field";
import { Spinner } from "@/components/ui/spinner";
import { endsSession, mobileSession, useMobileContabilize } from "@/lib/api/contabilization-mobile";
import { commonMessages } from "@/lib/i18n/sections/common";
import { contabilizationMobileMessages } from "@/lib/i18n/sections/contabilizationMobile";
import { accountLabel } from "./format";
import { LastContabilized, NextBlock } from "./mobile-blocks";
import { MobileFrame } from "./mobile-frame";
import { useMobileWork, type ReadyState } from "./mobile-gate";
import { MOBILE_HISTORY_PATH, MOBILE_LIST_PATH } from "./paths";
import { AppLink } from "@/components/ui/app-link";
import { monthOptionsFor, withYear, yearOptions } from "@/components/contabilization/period";

const t = contabilizationMobileMessages;

/** Phone targets: the shared 40 px selects grow to 48 px here. */
const TOUCH = "[&_select]:h-6";

/**
 * The main phone page (spec §2): month and year, the chosen account, its next block, Proximo, the last
 * posted, history.
 */
export function MobileMain({ state }: { state: ReadyState }) {
  const { session, year, month, accountId } = state;
  const work = useMobileWork(state);
  const contabilize = useMobileContabilize(session);
  const [notice, setNotice] = useState<string | null>(null);
  // As the desk: one month (no 'Todos'), the current year only up to the current month.
  const years = useMemo(() => yearOptions(), []);
  const months = useMemo(() => monthOptionsFor(year), [year]);

  const data = work.data;
  const account = data?.accounts.find((candidate) => candidate.id === accountId) ?? null;
  const next = account?.next ?? null;
  const monthEmpty = data ? data.accounts.every((candidate) => candidate.uncontabilizedCount === 0) : false;
  // another operator holds the client (409): its message stays until a poll succeeds again
  const held = work.error && !endsSession(work.error) && work.isError ? work.error.message : null;

  const post = (blockId: number, undo = false) => {
    setNotice(null);
    contabilize.mutate(
      { blockId, undo },
      {
        onError: (error) => {
          if (endsSession(error)) mobileSession.fail(error);
          else setNotice(error.message);
        },
      },
    );
  };

  return (
    <MobileFrame operator={state.operator} client={state.client} title={t.title}>
      <div className={cn("grid grid-cols-[minmax(0,1fr)_112px] gap-1", TOUCH)}>
        <SelectField
          label={t.month}
          options={months}
          value={month}
          onValueChange={(value) => mobileSession.setPeriod(year, Number(value))}
        />
        <SelectField
          label={t.year}
          options={years}
          value={year}
          onValueChange={(value) => {
            const period = withYear({ year, month }, Number(value));
            mobileSession.setPeriod(period.year, period.month);
          }}
        />
      </div>

      <AppLink
        href={MOBILE_LIST_PATH}
        className={
          "flex min-h-6 items-center gap-1 rounded-theme border border-border bg-surface " +
          "px-1.5 py-1 text-left hover:bg-surface-2"
        }
      >
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-semibold text-muted">{t.account}</span>
          <span
            className={cn("block truncate text-[15px] font-semibold", account ? "text-fg" : "text-primary")}
            data-testid="mobile-account"
          >
            {account ? accountLabel(account) : t.chooseAccount}
          </span>
        </span>
        {account ? (
          <span
            className={
              "shrink-0 rounded-full bg-primary-soft px-1 py-0.25 text-xs font-semibold " + "text-primary tabular-nums"
            }
          >
            <span aria-hidden="true">{account.uncontabilizedCount}</span>
            <span className="sr-only">{t.countLabel(account.uncontabilizedCount)}</span>
          </span>
        ) : null}
        <ChevronRight aria-hidden="true" className="size-2.5 shrink-0 text-muted" />
      </AppLink>

      {held ? (
        <p role="alert" className="rounded-theme bg-danger-soft px-1.5 py-1 text-sm text-danger">
          {held}
        </p>
      ) : null}
      {notice ? (
        <p role="alert" className="rounded-theme bg-danger-soft px-1.5 py-1 text-sm text-danger">
          {notice}
        </p>
      ) : null}

      <section
        aria-labelledby="mobile-next"
        className="flex flex-col gap-1.5 rounded-theme border border-border bg-surface p-1.5"
      >
        <h2 id="mobile-next" className="text-sm font-semibold text-muted">
          {t.nextBlock}
        </h2>
        {!data ? (
          <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
            <Spinner /> {commonMessages.loading}
          </p>
        ) : next ? (
          <NextBlock key={next.id} block={next} />
        ) : account || monthEmpty ? (
          <p className="py-2 text-center text-sm text-muted">{t.emptyMonth}</p>
        ) : (
          <p className="py-2 text-center text-sm text-muted">{t.chooseAccount}</p>
        )}
        <Button
          size="lg"
          // stays in reach below a tall document: the thumb taps Proximo without scrolling
          className="sticky bottom-1 w-full shadow-[0_4px_16px_-4px_rgb(0_0_0/0.35)] disabled:shadow-none"
          disabled={!next || Boolean(held)}
          loading={contabilize.isPending && !contabilize.variables?.undo}
          onClick={() => next && post(next.id)}
        >
          {(account && !next) || monthEmpty ? t.noBlocks : t.next}
        </Button>
      </section>

      {data ? (
        <LastContabilized
          blocks={data.lastContabilized}
          undoing={contabilize.isPending && contabilize.variables?.undo ? contabilize.variables.blockId : null}
          disabled={contabilize.isPending || Boolean(held)}
          onUndo={(blockId) => post(blockId, true)}
        />
      ) : null}

      <AppLink
        href={MOBILE_HISTORY_PATH}
        className={
          "inline-flex h-6 items-center justify-center gap-1 rounded-theme border " +
          "border-border bg-surface px-2 text-[15px] font-semibold text-fg " +
          "hover:bg-surface-2"
        }
      >
        {t.history}
      </AppLink>
    </MobileFrame>
  );
}
