"use client";

import { Check } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTransferClient, useTransferOperators, type TransferOperator } from "@/lib/api/client-actions";
import { clearSelectedClient } from "@/lib/client-selection";
import { clientActionsMessages } from "@/lib/i18n/sections/clientActions";
import { commonMessages } from "@/lib/i18n/sections/common";
import { HOME_PATH } from "@/lib/routes";
import { AppDrawer } from "@/components/shell/app-drawer";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Collapse } from "@/components/ui/collapse";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";

const t = clientActionsMessages;

type TransferDrawerProps = { clientId: number; clientName: string; open: boolean; onClose: () => void };

/**
 * 'Transferir cliente para outro operador' (spec §2, §4 Transfer): pick an operator (a second click
 * deselects), 'Transferir clientes' opens the confirm panel, 'Cancelar' folds it, 'Sim, transferir
 * cliente' transfers and goes back to /home (the client may no longer be the caller's to open).
 */
export function TransferDrawer({ clientId, clientName, open, onClose }: TransferDrawerProps) {
  const router = useRouter();
  const [selected, setSelected] = useState<TransferOperator | null>(null);
  const [confirming, setConfirming] = useState(false);
  const operators = useTransferOperators(clientId, open);
  const transfer = useTransferClient(clientId);
  const loading = useDelayed(operators.isPending);
  const panelId = useId();
  const openButtonId = useId();

  const reset = () => (setSelected(null), setConfirming(false), transfer.reset());
  const pick = (operator: TransferOperator) => {
    setSelected(selected?.id === operator.id ? null : operator);
    setConfirming(false);
    transfer.reset();
  };
  const confirm = () =>
    selected &&
    transfer.mutate(selected.id, {
      onSuccess: () => {
        clearSelectedClient();
        router.push(HOME_PATH);
      },
    });

  return (
    <AppDrawer open={open} onOpenChange={(next) => next || (onClose(), reset())} title={t.transferTitle}>
      <div className="flex flex-col gap-1.5">
        <p data-testid="drawer-client" className="truncate text-sm font-semibold">
          {clientName}
        </p>
        <p className="text-sm text-muted">{t.transferText}</p>
        <h3 className="text-sm font-semibold text-muted">{t.transferChoose}</h3>
        {operators.isError ? (
          <p role="alert" className="text-sm text-danger">
            {operators.error.message}
          </p>
        ) : !operators.data ? (
          loading ? (
            <Spinner className="mx-auto my-2 text-primary" />
          ) : null
        ) : operators.data.length === 0 ? (
          <p className="text-sm text-muted">{commonMessages.emptyList}</p>
        ) : (
          <ul aria-label={t.transferChoose} className="flex flex-col gap-1">
            {operators.data.map((operator) => {
              const chosen = selected?.id === operator.id;
              return (
                <li key={operator.id}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    data-testid="transfer-item"
                    onClick={() => pick(operator)}
                    className={cn(
                      "flex w-full cursor-pointer items-center gap-1.5 rounded-theme border p-1 text-left",
                      chosen
                        ? "border-primary bg-primary-soft ring-1 ring-primary"
                        : "border-border hover:bg-surface-2",
                    )}
                  >
                    <Avatar name={operator.name} pictureUrl={operator.pictureUrl} className="size-4" />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-medium">{operator.name}</span>
                      <span className="truncate text-xs text-muted">{operator.email}</span>
                    </span>
                    {chosen ? (
                      <Check aria-hidden="true" className="size-2.5 shrink-0 text-primary" strokeWidth={2.4} />
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <Button
          id={openButtonId}
          className="self-end"
          disabled={!selected}
          aria-expanded={confirming}
          aria-controls={panelId}
          onClick={() => setConfirming(true)}
        >
          {t.transferOpen}
        </Button>
        <Collapse open={confirming && selected !== null} id={panelId}>
          <div className="flex flex-col gap-1.5 rounded-theme border border-border bg-surface-2 p-1.5">
            <p className="font-semibold">{t.transferConfirm(selected?.name ?? "")}</p>
            {transfer.isError ? (
              <p role="alert" className="text-sm text-danger">
                {transfer.error.message}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-1">
              <Button
                variant="secondary"
                onClick={() => (setConfirming(false), transfer.reset(), document.getElementById(openButtonId)?.focus())}
              >
                {commonMessages.cancel}
              </Button>
              <Button onClick={confirm} loading={transfer.isPending}>
                {t.transferYes}
              </Button>
            </div>
          </div>
        </Collapse>
      </div>
    </AppDrawer>
  );
}
