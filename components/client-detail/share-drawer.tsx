"use client";

import { useState } from "react";
import { useSharedOperators, useToggleShare } from "@/lib/api/client-actions";
import { normalizeSearch } from "@/lib/format/search";
import { clientActionsMessages } from "@/lib/i18n/sections/clientActions";
import { commonMessages } from "@/lib/i18n/sections/common";
import { AppDrawer } from "@/components/shell/app-drawer";
import { Avatar } from "@/components/ui/avatar";
import { SearchField } from "@/components/ui/search-field";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useDelayed } from "@/components/ui/use-delayed";

const t = clientActionsMessages;

type ShareDrawerProps = { clientId: number; clientName: string; open: boolean; onClose: () => void };

/**
 * 'Compartilhe este cliente com outros operadores' (spec §2, §4 Shared switch): the office's operators
 * other than the responsible, a switch each; 'Buscar cliente' (the spec's placeholder) filters them by
 * name or e-mail. The list redraws from each toggle's answer.
 */
export function ShareDrawer({ clientId, clientName, open, onClose }: ShareDrawerProps) {
  const [term, setTerm] = useState("");
  const operators = useSharedOperators(clientId, open);
  const toggle = useToggleShare(clientId);
  const loading = useDelayed(operators.isPending);
  const needle = normalizeSearch(term.trim());
  const shown = (operators.data ?? []).filter(
    (operator) =>
      !needle || normalizeSearch(operator.name).includes(needle) || normalizeSearch(operator.email).includes(needle),
  );

  return (
    <AppDrawer
      open={open}
      onOpenChange={(next) => next || (onClose(), setTerm(""), toggle.reset())}
      title={t.shareTitle}
      search={<SearchField placeholder={t.shareSearch} value={term} onValueChange={setTerm} />}
    >
      <div className="flex flex-col gap-1.5">
        <p data-testid="drawer-client" className="truncate text-sm font-semibold">
          {clientName}
        </p>
        {toggle.isError ? (
          <p role="alert" className="text-sm text-danger">
            {toggle.error.message}
          </p>
        ) : null}
        {operators.isError ? (
          <p role="alert" className="text-sm text-danger">
            {operators.error.message}
          </p>
        ) : !operators.data ? (
          loading ? (
            <Spinner className="mx-auto my-2 text-primary" />
          ) : null
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted">{commonMessages.emptyList}</p>
        ) : (
          <ul aria-label={t.shareTitle} className="flex flex-col gap-1">
            {shown.map((operator) => (
              <li
                key={operator.id}
                data-testid="share-item"
                className="flex items-center gap-1.5 rounded-theme border border-border p-1"
              >
                <Avatar name={operator.name} pictureUrl={operator.pictureUrl} className="size-4" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex min-w-0 items-center gap-0.5">
                    <span className="min-w-0 truncate font-medium">{operator.name}</span>
                    {operator.blocked ? (
                      <span
                        className={
                          "shrink-0 rounded-full bg-danger-soft px-1 py-px text-xs font-semibold " + "text-danger"
                        }
                      >
                        {t.blocked}
                      </span>
                    ) : null}
                  </span>
                  <span className="truncate text-xs text-muted">{operator.email}</span>
                </span>
                <Switch
                  label={t.shareWith(operator.name)}
                  checked={operator.isShared}
                  disabled={toggle.isPending}
                  onCheckedChange={() => toggle.mutate(operator.id)}
                  className="[&>label]:sr-only"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </AppDrawer>
  );
}
