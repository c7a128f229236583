"use client";

import type { UploadState } from "@/lib/api/block-sender";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

const t = businessPanelMessages;

export type SendControl = {
  /** 'Enviar bloco' or, for a pendency, 'Enviar solução'. */
  label: string;
  onSend: () => void;
  /** A send is in flight. */
  busy: boolean;
  upload: UploadState;
  /** The last send's failure (the selection stays; the same ids go again). */
  error: string | null;
  /** After a send went through. */
  notice: string | null;
  /** The send waits for the connection (the mutation is paused offline and goes, once, when it returns). */
  offline?: boolean;
};

export type SendCardProps = SendControl & { disabled: boolean; className?: string };

/** The send button and the send's progress, failure or success (the strip shows how many are selected). */
export function SendCard({
  label,
  onSend,
  busy,
  upload,
  error,
  notice,
  offline = false,
  disabled,
  className,
}: SendCardProps) {
  return (
    <section
      aria-label={label}
      className={cn("flex flex-col gap-1.5 rounded-theme border border-border bg-surface p-1.5 sm:p-2", className)}
    >
      <Button size="lg" className="w-full" disabled={disabled} loading={busy} onClick={onSend}>
        {label}
      </Button>
      {busy ? <Progress upload={upload} offline={offline} /> : null}
      {error && !busy ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-1 rounded-theme bg-danger-soft px-1.5 py-1 text-sm text-danger"
        >
          <p className="font-semibold">{t.sendFailed}</p>
          <p>{error}</p>
          <Button variant="secondary" className="h-5.5" disabled={disabled} onClick={onSend}>
            {t.retry}
          </Button>
        </div>
      ) : null}
      <div aria-live="polite" className="empty:hidden">
        {notice && !busy && !error ? (
          <p className="rounded-theme bg-primary-soft px-1.5 py-1 text-sm font-semibold text-primary">{notice}</p>
        ) : null}
      </div>
    </section>
  );
}

/** A determinate bar while the body leaves (XMLHttpRequest upload progress), then the server's work. */
function Progress({ upload, offline }: { upload: UploadState; offline: boolean }) {
  const percent = upload.progress === null ? null : Math.round(upload.progress * 100);
  const text = offline
    ? t.offline
    : upload.phase === "processing"
      ? t.processing
      : upload.phase === "waiting"
        ? t.waiting
        : percent === null
          ? t.sending
          : t.uploading(percent);
  const determinate = upload.phase === "uploading" && percent !== null;
  return (
    <div className="flex flex-col gap-0.5">
      <div
        role="progressbar"
        aria-label={t.sending}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={determinate ? percent : undefined}
        aria-valuetext={text}
        className="h-1 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={cn(
            "h-full rounded-full bg-primary transition-[width] duration-200",
            determinate ? null : "animate-pulse",
          )}
          style={{ width: `${determinate ? percent : 100}%` }}
        />
      </div>
      <p
        role={offline ? "status" : undefined}
        className={cn("text-xs tabular-nums", offline ? "font-semibold text-fg" : "text-muted")}
      >
        {text}
      </p>
    </div>
  );
}
