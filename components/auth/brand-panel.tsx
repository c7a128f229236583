import { loginMessages } from "@/lib/i18n/sections/login";
import { Logo } from "@/components/ui/logo";
import { AppLink } from "@/components/ui/app-link";

/** The left half of the login page on wide screens: brand, one promise, a quiet illustration. */
export function BrandPanel() {
  return (
    <aside
      className={
        "relative hidden overflow-hidden bg-brand-deep text-white lg:flex lg:flex-col " + "lg:justify-between lg:p-6"
      }
    >
      <div aria-hidden="true" className="brand-glow pointer-events-none absolute inset-0" />
      <AppLink href="/" className="relative self-start rounded-theme">
        <Logo inverted />
      </AppLink>
      <div className="relative max-w-[30rem]">
        <p className="text-[34px] leading-tight font-semibold tracking-tight">{loginMessages.brandHeadline}</p>
        <p className="mt-2 text-base leading-relaxed text-white/70">{loginMessages.brandText}</p>
      </div>
      <svg viewBox="0 0 240 120" aria-hidden="true" className="relative w-[240px] opacity-80">
        <rect x="0" y="72" width="120" height="40" rx="10" className="fill-white/10" />
        <rect x="16" y="36" width="120" height="40" rx="10" className="fill-white/20" />
        <rect x="32" y="0" width="120" height="40" rx="10" className="fill-white/30" />
        <circle cx="196" cy="92" r="20" className="fill-none stroke-white/40" strokeWidth="3" />
        <path d="m186 92 7 7 13-14" className="fill-none stroke-white/70" strokeWidth="3" />
      </svg>
    </aside>
  );
}
