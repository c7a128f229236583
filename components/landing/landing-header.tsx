"use client";

import { ChevronRight } from "lucide-react";
import { useEffect, useRef, useState, type Ref } from "react";
import { landingMessages } from "@/lib/i18n/sections/landing";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Logo } from "@/components/ui/logo";
import { CreateAccountDialog } from "./create-account-dialog";
import { scrollToSection, SECTION_IDS } from "./sections";
import { AppLink } from "@/components/ui/app-link";

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/85 backdrop-blur-md">
      <div className="mx-auto flex h-8 max-w-[1200px] items-center justify-between gap-2 px-2 sm:px-3">
        {/* Named by its visible word 'Bloco' (an aria-label 'Início' contradicted it); the title says
            where it goes. */}
        <button
          type="button"
          onClick={() => scrollToSection("Inicio")}
          className="cursor-pointer rounded-theme"
          title={landingMessages.nav.Inicio}
        >
          <Logo />
        </button>
        <SectionNav className="hidden lg:flex" />
        <div className="flex items-center gap-1">
          <AppLink
            href="/login"
            className="inline-flex h-5 items-center rounded-theme px-2 text-sm font-semibold text-fg hover:bg-surface-2"
          >
            {landingMessages.login}
          </AppLink>
          <CreateAccountDialog trigger={<Button>{landingMessages.createAccount}</Button>} />
        </div>
      </div>
      <ScrollingSectionNav />
    </header>
  );
}

type Overflow = { start: boolean; end: boolean };

/**
 * Below lg the five sections do not fit a 390px phone: the row scrolls sideways and fades at the edge
 * that has more to show, so a cut-off 'Recursos' reads as "more this way", not as the end of the menu.
 */
function ScrollingSectionNav() {
  const ref = useRef<HTMLElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  useEffect(() => {
    const nav = ref.current;
    if (!nav) return;
    const measure = () => {
      const max = nav.scrollWidth - nav.clientWidth;
      setOverflow({ start: nav.scrollLeft > 1, end: nav.scrollLeft < max - 1 });
    };
    measure();
    nav.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(nav);
    return () => (nav.removeEventListener("scroll", measure), resize.disconnect());
  }, []);
  return (
    <div className="relative border-t border-border lg:hidden">
      <SectionNav ref={ref} className="flex overflow-x-auto px-1" />
      <span
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute inset-y-0 left-0 w-5 bg-gradient-to-r from-surface transition-opacity",
          overflow.start ? "opacity-100" : "opacity-0",
        )}
      />
      <span
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute inset-y-0 right-0 flex w-6 items-center justify-end" +
            " bg-gradient-to-l from-surface from-40% pr-0.5 text-muted transition-opacity",
          overflow.end ? "opacity-100" : "opacity-0",
        )}
      >
        <ChevronRight className="size-2" strokeWidth={2.2} />
      </span>
    </div>
  );
}

function SectionNav({ className, ref }: { className: string; ref?: Ref<HTMLElement> }) {
  return (
    <nav ref={ref} aria-label={landingMessages.navLabel} className={className}>
      {SECTION_IDS.map((id) => (
        <button
          key={id}
          type="button"
          onClick={() => scrollToSection(id)}
          className={
            "h-5 shrink-0 cursor-pointer rounded-theme px-1.5 text-sm font-medium whitespace-nowrap" +
            " text-muted transition-colors hover:bg-surface-2 hover:text-fg"
          }
        >
          {landingMessages.nav[id]}
        </button>
      ))}
    </nav>
  );
}
