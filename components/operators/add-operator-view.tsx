"use client";

import { useAddInvite, useInvites, useRemoveInvite } from "@/lib/api/invites";
import type { ChosenPlatform } from "@/lib/platform";
import { InviteEmailList } from "@/components/invites/invite-email-list";

/** 'Adicionar operador' (spec §2): invite by e-mail, then the pending invites with a remove each. */
export function AddOperatorView({ platform }: { platform: ChosenPlatform }) {
  const invites = useInvites(platform);
  const add = useAddInvite(platform);
  const remove = useRemoveInvite();
  return <InviteEmailList invites={invites} add={add} remove={remove} />;
}
