"use client";

import { useState } from "react";
import { logout, useMe } from "@/lib/api/auth";
import { messages } from "@/lib/i18n/messages";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";
import { useSession } from "@/components/auth/use-session";
import { UserAvatar } from "./user-avatar";

/** /home until issue 3: proves the session (GET /api/me/ through the client, refresh included). */
export function HomePlaceholder() {
  const session = useSession();
  const me = useMe();
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    await logout();
    // Spec §2: after logout the user goes to /home, which for a logged-out visitor is /login. The guard
    // reacts to the cleared session at once; a second navigation here would race with its redirect.
  }

  const accounting = session?.platform === "accounting";
  const title = accounting ? messages.home.clientsTitle : (me.data?.business?.clientName ?? "");

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-border bg-surface px-2 py-1.5 sm:px-3">
        <Logo />
        <div className="flex min-w-0 items-center gap-1.5">
          {me.data ? (
            <span className="flex min-w-0 items-center gap-1">
              <span data-testid="user-name" className="sr-only text-sm font-medium sm:not-sr-only">
                {me.data.name}
              </span>
              <UserAvatar name={me.data.name} pictureUrl={me.data.pictureUrl} />
            </span>
          ) : null}
          <Button variant="secondary" onClick={leave} loading={leaving}>
            {messages.common.logout}
          </Button>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-2 px-2 py-4 sm:px-4">
        <span className="w-fit rounded-full bg-primary-soft px-1.5 py-0.5 text-xs font-semibold text-primary">
          {accounting ? messages.home.accountingBadge : messages.home.businessBadge}
        </span>
        {me.isPending ? (
          <div aria-busy="true" className="h-5 w-32 animate-pulse rounded-theme bg-surface-2" />
        ) : me.isError ? (
          <div role="alert" className="flex flex-col items-start gap-1.5 text-danger">
            <p>{me.error.message}</p>
            <Button variant="secondary" onClick={() => me.refetch()}>
              {messages.home.retry}
            </Button>
          </div>
        ) : (
          <>
            <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
            <p className="text-muted">{messages.home.greeting(me.data.name)}</p>
            <div className="mt-2 rounded-theme border border-dashed border-border-strong bg-surface p-3 text-muted">
              {messages.home.placeholder}
            </div>
          </>
        )}
      </main>
    </div>
  );
}
