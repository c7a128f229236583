"use client";

import { useMe } from "@/lib/api/me";
import { homeMessages } from "@/lib/i18n/sections/home";
import { Button } from "@/components/ui/button";
import { useSession } from "@/components/auth/use-session";
import { AppShell } from "./app-shell";

/** /home as a placeholder: the shell around a placeholder (GET /api/me/ through the client). */
export function HomePlaceholder() {
  const session = useSession();
  const me = useMe();
  const accounting = session?.platform === "accounting";
  const title = accounting ? homeMessages.clientsTitle : (me.data?.business?.clientName ?? "");

  return (
    <AppShell>
      <main className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-2 px-2 py-4 sm:px-4">
        <span className="w-fit rounded-full bg-primary-soft px-1.5 py-0.5 text-xs font-semibold text-primary">
          {accounting ? homeMessages.accountingBadge : homeMessages.businessBadge}
        </span>
        {me.isPending ? (
          <div aria-busy="true" className="h-5 w-32 animate-pulse rounded-theme bg-surface-2" />
        ) : me.isError ? (
          <div role="alert" className="flex flex-col items-start gap-1.5 text-danger">
            <p>{me.error.message}</p>
            <Button variant="secondary" onClick={() => me.refetch()}>
              {homeMessages.retry}
            </Button>
          </div>
        ) : (
          <>
            <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
            <p className="text-muted">{homeMessages.greeting(me.data.name)}</p>
            <div className="mt-2 rounded-theme border border-dashed border-border-strong bg-surface p-3 text-muted">
              {homeMessages.placeholder}
            </div>
          </>
        )}
      </main>
    </AppShell>
  );
}
