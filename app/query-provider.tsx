"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { ApiError } from "@/lib/api/client";
import { browserSession } from "@/lib/session";

const MAX_RETRIES = 2;

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again (the client already refreshed on 401).
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The query cache of the pages that read the API through @tanstack/react-query: the logged-in pages
 * (app/(app)/layout.tsx), the phone's contabilization pages, the invite link and the dev outbox. It is
 * not in the root layout, so the landing page, login and sign-up do not load react-query (about 8 KiB
 * compressed: scripts/measure-first-load.mjs). Each of those layouts stays mounted while its pages change.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);

  // Logged out (here, in another tab, or by a refused refresh): nothing of the last user stays cached.
  useEffect(
    () =>
      browserSession.subscribe(() => {
        if (!browserSession.getSnapshot().loggedIn) queryClient.clear();
      }),
    [queryClient],
  );

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
