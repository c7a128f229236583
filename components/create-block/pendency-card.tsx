"use client";

import { useState } from "react";
import type { PendencyToSolve, ScreenOperator } from "@/lib/contract/business";
import { CATEGORIZATION_AVATARS_MAX, issueLabel } from "@/lib/constants";
import { formatDate, formatTime } from "@/lib/format/dates";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { businessSentMessages } from "@/lib/i18n/sections/businessSent";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Icon } from "./icons";

const t = businessPanelMessages;

export type PendencyCardProps = {
  pendency: PendencyToSolve;
  onNext: () => void;
  nextBusy: boolean;
  /** Proximo is refused while a solution is being sent. */
  locked: boolean;
  error: string | null;
  className?: string;
};

/** Pending mode's side card (spec §2): 'O que aconteceu?', the observation, when it was raised, Proximo. */
export function PendencyCard({ pendency, onNext, nextBusy, locked, error, className }: PendencyCardProps) {
  return (
    <section
      aria-labelledby="pendency-issue"
      className={cn(
        "flex flex-col gap-1.5 rounded-theme border border-status-pendency/50 bg-surface p-1.5 sm:p-2",
        className,
      )}
    >
      <div className="flex flex-col gap-0.25">
        <h2 className="text-xs font-semibold text-muted">{t.issue}</h2>
        <p id="pendency-issue" className="text-lg leading-snug font-bold">
          {issueLabel(pendency.issue)}
        </p>
      </div>
      <div className="flex flex-col gap-0.25">
        <h3 className="text-xs font-semibold text-muted">{t.observation}</h3>
        <Observation text={pendency.observations} />
      </div>
      <p className="text-xs text-muted">{t.pendencyCreated(formatDate(pendency.date), formatTime(pendency.date))}</p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button variant="secondary" className="h-5.5 self-start" onClick={onNext} loading={nextBusy} disabled={locked}>
        {t.next}
        <Icon name="next" className="size-2" />
      </Button>
    </section>
  );
}

/**
 * The observation, cut to two lines; it opens on hover (a mouse) or on a tap or Enter (a button with
 * aria-expanded, so touch and keyboard users read it too). Empty: 'Nenhuma observacao'.
 */
function Observation({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  if (!text.trim()) return <p className="text-sm text-muted italic">{t.noObservation}</p>;
  const expanded = open || hovered;
  return (
    <button
      type="button"
      aria-expanded={expanded}
      onClick={() => setOpen((value) => !value)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      className="min-h-5.5 cursor-pointer rounded-theme bg-surface-2 px-1 py-0.75 text-left text-sm whitespace-pre-line"
    >
      <span className={expanded ? undefined : "line-clamp-2"}>{text}</span>
    </button>
  );
}

/** The company's operators on the pendency screen and the open count (polled sync, spec §2). */
export function ScreenPresence({
  operators,
  count,
}: {
  operators: readonly ScreenOperator[];
  count: number | undefined;
}) {
  const shown = operators.slice(0, CATEGORIZATION_AVATARS_MAX);
  const more = operators.length - shown.length;
  return (
    <div className="flex items-center gap-1.5">
      {shown.length > 0 ? (
        <ul aria-label={t.onScreen} className="flex items-center -space-x-1">
          {shown.map((operator, index) => {
            // The server lists the caller first (as the categorization header does: 'Voce').
            const label = index === 0 ? businessSentMessages.me : operator.name;
            return (
              <li key={`${operator.name}-${index}`} title={label} className="rounded-full ring-2 ring-canvas">
                <Avatar name={operator.name} pictureUrl={operator.pictureUrl} className="size-4 text-[11px]" />
                <span className="sr-only">{label}</span>
              </li>
            );
          })}
          {more > 0 ? (
            <li
              className={
                "grid size-4 place-items-center rounded-full bg-surface-2 text-[11px] font-bold " + "ring-2 ring-canvas"
              }
            >
              +{more}
            </li>
          ) : null}
        </ul>
      ) : null}
      {count !== undefined ? (
        <span
          role="status"
          className="rounded-full bg-status-pendency/15 px-1 py-0.25 text-sm font-semibold text-fg tabular-nums"
        >
          {t.pendingCount(count)}
        </span>
      ) : null}
    </div>
  );
}
