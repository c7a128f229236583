"use client";

import { useState, type ReactNode } from "react";
import { isChosenPlatform } from "@/lib/platform";
import { useSession } from "@/components/auth/use-session";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import type { OperatorsDrawerProps } from "@/components/operators/operators-drawer";
import type { ProfileDrawerProps } from "@/components/profile/profile-drawer";
import { AppHeader } from "./app-header";

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

type OpenDrawer = "none" | "operators" | "profile";

/** The logged-in frame: header and its two drawers around the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const [open, setOpen] = useState<OpenDrawer>("none");
  const platform = session && isChosenPlatform(session.platform) ? session.platform : null;
  if (!platform) return null; // the route guard is redirecting
  const onOpenChange = (drawer: OpenDrawer) => (next: boolean) => setOpen(next ? drawer : "none");

  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader
        platform={platform}
        allowChangePlatform={session?.allowChangePlatform ?? false}
        onOpenOperators={() => setOpen("operators")}
        onOpenProfile={() => setOpen("profile")}
      />
      {children}
      <OperatorsDrawer key={`operators-${platform}`} platform={platform} open={open === "operators"} onOpenChange={onOpenChange("operators")} />
      <ProfileDrawer key={`profile-${platform}`} platform={platform} open={open === "profile"} onOpenChange={onOpenChange("profile")} />
    </div>
  );
}
