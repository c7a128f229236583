"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TokenAnswer } from "@/lib/contract/auth";
import { loginMessages } from "@/lib/i18n/sections/login";
import { platformsOf, type ChosenPlatform } from "@/lib/platform";
import { HOME_PATH } from "@/lib/routes";
import { browserSession } from "@/lib/session";
import { Logo } from "@/components/ui/logo";
import { BrandPanel } from "./brand-panel";
import { LoginForm } from "./login-form";
import { PlatformChooser } from "./platform-chooser";
import { AppLink } from "@/components/ui/app-link";

/**
 * /login. Tokens are kept in memory until the platform is known: a login with both platforms asks
 * first (spec §4 "user picks before tokens are set"); a single platform is chosen automatically.
 */
export function LoginScreen() {
  const router = useRouter();
  const [pending, setPending] = useState<TokenAnswer | null>(null);

  function enter(answer: TokenAnswer, platform: ChosenPlatform) {
    const allowChangePlatform = platformsOf(answer).length > 1;
    browserSession.start({ tokens: { access: answer.access, refresh: answer.refresh }, platform, allowChangePlatform });
    router.replace(HOME_PATH);
  }

  function onAuthenticated(answer: TokenAnswer) {
    const platforms = platformsOf(answer);
    if (platforms.length === 1) enter(answer, platforms[0]);
    else setPending(answer);
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <BrandPanel />
      <div className="flex min-h-dvh flex-col">
        {/* Top-aligned on phones: a slow phone paints the form while it is still arriving, and a centred
            column would move up as it grows (a layout shift); from sm up it is centred. */}
        <main className="flex flex-1 items-start justify-center px-2 pt-8 pb-5 sm:items-center sm:px-4 sm:py-5">
          <div className="w-full max-w-[440px]">
            <div className="mb-4 flex justify-center lg:hidden">
              <AppLink href="/" className="rounded-theme">
                <Logo />
              </AppLink>
            </div>
            <div
              className={
                "rounded-theme border border-border bg-surface p-3 " +
                "shadow-[0_1px_2px_rgb(0_0_0/0.04),0_8px_24px_-8px_rgb(0_0_0/0.12)] sm:p-4"
              }
            >
              {pending ? (
                <PlatformChooser onChoose={(platform) => enter(pending, platform)} />
              ) : (
                <LoginForm onAuthenticated={onAuthenticated} />
              )}
            </div>
            {pending ? null : (
              <p className="mt-3 text-center text-sm text-muted">
                {loginMessages.noAccount}{" "}
                <AppLink
                  href="/register"
                  className="rounded-theme font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {loginMessages.createAccount}
                </AppLink>
              </p>
            )}
          </div>
        </main>
        <footer className="px-2 pb-3 text-center text-xs text-muted">
          {loginMessages.footer(new Date().getFullYear())}
        </footer>
      </div>
    </div>
  );
}
