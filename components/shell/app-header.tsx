"use client";

import { Users } from "lucide-react";
import { useMe } from "@/lib/api/me";
import { shellMessages } from "@/lib/i18n/sections/shell";
import type { ChosenPlatform } from "@/lib/platform";
import { Avatar } from "@/components/ui/avatar";
import { Logo } from "@/components/ui/logo";
import { PlatformSwitch } from "./platform-switch";

export type AppHeaderProps = {
  platform: ChosenPlatform;
  allowChangePlatform: boolean;
  onOpenOperators: () => void;
  onOpenProfile: () => void;
};

/** Spec §2: logo, the operators button, the optional platform switch, the operator's name and avatar. */
export function AppHeader({ platform, allowChangePlatform, onOpenOperators, onOpenProfile }: AppHeaderProps) {
  const me = useMe();
  return (
    <header
      className={
        "sticky top-0 z-30 flex h-8 items-center justify-between gap-2 border-b border-border" +
        " bg-surface/95 px-2 backdrop-blur sm:px-3"
      }
    >
      <Logo />
      <div className="flex min-w-0 items-center gap-1">
        <button
          type="button"
          onClick={onOpenOperators}
          aria-label={shellMessages.openOperators}
          title={shellMessages.openOperators}
          className="grid size-5 cursor-pointer place-items-center rounded-theme text-fg hover:bg-surface-2"
        >
          <Users aria-hidden="true" className="size-3" strokeWidth={1.8} />
        </button>
        {allowChangePlatform ? <PlatformSwitch platform={platform} /> : null}
        <button
          type="button"
          onClick={onOpenProfile}
          title={shellMessages.openProfile}
          data-testid="profile-button"
          className={
            "flex min-w-0 cursor-pointer items-center gap-1 rounded-full py-0.5 pr-0.5 pl-1.5" + " hover:bg-surface-2"
          }
        >
          {/* A block, so max-width applies: a long name ends in an ellipsis at every width, whole in the tooltip. */}
          <span
            data-testid="user-name"
            title={me.data?.name}
            className="block max-w-[112px] min-w-0 truncate text-sm font-medium sm:max-w-[200px]"
          >
            {me.data?.name ?? ""}
          </span>
          <Avatar name={me.data?.name ?? ""} pictureUrl={me.data?.pictureUrl} className="size-4" />
        </button>
      </div>
    </header>
  );
}
