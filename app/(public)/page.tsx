import Link from "next/link";
import { messages } from "@/lib/i18n/messages";
import { Logo } from "@/components/ui/logo";

// Placeholder of the landing page (issue 3 builds the sections); a public route already.
export default function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-border bg-surface px-2 py-1.5 sm:px-4">
        <Logo />
        <nav className="flex items-center gap-1">
          <Link href="/login" className="rounded-theme px-2 py-1 text-sm font-semibold text-fg hover:bg-surface-2">
            {messages.landing.login}
          </Link>
          <Link href="/register" className="rounded-theme bg-primary px-2 py-1 text-sm font-semibold text-primary-fg hover:bg-primary-hover">
            {messages.landing.createAccount}
          </Link>
        </nav>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-2 py-8 text-center">
        <h1 className="max-w-[18em] text-4xl font-bold tracking-tight sm:text-5xl">{messages.landing.headline}</h1>
        <p className="mt-2 max-w-[36em] text-lg text-muted">{messages.landing.text}</p>
      </main>
    </div>
  );
}
