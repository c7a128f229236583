"use client";

import { useAddClientInvite, useClientInvites, useRemoveClientInvite } from "@/lib/api/clients";
import { clientsMessages } from "@/lib/i18n/sections/clients";
import { AppDrawer } from "@/components/shell/app-drawer";
import { InviteEmailList } from "@/components/invites/invite-email-list";

const t = clientsMessages;

export type AddClientDrawerProps = { open: boolean; onOpenChange: (open: boolean) => void };

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
  const invites = useClientInvites();
  const add = useAddClientInvite();
  const remove = useRemoveClientInvite();
  return <InviteEmailList invites={invites} add={add} remove={remove} hint={t.inviteHint} retry />;
}
