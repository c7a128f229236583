"use client";

import type { OperatorFace } from "@/lib/contract/contabilization";
import { contabilizationDeskMessages } from "@/lib/i18n/sections/contabilizationDesk";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";

const t = contabilizationDeskMessages;

/**
 * Another operator holds the client's lease: the server's message ('{name} está contabilizando este
 * cliente no momento…') with the holder's avatar, and the way back. The poll keeps asking, so the desk
 * opens by itself once the other operator leaves.
 */
export function HeldNotice({
  message,
  holder,
  onBack,
}: {
  message: string;
  holder: OperatorFace | null;
  onBack: () => void;
}) {
  return (
    <div
      role="alert"
      data-testid="lease-held"
      className={
        "flex flex-col items-start gap-1.5 rounded-theme border border-status-pendency/50 " +
        "bg-status-pendency/10 p-2"
      }
    >
      <div className="flex items-center gap-1.5">
        {holder ? <Avatar name={holder.name} pictureUrl={holder.pictureUrl} className="size-6" /> : null}
        <h2 className="text-lg font-bold">{t.heldTitle}</h2>
      </div>
      <p className="text-base">{message}</p>
      <Button variant="secondary" className="h-6 sm:h-5" onClick={onBack}>
        {t.back}
      </Button>
    </div>
  );
}
