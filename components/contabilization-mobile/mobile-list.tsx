"use client";

import { ChevronLeft } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { SearchField } from "@/components/ui/search-field";
import { Spinner } from "@/components/ui/spinner";
import { mobileSession } from "@/lib/api/contabilization-mobile";
import { matchesAccount } from "@/lib/format/search";
import { commonMessages } from "@/lib/i18n/sections/common";
import { contabilizationMobileMessages } from "@/lib/i18n/sections/contabilizationMobile";
import { MobileFrame } from "./mobile-frame";
import { MobileGate, useMobileWork, type ReadyState } from "./mobile-gate";
import { MOBILE_PATH } from "./paths";
import { AppLink } from "@/components/ui/app-link";

const t = contabilizationMobileMessages;

/** A way back to the main page (client-side: the session in memory stays). */
export function BackLink() {
  return (
    <AppLink
      href={MOBILE_PATH}
      className={
        "-ml-0.5 inline-flex h-5.5 shrink-0 items-center gap-0.5 rounded-theme border border-border" +
        " bg-surface pr-1.5 pl-0.5 text-sm font-semibold text-primary hover:bg-surface-2"
      }
    >
      <ChevronLeft aria-hidden="true" className="size-2.5" />
      {t.back}
    </AppLink>
  );
}

/** /mobile/list: 'Buscar conta' and the month's accounts with their counts; choosing one returns to main. */
function MobileList({ state }: { state: ReadyState }) {
  const router = useRouter();
  const work = useMobileWork(state);
  const [term, setTerm] = useState("");
  const accounts = (work.data?.accounts ?? []).filter((account) => matchesAccount(account, term));

  const choose = (accountId: number) => {
    mobileSession.setAccount(accountId);
    router.push(MOBILE_PATH);
  };

  return (
    <MobileFrame operator={state.operator} client={state.client} title={t.accounts} back={<BackLink />}>
      <SearchField
        placeholder={t.search}
        value={term}
        onValueChange={setTerm}
        className="[&_input]:h-6 [&_input]:text-base"
      />
      {!work.data ? (
        <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
          <Spinner /> {commonMessages.loading}
        </p>
      ) : accounts.length === 0 ? (
        <p className="py-3 text-center text-sm text-muted">{commonMessages.emptyList}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={t.accounts}>
          {accounts.map((account) => {
            const chosen = account.id === state.accountId;
            return (
              <li key={account.id}>
                <button
                  type="button"
                  onClick={() => choose(account.id)}
                  aria-current={chosen || undefined}
                  className={cn(
                    "flex min-h-6 w-full cursor-pointer items-center gap-1 rounded-theme border" +
                      " bg-surface px-1.5 py-1 text-left hover:bg-surface-2",
                    chosen ? "border-primary" : "border-border",
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold tabular-nums">{account.code}</span>
                    <span className="block text-sm text-muted">{account.description}</span>
                  </span>
                  <span
                    className={cn(
                      "shrink-0 rounded-full px-1 py-0.25 text-xs font-semibold tabular-nums",
                      account.uncontabilizedCount > 0 ? "bg-primary-soft text-primary" : "bg-surface-2 text-muted",
                    )}
                  >
                    <span aria-hidden="true">{account.uncontabilizedCount}</span>
                    <span className="sr-only">{t.countLabel(account.uncontabilizedCount)}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </MobileFrame>
  );
}

export function MobileListPage() {
  return <MobileGate>{(state) => <MobileList state={state} />}</MobileGate>;
}
