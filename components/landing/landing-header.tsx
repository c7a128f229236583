"use client";

import Link from "next/link";
import { messages } from "@/lib/i18n/messages";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";
import { CreateAccountDialog } from "./create-account-dialog";
import { scrollToSection, SECTION_IDS } from "./sections";

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/85 backdrop-blur-md">
      <div className="mx-auto flex h-8 max-w-[1200px] items-center justify-between gap-2 px-2 sm:px-3">
        <button type="button" onClick={() => scrollToSection("Inicio")} className="cursor-pointer rounded-theme" aria-label={messages.landing.nav.Inicio}>
          <Logo />
        </button>
        <SectionNav className="hidden lg:flex" />
        <div className="flex items-center gap-1">
          <Link href="/login" className="inline-flex h-5 items-center rounded-theme px-2 text-sm font-semibold text-fg hover:bg-surface-2">
            {messages.landing.login}
          </Link>
          <CreateAccountDialog trigger={<Button>{messages.landing.createAccount}</Button>} />
        </div>
      </div>
      <SectionNav className="flex overflow-x-auto border-t border-border px-1 lg:hidden" />
    </header>
  );
}

function SectionNav({ className }: { className: string }) {
  return (
    <nav aria-label={messages.landing.navLabel} className={className}>
      {SECTION_IDS.map((id) => (
        <button
          key={id}
          type="button"
          onClick={() => scrollToSection(id)}
          className="h-5 shrink-0 cursor-pointer rounded-theme px-1.5 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:bg-surface-2 hover:text-fg"
        >
          {messages.landing.nav[id]}
        </button>
      ))}
    </nav>
  );
}
