import { landingMessages } from "@/lib/i18n/sections/landing";
import { Advantages, HowItWorks, Resources } from "@/components/landing/feature-sections";
import { Hero } from "@/components/landing/hero";
import { LandingHeader } from "@/components/landing/landing-header";
import { PricingContact } from "@/components/landing/pricing-contact";
import { Logo } from "@/components/ui/logo";
import { AppLink } from "@/components/ui/app-link";
import { privacyMessages } from "@/lib/i18n/sections/privacy";

// The landing page (spec §2): a top bar scrolling to Inicio, ComoFunciona, Vantagens, Recursos, CriarConta.
export default function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <main className="flex-1">
        <Hero />
        <HowItWorks />
        <Advantages />
        <Resources />
        <PricingContact />
      </main>
      <footer className="border-t border-border">
        <div
          className={
            "mx-auto flex max-w-[1200px] flex-col items-center justify-between gap-1 px-2 " +
            "py-3 text-sm text-muted sm:flex-row sm:px-3"
          }
        >
          <Logo />
          <AppLink href="/privacidade" className="underline-offset-4 hover:underline">
            {privacyMessages.pageLink}
          </AppLink>
          <span>{landingMessages.footer(new Date().getFullYear())}</span>
        </div>
      </footer>
    </div>
  );
}
