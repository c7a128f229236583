"use client";

import { CloudOff, FileText, Images } from "lucide-react";
import { useState } from "react";
import type { QueuedBlock } from "@/lib/api/send-queue";
import { formatDate, formatTime } from "@/lib/format/dates";
import { businessQueueMessages } from "@/lib/i18n/sections/businessQueue";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

const t = businessQueueMessages;

export type QueuedBlocksProps = {
  items: QueuedBlock[];
  /** The key of the block being sent, if any. */
  sending: string | null;
  onRetry: (item: QueuedBlock) => void;
  onDiscard: (item: QueuedBlock) => Promise<void>;
};

/**
 * 'Aguardando conexão': the blocks kept on this device (docs/decisions/0325-offline-send-queue.md), oldest
 * first. A waiting one says so (or 'Enviando…' while it goes); one the server refused shows the server's
 * reason. Each offers 'Tentar de novo' (the connection may be back without an `online` event) and
 * 'Descartar' (after a confirmation: its photos exist nowhere else); neither while it is being sent.
 */
export function QueuedBlocks({ items, sending, onRetry, onDiscard }: QueuedBlocksProps) {
  const [discarding, setDiscarding] = useState<QueuedBlock | null>(null);
  const [busy, setBusy] = useState(false);
  if (items.length === 0 && discarding === null) return null;
  return (
    <section
      aria-labelledby="queued-blocks-title"
      data-testid="queued-blocks"
      className="flex flex-col gap-1 rounded-theme border border-border bg-surface p-1.5 sm:p-2"
    >
      <div className="flex items-center gap-1">
        <CloudOff aria-hidden="true" className="size-2.5 shrink-0 text-muted" strokeWidth={1.8} />
        <h2 id="queued-blocks-title" className="text-base font-semibold">
          {t.title} <span className="text-muted tabular-nums">({items.length})</span>
        </h2>
      </div>
      <p className="text-sm text-muted">{t.intro}</p>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.key}>
            <QueuedItem
              item={item}
              sending={sending === item.key}
              onRetry={() => onRetry(item)}
              onDiscard={() => setDiscarding(item)}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => {
          if (!open) setDiscarding(null);
        }}
        title={t.discardTitle}
        text={t.discardText}
        tone="danger"
        loading={busy}
        onConfirm={() => {
          if (!discarding) return;
          setBusy(true);
          void onDiscard(discarding).finally(() => {
            setBusy(false);
            setDiscarding(null);
          });
        }}
      />
    </section>
  );
}

function QueuedItem({
  item,
  sending,
  onRetry,
  onDiscard,
}: {
  item: QueuedBlock;
  sending: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const refused = item.state === "refused";
  const titleId = `queued-${item.key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="queued-block"
      data-state={sending ? "sending" : item.state}
      className={cn(
        "flex flex-col gap-1 rounded-theme border p-1",
        refused ? "border-danger/40 bg-danger-soft" : "border-border bg-surface-2",
      )}
    >
      <div className="flex min-w-0 items-start gap-1">
        <Thumbs item={item} />
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 id={titleId} className="text-sm font-semibold">
            {t.block(item.body.length)}
          </h3>
          <p className="text-xs text-muted tabular-nums">
            {t.savedAt(formatDate(item.queuedAt), formatTime(item.queuedAt))}
          </p>
          {refused ? null : (
            <p className="text-sm font-semibold text-fg" role="status">
              {sending ? t.sending : t.waiting}
            </p>
          )}
        </div>
      </div>
      {refused ? (
        <div role="alert" className="flex flex-col gap-0.5 text-sm text-danger">
          <p className="font-semibold">{t.refused}</p>
          <p>{item.reason}</p>
        </div>
      ) : null}
      {sending ? null : (
        <div className="flex flex-wrap gap-1">
          <Button variant="secondary" className="h-5.5" onClick={onRetry}>
            {t.retry}
          </Button>
          <Button variant="ghost" className="h-5.5 text-danger" onClick={onDiscard}>
            {t.discard}
          </Button>
        </div>
      )}
    </article>
  );
}

/** Up to three thumbnails; a gallery document or a PDF (no thumbnail kept here) shows an icon. */
function Thumbs({ item }: { item: QueuedBlock }) {
  const shown = item.body.slice(0, 3);
  return (
    <ul aria-hidden="true" className="flex shrink-0 gap-0.5">
      {shown.map((entry, index) => {
        const thumb = item.thumbs[index];
        return (
          <li
            key={String(entry.id)}
            className="grid size-5 place-items-center overflow-hidden rounded-theme border border-border bg-surface"
          >
            {thumb ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data URL kept on the device
              <img src={thumb} alt="" className="size-full object-cover" />
            ) : typeof entry.id === "number" ? (
              <Images className="size-2.5 text-muted" strokeWidth={1.8} />
            ) : (
              <FileText className="size-2.5 text-muted" strokeWidth={1.8} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
