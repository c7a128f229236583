"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { findRoute, resolveRoute } from "@/lib/routes";
import { Splash } from "@/components/ui/splash";
import { useSession } from "./use-session";

const REDIRECT_RETRY_MS = 1_500;

/**
 * Applies the route table (lib/routes.ts) in the browser, where the tokens are. It shapes navigation
 * only: every permission is enforced by the API. Public pages render at once (server HTML for the
 * landing page); guarded pages wait for the session to be read so they never flash.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const session = useSession();

  const decision = session ? resolveRoute(pathname, { loggedIn: session.loggedIn, platform: session.platform }) : null;
  const redirect = decision && "redirect" in decision ? decision.redirect : null;

  // pathname too: the guard outlives pages, and the same redirect may be due again after a navigation.
  // A navigation started elsewhere can supersede ours; until the path changes, ask again.
  useEffect(() => {
    if (!redirect) return;
    router.replace(redirect);
    const again = setInterval(() => router.replace(redirect), REDIRECT_RETRY_MS);
    return () => clearInterval(again);
  }, [redirect, pathname, router]);

  if (redirect) return <Splash />;
  if (session) return children;
  const access = findRoute(pathname)?.access;
  return access === "public" || access === "open" || access === "internal" ? children : <Splash />;
}
