"use client";

import { X } from "lucide-react";
import { useRouter } from "next/navigation";
import type { JSX } from "react";
import { useRemoveClient } from "@/lib/api/client-actions";
import { clearSelectedClient } from "@/lib/client-selection";
import { clientActionsMessages } from "@/lib/i18n/sections/clientActions";
import { HOME_PATH } from "@/lib/routes";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

const t = clientActionsMessages;

export type RemoveClientDialogProps = {
  clientId: number;
  clientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'Excluir cliente' (spec §2): 'Tem certeza que deseja remover este cliente?', then, naming the client,
 * what follows: its users lose access and its blocks leave the lists. The removal is soft (the
 * books stay); on success the tab forgets the client and goes back to /home. A refusal (403 for a caller
 * who is not responsible, 404 when it is already gone) closes the dialog and shows the server's message.
 */
export function RemoveClientDialog({ clientId, clientName, open, onOpenChange }: RemoveClientDialogProps): JSX.Element {
  const router = useRouter();
  const remove = useRemoveClient();
  const confirm = () =>
    remove.mutate(clientId, {
      onSuccess: () => {
        clearSelectedClient();
        router.push(HOME_PATH);
      },
      onError: () => onOpenChange(false),
    });
  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => (next && remove.reset(), onOpenChange(next))}
        text={t.removeConsequences(clientName)}
        tone="danger"
        loading={remove.isPending}
        onConfirm={confirm}
      />
      {remove.isError && !open ? (
        <div
          role="alert"
          className={
            "fixed bottom-2 left-1/2 z-[80] flex w-[calc(100%-32px)] max-w-[440px] -translate-x-1/2" +
            " items-start gap-1 rounded-theme border border-danger bg-surface p-1.5 text-sm" +
            " text-danger shadow-2xl"
          }
        >
          <p className="flex-1">{remove.error.message}</p>
          <button
            type="button"
            aria-label={t.dismiss}
            title={t.dismiss}
            onClick={() => remove.reset()}
            className={
              "grid size-3 shrink-0 cursor-pointer place-items-center rounded-theme text-muted" +
              " hover:bg-surface-2 hover:text-fg"
            }
          >
            <X aria-hidden="true" className="size-2" />
          </button>
        </div>
      ) : null}
    </>
  );
}
