"use client";

import { useRetentionHold, useSetRetentionHold } from "@/lib/api/privacy";
import { formatDate } from "@/lib/format/dates";
import { privacyMessages as t } from "@/lib/i18n/sections/privacy";
import { Switch } from "@/components/ui/switch";
import { PrivacySection } from "./privacy-section";

/**
 * A client's 'Suspender exclusão' (the client's 'Histórico' drawer): while on, the retention job deletes
 * none of its files. Saved as it is flipped; whoever of the office sees the client may flip it.
 */
export function RetentionHold({ clientId, enabled }: { clientId: number; enabled: boolean }) {
  const hold = useRetentionHold(clientId, enabled);
  const save = useSetRetentionHold(clientId);
  const checked = save.isPending ? save.variables : (hold.data?.held ?? false);
  return (
    <PrivacySection title={t.holdTitle} testId="retention-hold" read={hold}>
      {(data) => (
        <>
          {/* Not disabled while saving: a disabled switch would drop the keyboard focus; a flip during a
              save is ignored. */}
          <Switch
            label={t.holdLabel}
            description={t.holdHint}
            checked={checked}
            onCheckedChange={(next) => save.isPending || save.mutate(next)}
          />
          <div aria-live="polite" className="text-sm empty:hidden">
            {save.isError ? (
              <span role="alert" className="text-danger">
                {save.error.message}
              </span>
            ) : data.since && !save.isPending ? (
              <span className="text-muted">{t.holdSince(formatDate(data.since))}</span>
            ) : null}
          </div>
        </>
      )}
    </PrivacySection>
  );
}
