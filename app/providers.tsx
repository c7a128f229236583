"use client";

import type { ReactNode } from "react";
import { RouteGuard } from "@/components/auth/route-guard";
import { AppWorker } from "@/components/pwa/app-worker";
import { PlatformTitle } from "@/components/shell/platform-title";
import { ThemeSync } from "@/components/shell/theme-sync";

// The query cache is not here: app/query-provider.tsx, in the layouts of the pages that use it.
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      <PlatformTitle />
      <ThemeSync />
      <AppWorker />
      <RouteGuard>{children}</RouteGuard>
    </>
  );
}
