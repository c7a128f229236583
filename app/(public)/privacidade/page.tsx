import type { Metadata } from "next";
import { privacyMessages as t } from "@/lib/i18n/sections/privacy";
import { titlesMessages } from "@/lib/i18n/sections/titles";
import { landingMessages } from "@/lib/i18n/sections/landing";
import { AppLink } from "@/components/ui/app-link";
import { Logo } from "@/components/ui/logo";

export const metadata: Metadata = { title: `${t.pageTitle} | ${titlesMessages.base}` };

// /privacidade: what Bloco keeps, why and for how long, and a person's rights, in plain pt-BR. Open to
// everyone, logged in or not (lib/routes.ts: "open"); a static page.
export default function PrivacyPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-[840px] items-center justify-between px-2 py-1.5 sm:px-3">
          <AppLink href="/" aria-label={titlesMessages.base} className="rounded-theme">
            <Logo />
          </AppLink>
        </div>
      </header>
      <main className="mx-auto w-full max-w-[840px] flex-1 px-2 py-4 sm:px-3">
        <h1 className="text-3xl font-bold tracking-tight">{t.pageTitle}</h1>
        <p className="mt-2 text-base text-muted">{t.pageIntro}</p>
        {t.pageSections.map((section) => (
          <section key={section.title} className="mt-4">
            <h2 className="text-xl font-semibold">{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-1.5 text-base leading-relaxed">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className="mt-4 text-base">{t.pageContact}</p>
        <p className="mt-3">
          <AppLink href="/" className="font-semibold text-primary underline-offset-4 hover:underline">
            {t.pageBack}
          </AppLink>
        </p>
      </main>
      <footer className="border-t border-border px-2 py-3 text-center text-sm text-muted">
        {landingMessages.footer(new Date().getFullYear())}
      </footer>
    </div>
  );
}
