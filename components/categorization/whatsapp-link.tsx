"use client";

import { MessageCircle } from "lucide-react";
import { useId } from "react";
import { useClientDetail } from "@/lib/api/clients";
import { useMe } from "@/lib/api/me";
import { issueLabel } from "@/lib/constants";
import { notificationsMessages } from "@/lib/i18n/sections/notifications";
import { whatsappLink } from "@/lib/whatsapp";

const t = notificationsMessages;

type Props = { clientId: number; blockId: number; issue: number; observations: string };

/**
 * 'Avisar por WhatsApp' in 'Reportar problema': a wa.me link to the client's phone with the message
 * ready (the problem chosen, the observation as typed, the block's link in Blocos com pendencia). A link only:
 * WhatsApp opens in a new tab and the office sends it there. Without a usable phone, the reason instead.
 */
export function WhatsAppLink({ clientId, blockId, issue, observations }: Props) {
  const client = useClientDetail(clientId);
  const me = useMe();
  const hintId = useId();
  if (!client.data) return null;
  const message = t.whatsappMessage(
    client.data.person.name,
    me.data?.accounting?.officeName ?? "",
    issueLabel(issue),
    observations.trim(),
    `${window.location.origin}/pendencyblock?bloco=${blockId}`,
  );
  const href = whatsappLink(client.data.person.phone, message);
  if (!href)
    return (
      <p className="flex items-start gap-1 text-xs text-muted" data-testid="whatsapp-unavailable">
        <MessageCircle aria-hidden="true" className="mt-0.25 size-2 shrink-0" />
        {t.whatsappNoPhone}
      </p>
    );
  return (
    <div className="flex flex-col items-start gap-0.5">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={hintId}
        className={
          "inline-flex h-5 items-center gap-1 rounded-theme border border-border bg-surface px-2 text-sm " +
          "font-semibold text-fg transition-colors hover:bg-surface-2"
        }
      >
        <MessageCircle aria-hidden="true" className="size-2 text-primary" />
        {t.whatsapp}
      </a>
      <span id={hintId} className="text-xs text-muted">
        {t.whatsappHint}
      </span>
    </div>
  );
}
