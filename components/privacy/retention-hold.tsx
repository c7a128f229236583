"use client";

import { useId } from "react";
import { useRetentionHold, useSetRetentionHold } from "@/lib/api/privacy";
import { formatDate } from "@/lib/format/dates";
import { privacyMessages as t } from "@/lib/i18n/sections/privacy";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";

/**
 * A client's 'Suspender exclusão' (the client's 'Histórico' drawer): while on, the retention job deletes
 * none of its files. Saved as it is flipped; whoever of the office sees the client may flip it.
 */
export function RetentionHold({ clientId, enabled }: { clientId: number; enabled: boolean }) {
  const hold = useRetentionHold(clientId, enabled);
  const save = useSetRetentionHold(clientId);
  const titleId = useId();
  const checked = save.isPending ? save.variables : (hold.data?.held ?? false);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="retention-hold"
      className="flex flex-col gap-1 rounded-theme border border-border p-1.5"
    >
      <h3 id={titleId} className="text-sm font-semibold">
        {t.holdTitle}
      </h3>
      {hold.isError ? (
        <p role="alert" className="text-sm text-danger">
          {hold.error.message}
        </p>
      ) : !hold.data ? (
        <Spinner className="mx-auto my-1 text-primary" />
      ) : (
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
            ) : hold.data.since && !save.isPending ? (
              <span className="text-muted">{t.holdSince(formatDate(hold.data.since))}</span>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
