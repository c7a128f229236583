import { Check, CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { linksMessages } from "@/lib/i18n/sections/links";
import { loginMessages } from "@/lib/i18n/sections/login";
import { titlesMessages } from "@/lib/i18n/sections/titles";
import { LOGIN_PATH } from "@/lib/routes";
import { Logo } from "@/components/ui/logo";
import { AppLink } from "@/components/ui/app-link";
import { cn } from "@/components/ui/cn";

/** The frame of the e-mailed link pages: the brand above one card, like the login page's card (wider
 * for the client company's registration form). */
export function LinkFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <main className="flex flex-1 items-center justify-center px-2 py-5 sm:px-4">
        <div className={wide ? "w-full max-w-[720px]" : "w-full max-w-[440px]"}>
          <div className="mb-4 flex justify-center">
            <AppLink href="/" aria-label={titlesMessages.base} className="rounded-theme">
              <Logo />
            </AppLink>
          </div>
          <div
            className={
              "rounded-theme border border-border bg-surface p-3" +
              " shadow-[0_1px_2px_rgb(0_0_0/0.04),0_8px_24px_-8px_rgb(0_0_0/0.12)] sm:p-4"
            }
          >
            {children}
          </div>
        </div>
      </main>
      <footer className="px-2 pb-3 text-center text-xs text-muted">
        {loginMessages.footer(new Date().getFullYear())}
      </footer>
    </div>
  );
}

/** A dead end with a way out: an invalid link, or a finished reset. */
export function LinkMessage({ title, text, tone }: { title: string; text?: string; tone: "error" | "success" }) {
  return (
    <div className="flex flex-col items-center gap-2 text-center" role={tone === "error" ? "alert" : "status"}>
      <span
        aria-hidden="true"
        className={cn(
          "grid size-6 place-items-center rounded-full",
          tone === "error" ? "bg-danger-soft text-danger" : "bg-primary-soft text-primary",
        )}
      >
        {tone === "error" ? (
          <CircleAlert className="size-3" strokeWidth={2.2} />
        ) : (
          <Check className="size-3" strokeWidth={2.2} />
        )}
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {text ? <p className="text-sm text-muted">{text}</p> : null}
      <AppLink
        href={LOGIN_PATH}
        className={
          "mt-1 inline-flex h-5 items-center rounded-theme bg-primary px-2 text-sm font-semibold" +
          " text-primary-fg hover:bg-primary-hover"
        }
      >
        {linksMessages.goToLogin}
      </AppLink>
    </div>
  );
}
