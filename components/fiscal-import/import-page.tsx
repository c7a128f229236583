"use client";

import { fiscalImportMessages } from "@/lib/i18n/sections/fiscalImport";
import { BusinessFrame } from "@/components/business/business-frame";
import { AppLink } from "@/components/ui/app-link";
import { cn } from "@/components/ui/cn";
import { ImportPanel } from "./import-panel";

const t = fiscalImportMessages;

const linkClass =
  "rounded-theme px-0.5 text-sm font-semibold text-primary underline-offset-2 outline-none hover:underline" +
  " focus-visible:ring-2 focus-visible:ring-primary";

/** /importxml: the company's own import; each block opens in Blocos enviados, where the company sees them. */
export function ImportXmlPage() {
  return (
    <BusinessFrame title={t.title}>
      <section
        aria-label={t.title}
        className={cn(
          "flex w-full max-w-[880px] flex-col gap-1.5 self-start",
          "rounded-theme border border-border bg-surface p-2",
        )}
      >
        <p className="text-sm text-muted">{t.intro}</p>
        <ImportPanel
          blockAction={(id, label) => (
            <AppLink href={`/sentblock?bloco=${id}`} className={linkClass}>
              {label}
            </AppLink>
          )}
          after={
            <AppLink href="/sentblock" className={linkClass}>
              {t.seeSent}
            </AppLink>
          }
        />
      </section>
    </BusinessFrame>
  );
}
