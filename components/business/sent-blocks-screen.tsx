"use client";

import { useOnceInFlight } from "@/lib/api/use-once-in-flight";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useSentBlocks, useSentOperators, useUndoSent, type SentBlock } from "@/lib/api/business";
import { currentYearMonth, formatDate, formatTime, monthOptions, selectableYears } from "@/lib/format/dates";
import { businessNavMessages } from "@/lib/i18n/sections/businessNav";
import { businessSentMessages } from "@/lib/i18n/sections/businessSent";
import { clientDetailMessages } from "@/lib/i18n/sections/clientDetail";
import { cn } from "@/components/ui/cn";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { SelectField } from "@/components/ui/select-field";
import { BusinessFrame } from "./business-frame";
import type { DocumentsPreviewProps } from "./documents-preview";
import { PreviewPane } from "./preview-pane";
import { groupByDay, operatorOptions } from "./sent-rules";
import { TOUCH_TARGETS } from "./touch";
import { SentTile } from "./sent-tile";
import { ListBody, NoticeBanner, type Notice } from "./list-frame";

// The preview (the viewer's image stage, zoom and thumbnails) shows once a document is chosen: its
// script is fetched then, not with the page (scripts/measure-first-load.mjs).
const DocumentsPreview = lazyWhenOpen<DocumentsPreviewProps>(
  () => import("./documents-preview").then((module) => module.DocumentsPreview),
  () => true,
);

const t = businessSentMessages;
const d = clientDetailMessages;

const onAddressChange = (notify: () => void) => {
  window.addEventListener("popstate", notify);
  return () => window.removeEventListener("popstate", notify);
};

/** '/sentblock?bloco=12' (the links of 'Importar XML'): that block previewed once the list has it. */
function blockFromAddress(): number | null {
  const id = Number(new URLSearchParams(window.location.search).get("bloco"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /sentblock 'Blocos enviados' (spec §2, §4 Sent block): whose blocks (the caller as
 * 'Voce', colleagues who share), month and year; the blocks grouped by day, each with its time or, while
 * it can be undone, a live mm:ss countdown and the undo; the selected block's documents previewed.
 */
export function SentBlocksScreen() {
  const now = useMemo(() => currentYearMonth(), []);
  const [chosenOperator, setOperator] = useState<number | null>(null);
  const [year, setYear] = useState(now.year);
  const [month, setMonth] = useState(now.month);
  // The address's block until the user chooses; read as an external store, so a client-side navigation
  // that writes the address after this screen first renders is read again once it has.
  const addressed = useSyncExternalStore(onAddressChange, blockFromAddress, () => null);
  const [chosenId, setSelectedId] = useState<number | null | undefined>(undefined);
  const selectedId = chosenId === undefined ? addressed : chosenId;
  const [notice, setNotice] = useState<Notice | null>(null);

  const operators = useSentOperators();
  const options = useMemo(() => operatorOptions(operators.data ?? []), [operators.data]);
  const operatorId = chosenOperator ?? options[0]?.value ?? null;
  const blocks = useSentBlocks(operatorId, year, month);
  const undo = useUndoSent();
  const once = useOnceInFlight();

  const groups = useMemo(() => groupByDay(blocks.data ?? []), [blocks.data]);
  const selected = blocks.data?.find((block) => block.id === selectedId) ?? null;
  const years = useMemo(() => selectableYears().map((y) => ({ value: y, label: String(y) })), []);
  const loading = operators.isPending || (operatorId !== null && blocks.isPending);
  const failed = operators.isError ? operators : blocks.isError ? blocks : null;

  const onUndo = (block: SentBlock) => {
    setNotice(null);
    once((done) =>
      undo.mutate(block.id, {
        onSuccess: () => {
          if (selectedId === block.id) setSelectedId(null);
          setNotice({ tone: "ok", text: t.undone });
        },
        onError: (cause) => setNotice({ tone: "error", text: cause.message }),
        onSettled: done,
      }),
    );
  };
  const resetSelection = () => {
    setSelectedId(null);
    setNotice(null);
  };

  return (
    <BusinessFrame title={businessNavMessages.sentBlocks}>
      <div
        className={cn(
          "grid min-w-0 grid-cols-1 gap-2 lg:grid-cols-[minmax(0,1fr)_380px]",
          "xl:grid-cols-[minmax(0,1fr)_440px]",
        )}
      >
        <section
          aria-label={t.blocks}
          className={cn(
            "flex min-w-0 flex-col gap-1.5 self-start rounded-theme border border-border bg-surface p-2",
            TOUCH_TARGETS,
          )}
        >
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-[minmax(0,240px)_140px_110px]">
            <SelectField
              className="col-span-2 sm:col-span-1"
              label={t.operator}
              options={options}
              value={operatorId ?? ""}
              disabled={options.length === 0}
              onValueChange={(value) => (setOperator(Number(value)), resetSelection())}
            />
            <SelectField
              label={d.month}
              options={monthOptions}
              value={month}
              onValueChange={(value) => (setMonth(Number(value)), resetSelection())}
            />
            <SelectField
              label={d.year}
              options={years}
              value={year}
              onValueChange={(value) => (setYear(Number(value)), resetSelection())}
            />
          </div>

          <NoticeBanner notice={notice} onClose={() => setNotice(null)} />

          <ListBody loading={loading} failed={failed} empty={groups.length === 0} emptyText={t.noBlocks}>
            <div className="flex flex-col gap-2">
              {groups.map((group) => (
                <section key={group.day} aria-labelledby={`sent-day-${group.day}`} className="flex flex-col gap-1">
                  <h2 id={`sent-day-${group.day}`} className="text-sm font-semibold text-muted tabular-nums">
                    {group.day}
                  </h2>
                  <ul className="grid grid-cols-2 gap-1 min-[400px]:grid-cols-3 md:grid-cols-4 xl:grid-cols-6">
                    {group.blocks.map((block) => (
                      <li key={block.id}>
                        <SentTile
                          block={block}
                          selected={block.id === selectedId}
                          onSelect={() => setSelectedId(block.id === selectedId ? null : block.id)}
                          onUndo={() => onUndo(block)}
                          undoing={undo.isPending && undo.variables === block.id}
                        />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </ListBody>
        </section>

        <PreviewPane
          title={t.preview}
          subtitle={selected ? t.sentAt(formatDate(selected.date), formatTime(selected.date)) : undefined}
          empty={t.selectBlock}
          onClose={() => setSelectedId(null)}
          closeLabel={t.closePreview}
          testId="sent-preview"
        >
          {selected ? (
            <DocumentsPreview
              key={selected.id}
              urls={selected.documentsUrl}
              thumbs={selected.thumbnailsUrl}
              className="flex-1"
            />
          ) : null}
        </PreviewPane>
      </div>
    </BusinessFrame>
  );
}
