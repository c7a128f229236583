"use client";

import { X } from "lucide-react";
import { useState } from "react";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import type { InviteAnswer } from "@/lib/contract/invites";
import { clientsMessages } from "@/lib/i18n/sections/clients";
import { commonMessages } from "@/lib/i18n/sections/common";
import { operatorsUiMessages } from "@/lib/i18n/sections/operatorsUi";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { isValidEmail } from "@/lib/validation";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";

const t = operatorsUiMessages;

type InviteEmailListProps = {
  /** The pending invites of this kind (operators of a platform, or client companies). */
  invites: UseQueryResult<InviteAnswer[], Error>;
  add: UseMutationResult<InviteAnswer, Error, string>;
  remove: UseMutationResult<unknown, Error, number>;
  /** A line above the form explaining what the invitee receives. */
  hint?: string;
  /** When the list fails to load: offer 'Tentar novamente' under the message. */
  retry?: boolean;
};

/**
 * Invite by e-mail, then 'Adicionados recentemente (aguardando cadastro)' with a remove-and-confirm each
 * (spec §2: 'Adicionar operador' and 'Adicionar Cliente'). The invite just sent is announced and marked 'Novo'.
 */
export function InviteEmailList({ invites, add, remove, hint, retry = false }: InviteEmailListProps) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  // The invite just sent: announced, and marked 'Novo' in the list below.
  const [added, setAdded] = useState<string | null>(null);
  const [removing, setRemoving] = useState<InviteAnswer | null>(null);

  async function submit() {
    const value = email.trim();
    if (!isValidEmail(value)) return setError(validationMessages.email);
    try {
      const invite = await add.mutateAsync(value);
      setEmail("");
      setAdded(invite.email);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure)); // 409 'E-mail já convidado'
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {hint ? <p className="text-sm text-muted">{hint}</p> : null}
      <form noValidate onSubmit={(event) => (event.preventDefault(), void submit())} className="flex items-end gap-1">
        <TextField
          compact
          label={t.email}
          type="email"
          inputMode="email"
          autoComplete="off"
          className="flex-1"
          value={email}
          error={error}
          onValueChange={(value) => (setEmail(value), setError(undefined), setAdded(null))}
        />
        <Button type="submit" loading={add.isPending}>
          {t.confirmAdd}
        </Button>
      </form>
      <p role="status" className={cn("text-sm text-primary", !added && "sr-only")}>
        {added ? t.inviteSent(added) : ""}
      </p>
      <h3 className="text-sm font-semibold text-muted">{t.pending}</h3>
      {invites.isError ? (
        retry ? (
          <div role="alert" className="flex flex-col items-start gap-1 text-sm text-danger">
            <p>{invites.error.message}</p>
            <Button variant="secondary" onClick={() => void invites.refetch()}>
              {clientsMessages.retry}
            </Button>
          </div>
        ) : (
          <p role="alert" className="text-sm text-danger">
            {invites.error.message}
          </p>
        )
      ) : !invites.data ? (
        <Spinner className="mx-auto text-primary" />
      ) : invites.data.length === 0 ? (
        <p className="text-sm text-muted">{commonMessages.emptyList}</p>
      ) : (
        <ul aria-label={t.pending} className="flex flex-col gap-1">
          {invites.data.map((invite) => (
            <li
              key={invite.id}
              className={cn(
                "flex items-center justify-between gap-1 rounded-theme py-0.5 pr-0.5 pl-1.5 text-sm",
                invite.email === added ? "bg-primary-soft ring-1 ring-primary" : "bg-surface-2",
              )}
            >
              <span className="flex min-w-0 items-center gap-1">
                <span className="min-w-0 truncate">{invite.email}</span>
                {invite.email === added ? (
                  <span className="shrink-0 rounded-full bg-primary px-1 py-px text-xs font-semibold text-primary-fg">
                    {t.newInvite}
                  </span>
                ) : null}
              </span>
              <button
                type="button"
                aria-label={t.removeInvite(invite.email)}
                title={t.removeInvite(invite.email)}
                disabled={remove.isPending}
                onClick={() => setRemoving(invite)}
                className={
                  "grid size-4 shrink-0 cursor-pointer place-items-center rounded-theme text-muted" +
                  " hover:bg-danger-soft hover:text-danger"
                }
              >
                <X aria-hidden="true" className="size-2" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* A failed remove is said under the list, whichever list it is. */}
      {remove.isError ? (
        <p role="alert" className="text-sm text-danger">
          {remove.error.message}
        </p>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => next || setRemoving(null)}
        text={t.removeInviteConfirm(removing?.email ?? "")}
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      />
    </div>
  );
}
