"use client";

import type { ClientCard as Card } from "@/lib/contract/clients";
import { useClientHandoff } from "@/lib/client-selection";
import { formatModified } from "@/lib/format/dates";
import { clientsMessages } from "@/lib/i18n/sections/clients";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import { statusesOf, type StatusKind } from "./client-list-rules";
import { StatusIcon, statusLabel } from "./status-icons";

const t = clientsMessages;

const cardClass = cn(
  "group/card flex h-full w-full flex-col gap-1.5 rounded-theme border border-border bg-surface " +
    "p-2 text-left shadow-xs transition",
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary",
);

type ClientCardProps = { card: Card; matches: boolean; onOpen: (card: Card) => void };

/**
 * One client of the list (spec §2): logo, name, 'Modificado em …', the status icons, the responsible
 * operator's avatar when the viewer is not the responsible one (docs/api.md), and who else is working
 * it (busy). A card the search does not match is dimmed and disabled: neither clickable nor focusable.
 * A matching card is a link: a plain click opens the client here, Ctrl- or middle-click in a new tab
 * that takes the client through the hand-off (useClientHandoff).
 */
export function ClientCard({ card, matches, onOpen }: ClientCardProps) {
  const statuses = statusesOf(card);
  const showResponsible = !card.isResponsable;
  const handoff = useClientHandoff("/home/client", { id: card.id, name: card.name, logoUrl: card.pictureUrl });
  const body = (
    <>
      <span className="flex w-full items-start gap-1.5">
        <Avatar name={card.name} pictureUrl={card.pictureUrl} className="size-6 text-base" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="line-clamp-2 text-base leading-snug font-bold break-words">{card.name}</span>
          <span className="text-sm text-muted">{formatModified(card.modifiedDatetime)}</span>
          {card.busy ? (
            <span
              data-testid="client-busy"
              className={
                "mt-0.5 flex w-fit max-w-full items-center gap-0.5 rounded-full " +
                "bg-status-pendency/15 py-0.5 pr-1 pl-0.5 text-xs font-semibold text-fg"
              }
            >
              <Avatar name={card.busy.name} pictureUrl={card.busy.pictureUrl} className="size-2.5! text-[10px]!" />
              <span className="truncate">{t.busy(card.busy.name)}</span>
            </span>
          ) : null}
        </span>
      </span>
      {statuses.length > 0 || showResponsible ? (
        <CardFooter card={card} statuses={statuses} showResponsible={showResponsible} />
      ) : null}
      {statuses.length > 0 ? (
        // Keyboard users see what the icons mean while the card has the focus (the hover tooltips need a pointer).
        <span aria-hidden="true" className="hidden text-xs text-muted group-focus-visible/card:block">
          {statuses.map(statusLabel).join(" · ")}
        </span>
      ) : null}
    </>
  );
  return (
    <li data-testid="client-card" data-client-id={card.id} data-matches={matches}>
      {matches ? (
        <a
          {...handoff}
          onClick={(event) => {
            // a plain click opens the client in this tab; a modified or middle click lets the browser open the link
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onOpen(card);
          }}
          className={cn(cardClass, "cursor-pointer hover:border-primary hover:shadow-md")}
        >
          {body}
        </a>
      ) : (
        <button type="button" disabled aria-disabled className={cn(cardClass, "cursor-default opacity-40 grayscale")}>
          {body}
        </button>
      )}
    </li>
  );
}

/** The status icons, and the responsible operator (name and avatar) when it is not the viewer. */
function CardFooter({
  card,
  statuses,
  showResponsible,
}: {
  card: Card;
  statuses: StatusKind[];
  showResponsible: boolean;
}) {
  return (
    <span className="mt-auto flex min-h-4.5 w-full items-center justify-between gap-1 border-t border-border pt-1.5">
      <span className="flex shrink-0 items-center gap-0.5">
        {statuses.map((kind) => (
          <StatusIcon key={kind} kind={kind} />
        ))}
      </span>
      {showResponsible ? (
        <span
          data-testid="client-responsible"
          className="flex min-w-0 items-center gap-0.5 text-sm text-muted"
          title={t.responsible(card.operatorName)}
        >
          <span className="sr-only">{t.responsible(card.operatorName)}</span>
          <span aria-hidden="true" className="truncate">
            {card.operatorName}
          </span>
          <Avatar name={card.operatorName} pictureUrl={card.photoOperatorUrl} className="size-3! text-[11px]!" />
        </span>
      ) : null}
    </span>
  );
}
