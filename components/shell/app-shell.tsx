"use client";

import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { isChosenPlatform } from "@/lib/platform";
import { useSession } from "@/components/auth/use-session";
import { OperatorsDrawer } from "@/components/operators/operators-drawer";
import { AppHeader } from "./app-header";

// The profile drawer (its forms validate with zod) is fetched after the page, not with it: zod alone is
// about 90 KiB of compressed script, and no page needs it to show (scripts/measure-first-load.mjs).
const ProfileDrawer = dynamic(() => import("@/components/profile/profile-drawer").then((module) => module.ProfileDrawer));

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
