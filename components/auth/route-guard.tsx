"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { findRoute, resolveRoute } from "@/lib/routes";
import { Splash } from "@/components/ui/splash";
import { useSession } from "./use-session";

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

  useEffect(() => {
    if (redirect) router.replace(redirect);
  }, [redirect, router]);

  if (redirect) return <Splash />;
  if (session) return children;
  const access = findRoute(pathname)?.access;
  return access === "public" || access === "open" || access === "internal" ? children : <Splash />;
}
