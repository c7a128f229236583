import { CircleCheck, CircleX, CopyCheck, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { ImportResult, ImportStatus } from "@/lib/contract/fiscal";
import { tally } from "@/lib/fiscal/import-batches";
import { formatKey } from "@/lib/fiscal/reading-view";
import { fiscalImportMessages } from "@/lib/i18n/sections/fiscalImport";
import { cn } from "@/components/ui/cn";

const t = fiscalImportMessages;

/** How a result's block is reached: a link (business) or a button opening the viewer (office). */
export type BlockAction = (blockId: number, label: string) => ReactNode;

const look: Record<ImportStatus, { icon: LucideIcon; tone: string }> = {
  created: { icon: CircleCheck, tone: "bg-status-contabilized/15 text-fg" },
  duplicate: { icon: CopyCheck, tone: "bg-status-pendency/15 text-fg" },
  invalid: { icon: CircleX, tone: "bg-danger-soft text-danger" },
};

/** '3 blocos criados, 1 arquivo inválido' (only the non-zero parts). */
export function summaryLine(results: readonly ImportResult[]): string {
  const counts = tally(results);
  const parts = [
    counts.created > 0 ? t.created(counts.created) : null,
    counts.duplicate > 0 ? t.duplicates(counts.duplicate) : null,
    counts.invalid > 0 ? t.invalid(counts.invalid) : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? t.nothing : parts.join(", ");
}

/** The results, problems first: an invalid file's message, a duplicate's block, a created one's block. */
export function ImportResults({
  results,
  blockAction,
}: {
  results: readonly ImportResult[];
  blockAction?: BlockAction;
}) {
  const order: Record<ImportStatus, number> = { invalid: 0, duplicate: 1, created: 2 };
  const sorted = results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => order[a.result.status] - order[b.result.status] || a.index - b.index);
  return (
    <ul aria-label={t.results} data-testid="import-results" className="@container flex flex-col gap-0.5">
      {sorted.map(({ result, index }) => {
        const { icon: Icon, tone } = look[result.status];
        const blockIds = result.blockId !== undefined ? [result.blockId] : (result.duplicateOf ?? []);
        return (
          <li
            key={index}
            data-testid="import-result"
            data-status={result.status}
            className="flex flex-col gap-0.25 rounded-theme border border-border bg-surface px-1 py-0.75"
          >
            <div className="flex min-w-0 flex-wrap items-center gap-x-1 gap-y-0.5">
              <span
                className={cn(
                  "inline-flex shrink-0 items-center gap-0.5 rounded-full px-0.75 py-px text-xs font-semibold",
                  tone,
                )}
                title={t.statusHint[result.status]}
              >
                <Icon aria-hidden="true" className="size-1.75" />
                {t.status[result.status]}
              </span>
              <span
                className={
                  "order-last min-w-0 basis-full text-sm font-medium [overflow-wrap:anywhere]" +
                  " @lg:order-none @lg:flex-1 @lg:basis-auto"
                }
              >
                {result.name}
              </span>
              {blockAction ? blockIds.map((id) => <span key={id}>{blockAction(id, t.openBlock(id))}</span>) : null}
            </div>
            {result.status === "invalid" && result.message ? (
              <p className="text-sm text-danger">{result.message}</p>
            ) : null}
            {result.status === "duplicate" ? <p className="text-xs text-muted">{t.statusHint.duplicate}</p> : null}
            {result.key && result.status !== "invalid" ? (
              <p className="font-mono text-[11px] text-muted tabular-nums">
                <span className="sr-only">{t.key}: </span>
                {formatKey(result.key)}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
