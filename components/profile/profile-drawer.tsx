"use client";

import { ChevronRight } from "lucide-react";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { useMe } from "@/lib/api/me";
import { useProfile, useUpdatePhoto } from "@/lib/api/operators";
import { useSelectedClient } from "@/lib/client-selection";
import type { ChosenPlatform } from "@/lib/platform";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { chartMessages } from "@/lib/i18n/sections/chart";
import { exportsMessages } from "@/lib/i18n/sections/exports";
import { notificationsMessages } from "@/lib/i18n/sections/notifications";
import { isManager, isOwner } from "@/lib/permissions/operators";
import { Spinner } from "@/components/ui/spinner";
import { AppDrawer } from "@/components/shell/app-drawer";
import { ChangePasswordForm } from "./change-password-form";
import { ContactList } from "./contact-list";
import { ExpandablePanel } from "./expandable-panel";
import { OfficeDialog, officeLabel } from "./office-dialog";
import type { OfficeKind } from "./office-form";
import { PhotoEditor } from "./photo-editor";
import { NotificationSettings } from "./notification-settings";
import { OfficeExportPanel } from "./office-export-panel";
import { ProfilePanel } from "./profile-panel";
import { PersonalDataPanel } from "@/components/privacy/personal-data-panel";
import { privacyMessages } from "@/lib/i18n/sections/privacy";
import { InstallAppEntry } from "@/components/pwa/install-app-entry";

type Panel = "profile" | "contact" | "password" | "notifications" | "export" | "personalData" | null;
const t = profileMessages;

export type ProfileDrawerProps = {
  platform: ChosenPlatform;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens 'Plano de contas' (offered to the office's owner and administrators). */
  onOpenChart?: () => void;
};

/** 'Conta' (spec §2): photo, 'Perfil', the office entry for type 0, 'Contato' on the client side, password. */
export function ProfileDrawer({ platform, open, onOpenChange, onOpenChart }: ProfileDrawerProps) {
  const me = useMe();
  const profile = useProfile(platform, open);
  const photo = useUpdatePhoto();
  const [panel, setPanel] = useState<Panel>(null);
  const [officeOpen, setOfficeOpen] = useState(false);
  const pathname = usePathname();
  const selected = useSelectedClient();
  // Accounting: 'Contato' shows while a client is open: /home/client and its screens (categorization,
  // contabilization) with this tab's client.
  const clientOpen = pathname === "/home/client" || pathname.startsWith("/home/client/");
  const openClientId = platform === "accounting" && clientOpen && selected ? selected.id : undefined;
  const toggle = (name: Exclude<Panel, null>) => (next: boolean) =>
    setPanel((current) => (next ? name : current === name ? null : current));

  const membership = platform === "accounting" ? me.data?.accounting : me.data?.business;
  const officeKind: OfficeKind | null =
    !membership || !isOwner(membership)
      ? null
      : platform === "accounting"
        ? "accounting"
        : (me.data?.business?.clientType ?? null);
  // 'Plano de contas' beside the office entry: operators of types 0 and 1 of the accounting platform.
  const chartEntry =
    platform === "accounting" && membership && isManager(membership) && onOpenChart ? onOpenChart : null;

  return (
    <AppDrawer open={open} onOpenChange={onOpenChange} title={t.title}>
      {profile.data ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-col items-center gap-1 py-1 text-center">
            <PhotoEditor
              name={profile.data.name}
              pictureUrl={profile.data.pictureUrl}
              onSave={(dataUrl) => photo.mutateAsync(dataUrl)}
            />
            <h3 className="text-lg font-bold">{profile.data.name}</h3>
            <p className="-mt-1 text-sm text-muted">{profile.data.email}</p>
          </div>
          <ExpandablePanel title={t.panel} open={panel === "profile"} onOpenChange={toggle("profile")}>
            <ProfilePanel profile={profile.data} />
          </ExpandablePanel>
          {platform === "bussiness" ? <InstallAppEntry /> : null}
          {officeKind ? <EntryButton label={officeLabel(officeKind)} onClick={() => setOfficeOpen(true)} /> : null}
          {chartEntry ? <EntryButton label={chartMessages.open} onClick={chartEntry} /> : null}
          {chartEntry ? (
            <ExpandablePanel
              title={exportsMessages.officeExport}
              open={panel === "export"}
              onOpenChange={toggle("export")}
            >
              <OfficeExportPanel />
            </ExpandablePanel>
          ) : null}
          {platform === "bussiness" || openClientId !== undefined ? (
            <ExpandablePanel title={t.contact} open={panel === "contact"} onOpenChange={toggle("contact")}>
              <ContactList key={openClientId ?? "own"} enabled={open} clientId={openClientId} />
            </ExpandablePanel>
          ) : null}
          <ExpandablePanel
            title={notificationsMessages.panel}
            open={panel === "notifications"}
            onOpenChange={toggle("notifications")}
          >
            <NotificationSettings platform={platform} enabled={open && panel === "notifications"} />
          </ExpandablePanel>
          <ExpandablePanel title={t.changePassword} open={panel === "password"} onOpenChange={toggle("password")}>
            <ChangePasswordForm />
          </ExpandablePanel>
          <ExpandablePanel
            title={privacyMessages.personalTitle}
            open={panel === "personalData"}
            onOpenChange={toggle("personalData")}
          >
            <PersonalDataPanel />
          </ExpandablePanel>
          {officeKind ? <OfficeDialog kind={officeKind} open={officeOpen} onOpenChange={setOfficeOpen} /> : null}
        </div>
      ) : profile.isError ? (
        <p role="alert" className="text-danger">
          {profile.error.message}
        </p>
      ) : (
        <Spinner className="mx-auto my-4 size-4 text-primary" />
      )}
    </AppDrawer>
  );
}

/** An entry of the drawer that opens a dialog of its own ('Escritório', 'Plano de contas'). */
function EntryButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={
        "flex w-full cursor-pointer items-center justify-between rounded-theme border " +
        "border-border px-2 py-1.5 text-left text-base font-semibold hover:bg-surface-2"
      }
    >
      {label}
      <ChevronRight aria-hidden="true" className="size-2.5" />
    </button>
  );
}
