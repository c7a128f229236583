"use client";

import { useNotificationPreferences, useSetNotificationPreference } from "@/lib/api/notifications";
import { NOTIFICATION_PLATFORM } from "@/lib/contract/notifications";
import { notificationsMessages } from "@/lib/i18n/sections/notifications";
import type { ChosenPlatform } from "@/lib/platform";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";

const t = notificationsMessages;

/**
 * 'Notificações por e-mail' (the profile drawer): one switch per kind of this platform, each saved as it
 * is flipped (POST /api/operator/notifications); the switch shows the new state while it is saved.
 */
export function NotificationSettings({ platform, enabled }: { platform: ChosenPlatform; enabled: boolean }) {
  const preferences = useNotificationPreferences(enabled);
  const save = useSetNotificationPreference();
  if (preferences.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {t.loadError}
      </p>
    );
  if (!preferences.data) return <Spinner className="mx-auto my-1 size-3 text-primary" />;
  const kinds = preferences.data.filter((item) => NOTIFICATION_PLATFORM[item.kind] === platform);
  return (
    <div className="flex flex-col gap-1.5" data-testid="notification-settings">
      <p className="text-sm text-muted">{t.panelText}</p>
      {kinds.map((item) => {
        const pending = save.isPending && save.variables?.kind === item.kind;
        return (
          <Switch
            key={item.kind}
            label={t.kinds[item.kind]}
            description={t.kindHints[item.kind]}
            checked={pending ? save.variables.enabled : item.enabled}
            disabled={save.isPending}
            onCheckedChange={(next) => save.mutate({ kind: item.kind, enabled: next })}
          />
        );
      })}
      <div aria-live="polite" className="text-sm empty:hidden">
        {save.isError ? (
          <span role="alert" className="text-danger">
            {save.error.message}
          </span>
        ) : save.isSuccess ? (
          <span className="text-primary">{t.saved}</span>
        ) : null}
      </div>
    </div>
  );
}
