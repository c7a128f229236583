"use client";

import { useState, type ReactNode } from "react";
import { logout } from "@/lib/api/auth";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "@/components/ui/button";
import { Drawer } from "@/components/ui/drawer";
import { DarkModeSwitch } from "./dark-mode-switch";

export type AppDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** A search box replaces the default toolbar (spec §2: search box, or the dark-mode switch and logout). */
  search?: ReactNode;
  children: ReactNode;
};

function DefaultToolbar() {
  const [leaving, setLeaving] = useState(false);
  async function leave() {
    setLeaving(true);
    // The session is cleared; the route guard then replaces this guarded page with /login directly (it does
    // not pass through /home, which would only redirect to /login too).
    await logout();
  }
  return (
    <div className="flex items-center justify-between gap-2 rounded-theme bg-surface-2 px-2 py-1">
      <DarkModeSwitch />
      <Button variant="secondary" onClick={leave} loading={leaving}>
        {commonMessages.logout}
      </Button>
    </div>
  );
}

/** The generic right drawer of the logged-in shell. */
export function AppDrawer({ search, ...props }: AppDrawerProps) {
  return <Drawer {...props} toolbar={search ?? <DefaultToolbar />} />;
}
