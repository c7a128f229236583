"use client";

import { ChevronLeft } from "lucide-react";
import { Avatar } from "./avatar";
import { cn } from "./cn";

export type BackButtonProps = {
  /** The button's accessible name and tooltip ('Voltar para o cliente'). */
  label: string;
  onClick: () => void;
  /** Its size; 40 px by default. */
  className?: string;
};

/** The ‹ at the start of a screen's header. */
export function BackButton({ label, onClick, className = "size-5" }: BackButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn("grid shrink-0 cursor-pointer place-items-center rounded-theme hover:bg-surface-2", className)}
    >
      <ChevronLeft aria-hidden="true" className="size-2.5" strokeWidth={2.2} />
    </button>
  );
}

export type ScreenHeaderProps = {
  backLabel: string;
  onBack: () => void;
  client: { name: string; pictureUrl: string | null | undefined };
  /** The screen's name, small above the client's. */
  title?: string;
  /** The id of the h1 (the client's name), for a section it labels. */
  headingId?: string;
  /** The client's name becomes a button that opens the client's data (its tooltip, `clientActionLabel`). */
  onClientAction?: () => void;
  clientActionLabel?: string;
};

/**
 * A client's screen header: back, the client's logo and name (the page's h1), the screen's name above
 * it. The back button matches the height of the two lines on a phone.
 */
export function ScreenHeader({
  backLabel,
  onBack,
  client,
  title,
  headingId,
  onClientAction,
  clientActionLabel,
}: ScreenHeaderProps) {
  const avatar = <Avatar name={client.name} pictureUrl={client.pictureUrl} className="size-5" />;
  return (
    <div className="flex items-center gap-1">
      <BackButton label={backLabel} onClick={onBack} className={title ? "size-6 sm:size-5" : "size-5"} />
      {onClientAction ? (
        <h1 id={headingId} className="min-w-0 flex-1">
          <button
            type="button"
            onClick={onClientAction}
            title={clientActionLabel}
            aria-haspopup="dialog"
            className={
              "flex max-w-full cursor-pointer items-center gap-1 rounded-theme pr-1 text-left" + " hover:bg-surface-2"
            }
          >
            {avatar}
            <span className="truncate text-xl font-bold">{client.name}</span>
          </button>
        </h1>
      ) : (
        <>
          {avatar}
          <div className="min-w-0 flex-1">
            {title ? <p className="text-xs font-semibold text-muted">{title}</p> : null}
            <h1 id={headingId} className="truncate text-xl leading-tight font-bold">
              {client.name}
            </h1>
          </div>
        </>
      )}
    </div>
  );
}
