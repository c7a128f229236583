"use client";

import { useCallback, useState, type ReactNode } from "react";
import { isChosenPlatform } from "@/lib/platform";
import { useSession } from "@/components/auth/use-session";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { OperatorsDrawerProps } from "@/components/operators/operators-drawer";
import type { ProfileDrawerProps } from "@/components/profile/profile-drawer";
import type { ChartDialogProps } from "@/components/chart/chart-dialog";
import { AppHeader } from "@/components/shell/app-header";
import { ChartDialogContext, type OpenChartOptions } from "@/components/shell/chart-dialog-context";

// The two drawers are fetched when first opened, not with the page: the profile drawer's forms validate
// with zod (about 90 KiB of compressed script), and both are Radix dialogs no page needs to show
// (scripts/measure-first-load.mjs).
const ProfileDrawer = lazyWhenOpen<ProfileDrawerProps>(
  () => import("@/components/profile/profile-drawer").then((module) => module.ProfileDrawer),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);
const OperatorsDrawer = lazyWhenOpen<OperatorsDrawerProps>(
  () => import("@/components/operators/operators-drawer").then((module) => module.OperatorsDrawer),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);

// 'Plano de contas' (a large dialog with the import's file reading): fetched on its first open too.
const ChartDialog = lazyWhenOpen<ChartDialogProps>(
  () => import("@/components/chart/chart-dialog").then((module) => module.ChartDialog),
  (props) => props.open,
  (props) => props.onOpenChange(false),
);

type OpenDrawer = "none" | "operators" | "profile" | "chart";

/** The logged-in frame: header, its two drawers and 'Plano de contas' around the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const [open, setOpen] = useState<OpenDrawer>("none");
  // Each opening starts afresh on the year (and view) it was asked for.
  const [chart, setChart] = useState<OpenChartOptions & { opening: number }>({ opening: 0 });
  const openChart = useCallback((options: OpenChartOptions = {}) => {
    setChart((current) => ({ ...options, opening: current.opening + 1 }));
    setOpen("chart");
  }, []);
  const platform = session && isChosenPlatform(session.platform) ? session.platform : null;
  if (!platform) return null; // the route guard is redirecting
  const onOpenChange = (drawer: OpenDrawer) => (next: boolean) => setOpen(next ? drawer : "none");

  return (
    <ChartDialogContext.Provider value={openChart}>
      <div className="flex min-h-dvh flex-col">
        <AppHeader
          platform={platform}
          allowChangePlatform={session?.allowChangePlatform ?? false}
          onOpenOperators={() => setOpen("operators")}
          onOpenProfile={() => setOpen("profile")}
        />
        {children}
        <OperatorsDrawer
          key={`operators-${platform}`}
          platform={platform}
          open={open === "operators"}
          onOpenChange={onOpenChange("operators")}
        />
        <ProfileDrawer
          key={`profile-${platform}`}
          platform={platform}
          open={open === "profile"}
          onOpenChange={onOpenChange("profile")}
          onOpenChart={() => openChart()}
        />
        {platform === "accounting" ? (
          <ChartDialog
            key={`chart-${chart.opening}`}
            open={open === "chart"}
            onOpenChange={onOpenChange("chart")}
            year={chart.year}
            importing={chart.importing}
          />
        ) : null}
      </div>
    </ChartDialogContext.Provider>
  );
}
