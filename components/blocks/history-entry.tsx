import type { JSX } from "react";
import type { HistoryChange, HistoryEntry } from "@/lib/contract/history";
import { formatCalendarDate, formatDate, formatTime } from "@/lib/format/dates";
import { decimalTextToCents, formatCents } from "@/lib/format/money";
import { historyMessages } from "@/lib/i18n/sections/history";

const t = historyMessages;

function fieldValue(field: HistoryChange["field"], value: string | null): string {
  if (value === null) return t.none;
  if (field === "paymentDate") return formatCalendarDate(`${value}T00:00:00.000Z`);
  if (field === "value") {
    const cents = decimalTextToCents(value);
    return cents === null ? value : formatCents(cents);
  }
  return value;
}

/** The entry's detail in words, one line each (empty: nothing to add). */
export function detailLines(entry: HistoryEntry): string[] {
  const detail = entry.detail;
  if (!detail) return [];
  switch (entry.kind) {
    case "categorized":
      return (detail.changes ?? []).map((change) =>
        change.before === null
          ? t.set(t.fields[change.field], fieldValue(change.field, change.after))
          : t.change(
              t.fields[change.field],
              fieldValue(change.field, change.before),
              fieldValue(change.field, change.after),
            ),
      );
    case "pendency_raised":
      return [t.pendencyIssue(t.issues[detail.issue ?? 0] ?? String(detail.issue), detail.observations ?? "")];
    case "pendency_solved":
      return detail.closedByDevolve ? [t.closedByDevolve] : [];
    case "contabilized":
    case "contabilization_undone":
      return detail.via === "mobile" ? [t.viaMobile] : [];
    case "devolved":
      return detail.reason ? [t.devolveReason(detail.reason)] : [];
    case "imported":
      return detail.key ? [t.importedKey(detail.key)] : [];
    case "exported":
      return [t.exportedAs(detail.format ?? "", detail.postings ?? 0)];
    default:
      return [];
  }
}

/** Who and when: 'Ana Souza, 10/05/2026 às 12:00' (the time alone when nobody is known). */
export function whoAndWhen(entry: HistoryEntry): string {
  const when = t.when(formatDate(entry.at), formatTime(entry.at));
  return entry.by ? t.byWhen(entry.by.name, when) : when;
}

/** One entry: its kind, who and when (a <time>), and its detail in words. */
export function HistoryEntryView({ entry, extra }: { entry: HistoryEntry; extra?: JSX.Element }): JSX.Element {
  const lines = detailLines(entry);
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <div className="flex flex-wrap items-baseline gap-x-1">
        <span className="text-sm font-semibold text-fg">{t.kinds[entry.kind]}</span>
        {extra}
      </div>
      <time dateTime={entry.at} className="text-xs text-muted">
        {whoAndWhen(entry)}
      </time>
      {lines.map((line, index) => (
        <p key={index} className="text-xs break-words text-fg">
          {line}
        </p>
      ))}
    </div>
  );
}
