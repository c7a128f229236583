"use client";

import { useState, type RefObject } from "react";
import type { Block } from "@/lib/contract/blocks";
import type { ContabilizationAccount } from "@/lib/contract/contabilization";
import { contabilizationDeskMessages } from "@/lib/i18n/sections/contabilizationDesk";
import { blockCardDate, blockCardValue } from "@/components/blocks/block-card-format";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";

const t = contabilizationDeskMessages;

export type NextBlockProps = {
  account: ContabilizationAccount;
  pending: boolean;
  error: string | null;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onNext: (block: Block) => void;
  onView: (block: Block) => void;
  onHistory: () => void;
};

/**
 * The chosen account's next block to post (spec §2): Data, Valor, the first document (the operator types
 * the entry from it; 'Ver documentos' opens the read-only viewer with every page) and Proximo, which
 * posts it. With nothing left: 'Sem blocos!', disabled — through aria-disabled, so the focus stays on it
 * after the last post and the keyboard user hears the state.
 */
export function NextBlock({ account, pending, error, buttonRef, onNext, onView, onHistory }: NextBlockProps) {
  const block = account.next;
  const none = block === null;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-1">
        <div className="min-w-0">
          <h2 id="next-block-title" className="text-lg leading-tight font-bold">
            {account.code} - {account.description}
          </h2>
          <p className="text-sm text-muted" data-testid="next-count">
            {t.toPost(account.uncontabilizedCount)}
          </p>
        </div>
        <Button variant="secondary" className="h-6 sm:h-5" onClick={onHistory} aria-haspopup="dialog">
          {t.history}
        </Button>
      </div>
      {block ? (
        <div
          className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_240px]"
          data-testid="next-block"
          data-block-id={block.id}
        >
          <div className="flex flex-col gap-1">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t.nextBlock}</p>
            <dl className="grid grid-cols-2 gap-1">
              <div className="rounded-theme bg-surface-2 px-1.5 py-1">
                <dt className="text-xs font-semibold text-muted">{t.date}</dt>
                <dd className="text-xl font-bold tabular-nums">{blockCardDate(block)}</dd>
              </div>
              <div className="rounded-theme bg-surface-2 px-1.5 py-1">
                <dt className="text-xs font-semibold text-muted">{t.value}</dt>
                <dd className="text-xl font-bold tabular-nums">{blockCardValue(block) ?? t.noValue}</dd>
              </div>
            </dl>
          </div>
          <DocumentPreview key={block.id} block={block} onView={() => onView(block)} />
        </div>
      ) : null}
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center">
        <button
          ref={buttonRef}
          type="button"
          aria-disabled={none || pending || undefined}
          aria-busy={pending || undefined}
          data-testid="next-button"
          className={cn(
            "inline-flex h-6 min-w-[200px] shrink-0 items-center justify-center gap-1 rounded-theme px-3 " +
              "text-[15px] font-semibold transition-colors duration-150 outline-none focus-visible:ring-2 " +
              "focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:ring-offset-surface",
            none || pending
              ? "cursor-not-allowed bg-border-strong text-surface"
              : "cursor-pointer bg-primary text-primary-fg shadow-sm hover:bg-primary-hover",
          )}
          onClick={() => {
            if (block && !pending) onNext(block);
          }}
        >
          {pending ? <Spinner /> : null}
          {none ? t.noBlocks : t.next}
        </button>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}

/**
 * The first page of the block, kept at the address it first loaded from: the poll brings the block with
 * freshly signed addresses every 5 s, and a new src would fetch the same picture again each time.
 */
function DocumentPreview({ block, onView }: { block: Block; onView: () => void }) {
  const latest = block.thumbnailsUrl[0] ?? block.documentsUrl[0] ?? null;
  const [src, setSrc] = useState(latest);
  const [failed, setFailed] = useState(false);
  const count = block.documentsUrl.length;
  return (
    <button
      type="button"
      onClick={onView}
      aria-haspopup="dialog"
      className={
        "group flex cursor-pointer flex-col overflow-hidden rounded-theme border " +
        "border-border bg-surface-2 text-left outline-none hover:border-primary " +
        "focus-visible:ring-2 focus-visible:ring-primary"
      }
    >
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- a signed, expiring address of our own file route
        <img
          src={src}
          alt={t.documentPreview}
          onError={() => {
            // an expired address: once, the poll's newest one
            if (!failed && latest && latest !== src) setSrc(latest);
            setFailed(true);
          }}
          className="h-[140px] w-full object-cover object-top"
        />
      ) : null}
      <span className="flex min-h-5 items-center justify-between gap-1 px-1 text-sm font-semibold whitespace-nowrap">
        <span>{t.viewDocuments}</span>
        <span className="text-xs font-normal text-muted">{t.documents(count)}</span>
      </span>
    </button>
  );
}
