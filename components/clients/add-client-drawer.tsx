"use client";

import { useState } from "react";
import { useAddClientInvite, useClientInvites, useRemoveClientInvite, type ClientInvite } from "@/lib/api/clients";
import { messages } from "@/lib/i18n/messages";
import { isValidEmail } from "@/lib/validation";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { AppDrawer } from "@/components/shell/app-drawer";

const t = messages.clients;
const o = messages.operatorsUi;

type AddClientDrawerProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * 'Adicionar Cliente' (spec §2): invite a client company by e-mail; the pending invites below, each with
 * a remove. The company registers through the e-mailed link and then shows in the list.
 */
export function AddClientDrawer({ open, onOpenChange }: AddClientDrawerProps) {
  return (
    <AppDrawer open={open} onOpenChange={onOpenChange} title={t.add}>
      {open ? <AddClientView /> : null}
    </AppDrawer>
  );
}

function AddClientView() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  // The invite just sent: announced, and marked 'Novo' in the list below.
  const [added, setAdded] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ClientInvite | null>(null);
  const invites = useClientInvites();
  const add = useAddClientInvite();
  const remove = useRemoveClientInvite();

  async function submit() {
    const value = email.trim();
    if (!isValidEmail(value)) return setError(messages.validation.email);
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
      <p className="text-sm text-muted">{t.inviteHint}</p>
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
        {added ? o.inviteSent(added) : ""}
      </p>
      <h3 className="text-sm font-semibold text-muted">{t.pending}</h3>
      {invites.isError ? (
        <div role="alert" className="flex flex-col items-start gap-1 text-sm text-danger">
          <p>{invites.error.message}</p>
          <Button variant="secondary" onClick={() => void invites.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : !invites.data ? (
        <Spinner className="mx-auto text-primary" />
      ) : invites.data.length === 0 ? (
        <p className="text-sm text-muted">{messages.common.emptyList}</p>
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
                  <span className="shrink-0 rounded-full bg-primary px-1 py-px text-xs font-semibold text-primary-fg">{o.newInvite}</span>
                ) : null}
              </span>
              <button
                type="button"
                aria-label={o.removeInvite(invite.email)}
                title={o.removeInvite(invite.email)}
                disabled={remove.isPending}
                onClick={() => setRemoving(invite)}
                className="grid size-4 shrink-0 cursor-pointer place-items-center rounded-theme text-muted hover:bg-danger-soft hover:text-danger"
              >
                <svg viewBox="0 0 24 24" className="size-2" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? (
        <p role="alert" className="text-sm text-danger">
          {remove.error.message}
        </p>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => next || setRemoving(null)}
        text={o.removeInviteConfirm(removing?.email ?? "")}
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      />
    </div>
  );
}
