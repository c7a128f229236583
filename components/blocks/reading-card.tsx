import { CopyCheck, Download, FileCode2, ShieldAlert, X } from "lucide-react";
import { useId, useState } from "react";
import { useDismissDuplicate } from "@/lib/api/blocks";
import type { BlockReadingAnswer, DocumentSource } from "@/lib/fiscal/reading-view";
import { formatIsoDate, formatKey, formatTaxId } from "@/lib/fiscal/reading-view";
import { decimalTextToCents, formatCents } from "@/lib/format/money";
import { readingMessages } from "@/lib/i18n/sections/reading";

const t = readingMessages;

export type ReadingCardProps = {
  reading: BlockReadingAnswer | null;
  /** The documents answer's: who imported it, and per document the file it came as (viewer only). */
  importedBy?: string | null;
  sources?: readonly DocumentSource[];
  /** The reading's date the form could not take (categorization): said beside the form. */
  outside?: string | null;
  /** Opens another block read-only ('Possível duplicado'). */
  onOpenBlock?: (blockId: number) => void;
  /** The block shown, where an office operator may say another is 'Não é duplicado' (none: no button). */
  dismiss?: { clientId: number; blockId: number };
  /** h3 under the viewer's dialog title; h2 where the page's h1 comes right before (categorization). */
  headingLevel?: 2 | 3;
};

const chip = "inline-flex items-center gap-0.5 rounded-full px-1 py-px text-xs font-semibold";

/**
 * What the block's documents say, beside its form: the source and kind, the supplier and its CNPJ, the
 * date (due date of a boleto, issue date of a note) and value, the key in groups of four; each source
 * file's marks and download; who imported it; the other blocks with the same key.
 */
export function ReadingCard({
  reading: given,
  importedBy,
  sources = [],
  outside,
  onOpenBlock,
  dismiss,
  headingLevel = 3,
}: ReadingCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const SubHeading = headingLevel === 2 ? "h3" : "h4";
  const titleId = useId();
  const duplicateId = useId();
  // Dismissed here: gone at once, before the reloaded answers say so too.
  const [dismissed, setDismissed] = useState<readonly number[]>([]);
  const duplicates = given ? given.duplicateOf.filter((id) => !dismissed.includes(id)) : [];
  // A reading that only said duplicates, all dismissed here, says nothing any more.
  const reading = given && (given.source !== null || duplicates.length > 0) ? given : null;
  const files = sources.flatMap((source, index) => (source ? [{ source, index }] : []));
  if (!reading && !importedBy && files.length === 0) return null;
  const boleto = reading?.model === "boleto" || reading?.model === "arrecadacao";
  const cents = reading?.value ? decimalTextToCents(reading.value) : null;
  const ocr = reading?.source === "ocr";
  return (
    <section
      aria-labelledby={titleId}
      data-testid="reading-card"
      className="flex flex-col gap-1 rounded-theme border border-border bg-surface-2/60 p-1.5 text-sm"
    >
      <div className="flex flex-wrap items-center gap-0.5">
        <Heading id={titleId} className="mr-auto flex items-center gap-0.5 font-bold">
          <FileCode2 aria-hidden="true" className="size-2 text-primary" />
          {t.title}
        </Heading>
        {reading?.source ? (
          <span
            data-testid="reading-source"
            className={`${chip} ${ocr ? "bg-status-pendency/15 text-fg" : "bg-primary-soft text-primary"}`}
          >
            {t.source[reading.source]}
          </span>
        ) : null}
        {reading?.model ? <span className={`${chip} bg-surface text-fg`}>{t.model[reading.model]}</span> : null}
      </div>
      {importedBy ? <p className="text-xs text-muted">{t.importedBy(importedBy)}</p> : null}
      {reading?.confidence != null ? (
        <p className="text-xs text-muted">{t.confidence(Math.round(reading.confidence * 100))}</p>
      ) : null}
      {reading?.source ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-1 gap-y-0.5">
          {reading.supplierName ? <Row label={t.supplier} value={reading.supplierName} /> : null}
          {reading.cnpj ? <Row label={t.document} value={formatTaxId(reading.cnpj)} mono /> : null}
          {reading.date ? (
            <Row
              label={t.date}
              value={boleto ? t.dueOn(formatIsoDate(reading.date)) : t.issuedOn(formatIsoDate(reading.date))}
            />
          ) : null}
          {cents !== null ? <Row label={t.value} value={formatCents(cents)} /> : null}
          {reading.key ? <Row label={boleto ? t.barcode : t.key} value={formatKey(reading.key)} mono /> : null}
        </dl>
      ) : null}
      {outside ? (
        <p data-testid="reading-outside" className="rounded-theme bg-status-pendency/10 px-1 py-0.5 text-xs">
          <strong className="font-semibold">
            {boleto ? t.dueOn(formatIsoDate(outside)) : t.issuedOn(formatIsoDate(outside))}
          </strong>{" "}
          — {t.outsideRange}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="flex flex-col gap-0.5">
          {files.map(({ source, index }) => (
            <li key={index} className="flex flex-wrap items-center gap-0.5">
              {files.length > 1 || sources.length > 1 ? (
                <span className="text-xs text-muted">{t.marksOf(index + 1)}</span>
              ) : null}
              {source.marks.map((mark) => (
                <span key={mark} className={`${chip} bg-danger-soft text-danger`}>
                  <ShieldAlert aria-hidden="true" className="size-1.5" />
                  {t.marks[mark]}
                </span>
              ))}
              <a
                href={source.url}
                download={source.name}
                className={
                  "ml-auto inline-flex items-center gap-0.5 rounded-theme px-0.5 font-semibold text-primary" +
                  " underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-primary"
                }
              >
                <Download aria-hidden="true" className="size-2" />
                {source.mime.includes("pdf") ? t.downloadPdf : t.downloadXml}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {reading && duplicates.length > 0 ? (
        <section
          aria-labelledby={duplicateId}
          data-testid="reading-duplicate"
          className="flex flex-col gap-0.5 rounded-theme border border-status-pendency/50 bg-status-pendency/10 p-1"
        >
          <SubHeading id={duplicateId} className="flex items-center gap-0.5 font-semibold">
            <CopyCheck aria-hidden="true" className="size-2" />
            {t.duplicate}
          </SubHeading>
          <p className="text-xs text-muted">{t.duplicateHint}</p>
          <ul className="flex flex-col gap-0.5">
            {duplicates.map((id) => (
              <li key={id} data-testid="reading-duplicate-item" className="flex flex-wrap items-center gap-x-0.5">
                <button
                  type="button"
                  aria-label={t.duplicateOpen(id)}
                  disabled={!onOpenBlock}
                  onClick={() => onOpenBlock?.(id)}
                  className={
                    "inline-flex min-h-3 cursor-pointer items-center rounded-theme px-0.5 text-sm font-semibold" +
                    " text-primary underline underline-offset-2 outline-none focus-visible:ring-2" +
                    " focus-visible:ring-primary disabled:cursor-default disabled:text-fg disabled:no-underline"
                  }
                >
                  {t.duplicateLink(id)}
                </button>
                <span data-testid="reading-duplicate-reasons" className="mr-auto text-xs">
                  {reading.duplicateReasons
                    .filter((reason) => reason.blockId === id)
                    .map((reason) => t.duplicateReason[reason.reason])
                    .join(", ")}
                </span>
                {dismiss ? (
                  <DismissButton
                    clientId={dismiss.clientId}
                    blockId={dismiss.blockId}
                    otherBlockId={id}
                    onDismissed={() => setDismissed((ids) => [...ids, id])}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

/** 'Não é duplicado' for one other block; a failure is said beside it. */
function DismissButton({
  clientId,
  blockId,
  otherBlockId,
  onDismissed,
}: {
  clientId: number;
  blockId: number;
  otherBlockId: number;
  onDismissed: () => void;
}) {
  const dismiss = useDismissDuplicate(clientId);
  return (
    <>
      <button
        type="button"
        aria-label={t.duplicateDismissLabel(otherBlockId)}
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate({ blockId, otherBlockId }, { onSuccess: onDismissed })}
        className={
          "inline-flex min-h-3 cursor-pointer items-center gap-0.5 rounded-theme border border-border" +
          " bg-surface px-0.5 text-xs font-semibold text-fg outline-none hover:bg-surface-2 focus-visible:ring-2" +
          " focus-visible:ring-primary disabled:cursor-wait disabled:opacity-70"
        }
      >
        <X aria-hidden="true" className="size-1.5" />
        {t.duplicateDismiss}
      </button>
      {dismiss.isError ? (
        <span role="alert" className="w-full text-xs text-danger">
          {dismiss.error.message || t.duplicateDismissFailed}
        </span>
      ) : null}
    </>
  );
}

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <>
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className={mono ? "font-mono text-xs break-words tabular-nums" : "break-words"}>{value}</dd>
    </>
  );
}
