import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Logo } from "@/components/ui/logo";
import type { MobileClient, MobileOperator } from "@/lib/api/contabilization-mobile";
import { contabilizationMobileMessages } from "@/lib/i18n/sections/contabilizationMobile";

const t = contabilizationMobileMessages;

/**
 * The phone's page: who works (the operator's avatar and name) on which client above the page's own
 * content, one column as wide as the phone (360–390 px), up to a comfortable width on larger screens.
 */
export function MobileFrame({
  operator,
  client,
  title,
  back,
  children,
}: {
  operator: MobileOperator;
  client: MobileClient;
  title: string;
  /** A way back to the main page, before the title (list and history). */
  back?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex w-full max-w-[560px] items-center gap-1.5 px-2 py-1.5">
          <Avatar name={operator.name} pictureUrl={operator.pictureUrl} className="size-5.5 text-sm" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold" data-testid="mobile-operator">
              <span className="sr-only">{t.operator}: </span>
              {operator.name}
            </p>
            <p className="truncate text-xs text-muted">
              <span className="sr-only">{t.client}: </span>
              {client.name}
            </p>
          </div>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-[560px] flex-1 flex-col gap-2 px-2 py-2">
        <div className="flex items-center gap-1">
          {back}
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        </div>
        {children}
      </main>
    </div>
  );
}

/** A page with no session: the brand above one message (opening, or scan again). */
export function MobileMessageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <main className="flex flex-1 items-center justify-center px-2 py-5">
        <div className="w-full max-w-[440px]">
          <div className="mb-3 flex justify-center">
            <Logo />
          </div>
          <div
            className={
              "rounded-theme border border-border bg-surface p-3 " +
              "shadow-[0_1px_2px_rgb(0_0_0/0.04),0_8px_24px_-8px_rgb(0_0_0/0.12)]"
            }
          >
            {children}
          </div>
        </div>
      </main>
    </div>
  );
}
