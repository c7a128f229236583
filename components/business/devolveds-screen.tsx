"use client";

import { useOnceInFlight } from "@/lib/api/use-once-in-flight";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  businessKeys,
  useDevolvedDocuments,
  useRemoveDocument,
  useRestoreDocument,
  type ReturnedDocument,
} from "@/lib/api/business";
import { deadlineLabel, nextDeadlineChange } from "@/lib/format/countdown";
import { formatDate, formatTime } from "@/lib/format/dates";
import { businessConfirmMessages } from "@/lib/i18n/sections/businessConfirm";
import { businessDevolvedMessages } from "@/lib/i18n/sections/businessDevolved";
import { businessNavMessages } from "@/lib/i18n/sections/businessNav";
import { businessPanelMessages } from "@/lib/i18n/sections/businessPanel";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import { commonMessages } from "@/lib/i18n/sections/common";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { BusinessFrame } from "./business-frame";
import { Countdown } from "./countdown";
import { DocumentsPreview } from "./lazy-documents-preview";
import { NoticeBanner, type Notice } from "./notice-banner";
import { DocumentActions, Icon } from "./document-actions";
import { PreviewPane } from "./preview-pane";

const t = businessDevolvedMessages;

/** 'N dias' / '1 dia' / HH:mm:ss (spec §4), from the pure rule of lib/format/countdown.ts. */
function deadlineText(msLeft: number): string {
  const label = deadlineLabel(msLeft);
  return label.kind === "days" ? t.days(label.days) : label.text;
}

/**
 * /devolveds 'Devolvidos' (spec §2, §4 Returned document): the documents the office
 * returned, soonest deadline first, each with its name, the countdown to its automatic deletion, and
 * restore (back to the gallery as rescued), download and delete (after confirmation). The selected one
 * previews large.
 */
export function DevolvedsScreen() {
  const documents = useDevolvedDocuments();
  const restore = useRestoreDocument();
  const remove = useRemoveDocument();
  const once = useOnceInFlight();
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ReturnedDocument | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const showSpinner = useDelayed(documents.isPending);
  const list = documents.data ?? [];
  const selected = list.find((doc) => doc.id === selectedId) ?? null;

  const done = (doc: ReturnedDocument, text: string) => {
    if (selectedId === doc.id) setSelectedId(null);
    setNotice({ tone: "ok", text });
  };
  const onRestore = (doc: ReturnedDocument) =>
    once((settled) => {
      setNotice(null);
      restore.mutate(doc.id, {
        onSuccess: () => done(doc, t.restored),
        onError: (cause) => setNotice({ tone: "error", text: cause.message }),
        onSettled: settled,
      });
    });
  const onRemove = () => {
    const doc = removing;
    if (!doc) return;
    setNotice(null);
    once((settled) =>
      remove.mutate(doc.id, {
        onSettled: settled,
        onSuccess: () => {
          setRemoving(null);
          done(doc, t.removed);
        },
        onError: (cause) => {
          setRemoving(null);
          setNotice({ tone: "error", text: cause.message });
        },
      }),
    );
  };
  // At its deadline the server's job deletes the document: the list asks again.
  const onDeadline = () => void queryClient.invalidateQueries({ queryKey: businessKeys.devolved });

  const busyId = restore.isPending ? restore.variables : remove.isPending ? remove.variables : null;

  return (
    <BusinessFrame title={businessNavMessages.devolveds}>
      <div className="grid min-w-0 grid-cols-1 gap-2 lg:grid-cols-[minmax(0,1fr)_420px] xl:grid-cols-[minmax(0,1fr)_520px]">
        <section
          aria-label={t.list}
          className="flex min-w-0 flex-col gap-1.5 self-start rounded-theme border border-border bg-surface p-2"
        >
          {notice ? (
            <NoticeBanner notice={notice} onClose={() => setNotice(null)}>
              <Icon path="M6 6l12 12M18 6L6 18" />
            </NoticeBanner>
          ) : null}
          <div className="min-h-[240px]" aria-busy={documents.isPending || undefined}>
            {documents.isPending ? (
              showSpinner ? (
                <p role="status" className="flex items-center gap-1 py-2 text-sm text-muted">
                  <Spinner /> {commonMessages.loading}
                </p>
              ) : null
            ) : documents.isError ? (
              <div role="alert" className="flex flex-col items-start gap-1 py-1 text-sm text-danger">
                <p>{documents.error.message}</p>
                <Button variant="secondary" onClick={() => void documents.refetch()}>
                  {clientDetailMessages.retry}
                </Button>
              </div>
            ) : list.length === 0 ? (
              <p className="py-3 text-center text-sm text-muted">{t.noDocuments}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {list.map((doc) => (
                  <li
                    key={doc.id}
                    data-testid="devolved-document"
                    data-document-id={doc.id}
                    className={cn(
                      "flex flex-wrap items-center gap-1 rounded-theme border p-0.75 transition-colors sm:flex-nowrap",
                      doc.id === selectedId ? "border-primary bg-primary-soft" : "border-border",
                    )}
                  >
                    <button
                      type="button"
                      aria-pressed={doc.id === selectedId}
                      onClick={() => setSelectedId(doc.id === selectedId ? null : doc.id)}
                      className="flex min-h-5.5 min-w-0 flex-1 basis-full cursor-pointer items-center gap-1 rounded-theme p-0.25 text-left outline-none hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-primary sm:basis-auto"
                    >
                      {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring URLs */}
                      <img
                        src={doc.thumbnailUrl}
                        alt=""
                        className="size-6 shrink-0 rounded-theme bg-canvas object-cover"
                        draggable={false}
                      />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate text-sm font-semibold" data-testid="devolved-name">
                          {doc.name}
                        </span>
                        <span className="truncate text-xs text-muted">
                          {t.returnedOn(`${formatDate(doc.devolvedDatetime)} ${formatTime(doc.devolvedDatetime)}`)}
                        </span>
                        {doc.devolveReason ? (
                          <span
                            className="line-clamp-2 text-xs break-words whitespace-pre-line text-fg"
                            data-testid="devolved-reason"
                          >
                            <span className="font-semibold">{t.reason}: </span>
                            {doc.devolveReason}
                          </span>
                        ) : null}
                      </span>
                    </button>
                    <Countdown
                      until={Date.parse(doc.date)}
                      format={deadlineText}
                      next={nextDeadlineChange}
                      onEnd={onDeadline}
                      label={t.deletesIn}
                      className="mr-auto ml-0.5 shrink-0 rounded-full bg-surface-2 px-1 py-0.25 text-xs font-semibold tabular-nums sm:mr-0"
                    />
                    <DocumentActions
                      doc={doc}
                      busy={busyId === doc.id}
                      onRestore={() => onRestore(doc)}
                      onRemove={() => setRemoving(doc)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <PreviewPane
          title={selected?.name ?? businessPanelMessages.preview}
          subtitle={selected ? t.returnedOn(formatDate(selected.devolvedDatetime)) : undefined}
          empty={t.selectDocument}
          onClose={() => setSelectedId(null)}
          closeLabel={t.closePreview}
          testId="devolved-preview"
          actions={
            selected ? (
              <DocumentActions
                doc={selected}
                busy={busyId === selected.id}
                onRestore={() => onRestore(selected)}
                onRemove={() => setRemoving(selected)}
              />
            ) : undefined
          }
        >
          {selected ? (
            <>
              {selected.devolveReason ? (
                <p
                  className="mx-1 mt-1 rounded-theme border border-border bg-surface-2 px-1 py-0.5 text-sm break-words whitespace-pre-line"
                  data-testid="devolved-preview-reason"
                >
                  <span className="font-semibold">{t.reason}: </span>
                  {selected.devolveReason}
                </p>
              ) : null}
              <DocumentsPreview
                key={selected.id}
                urls={[selected.url]}
                thumbs={[selected.thumbnailUrl]}
                className="flex-1"
              />
            </>
          ) : null}
        </PreviewPane>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => open || setRemoving(null)}
        text={businessConfirmMessages.removeDocument}
        tone="danger"
        onConfirm={onRemove}
        loading={remove.isPending}
      />
    </BusinessFrame>
  );
}
