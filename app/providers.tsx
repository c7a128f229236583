"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { ApiError } from "@/lib/api/client";
import { browserSession } from "@/lib/session";
import { RouteGuard } from "@/components/auth/route-guard";
import { PlatformTitle } from "@/components/shell/platform-title";
import { ThemeSync } from "@/components/shell/theme-sync";

const MAX_RETRIES = 2;

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again (the client already refreshed on 401).
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);

  // Logged out (here, in another tab, or by a refused refresh): nothing of the last user stays cached.
  useEffect(
    () =>
      browserSession.subscribe(() => {
        if (!browserSession.getSnapshot().loggedIn) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <PlatformTitle />
      <ThemeSync />
      <RouteGuard>{children}</RouteGuard>
    </QueryClientProvider>
  );
}
