import "server-only";
import type { HistoryChange, HistoryDetail, HistoryEntry, HistoryKind } from "@/lib/contract/history";
import type { SourceRow } from "./sources";

type Side = { accountId?: unknown; account?: unknown; code?: unknown; date?: unknown; value?: unknown };

const text = (value: unknown): string | null =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;

/** The account of one side of a save's event: "code description", or the code alone (older events). */
function accountOf(side: Side): string | null {
  return text(side.account) ?? text(side.code);
}

/**
 * What a categorisation changed, from its event's before/after (or, read from the columns, the after
 * alone): the fields whose value differs. An event older than the before's date and value shows them
 * as set from empty.
 */
export function categorizationChanges(data: unknown): HistoryChange[] {
  const record = (data ?? {}) as { before?: Side; after?: Side };
  const before = record.before ?? {};
  const after = record.after ?? {};
  const changes: HistoryChange[] = [];
  const sameAccount = before.accountId !== undefined && before.accountId === after.accountId;
  if (!sameAccount && accountOf(before) !== accountOf(after))
    changes.push({ field: "account", before: accountOf(before), after: accountOf(after) });
  for (const [field, key] of [
    ["paymentDate", "date"],
    ["value", "value"],
  ] as const) {
    const was = text(before[key]);
    const now = text(after[key]);
    if (was !== now) changes.push({ field, before: was, after: now });
  }
  return changes;
}

function detailOf(kind: HistoryKind, data: unknown): HistoryDetail {
  const record = (data ?? {}) as Record<string, unknown>;
  switch (kind) {
    case "categorized":
      return { changes: categorizationChanges(data) };
    case "contabilized":
    case "contabilization_undone":
      return { via: record.via === "mobile" ? "mobile" : "desktop" };
    case "pendency_raised":
      return { issue: Number(record.issue), observations: text(record.observations) ?? "" };
    case "pendency_solved":
      return { closedByDevolve: record.closedByDevolve === true };
    case "devolved":
      return { reason: text(record.reason) };
    case "imported":
      return { key: text(record.key) };
    case "exported":
      return { format: text(record.format) ?? "", postings: Number(record.postings ?? 0) };
    default:
      return null;
  }
}

/** One source row as the wire's entry. */
export function entryOf(row: SourceRow): HistoryEntry {
  const kind = row.kind as HistoryKind;
  return {
    kind,
    at: new Date(row.at).toISOString(),
    by: row.byId === null ? null : { id: Number(row.byId), name: row.byName ?? "" },
    detail: detailOf(kind, typeof row.detail === "string" ? JSON.parse(row.detail) : row.detail),
  };
}
