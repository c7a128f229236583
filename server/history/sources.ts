import "server-only";
import type { HistoryCursor, HistoryKind } from "@/lib/contract/history";

// The history's sources as SQL (docs/decisions/0285-block-and-client-history.md). Each source is one
// subquery over one index in the list's order (at, then its own key): the block's columns (sent or
// imported, devolved and undone are written once; categorised and contabilised only where no audit
// event tells them), the audit events of saves and postings, the block views, the pendencies raised
// and solved, the export records (one entry per exported block). A client's page asks each source for
// at most `limit` rows after the cursor and merges them: a page costs the same at any depth.

/** The sources, numbered: the number orders entries of one instant and is part of the cursor. */
export const SOURCE = {
  arrival: 1,
  categorizedColumn: 2,
  contabilizedColumn: 3,
  devolved: 4,
  undone: 5,
  event: 6,
  view: 7,
  pendencyRaised: 8,
  pendencySolved: 9,
  exported: 10,
} as const;

/** The audit actions the history reads, and the kind each tells. */
export const EVENT_KIND: Record<string, HistoryKind> = {
  "block.save": "categorized",
  "block.contabilize": "contabilized",
  "block.contabilize_undo": "contabilization_undone",
};

/** One row of any source, before the names are joined. */
export type SourceRow = {
  at: Date;
  source: number;
  k1: number;
  k2: number;
  blockId: number;
  kind: string;
  byId: number | null;
  byName: string | null;
  detail: unknown;
};

export type Scope =
  | { mode: "block"; blockId: number }
  | {
      mode: "client";
      clientId: number;
      limit: number;
      cursor: HistoryCursor | null;
      kind: HistoryKind | null;
      /** The office operator filtered on: its operator id and its user id. */
      operator: { operatorId: number; userId: number } | null;
      from: string | null;
      to: string | null;
    };

type Source = {
  source: number;
  kinds: HistoryKind[];
  /** Which operator column names an office operator (null: the source is the company's). */
  operatorColumn: string | null;
  at: string;
  k1: string;
  k2: string;
  owner: string;
  /** The scope's column for one block and for one client (by default the owner's block_id / id and client_id). */
  blockColumn?: string;
  clientColumn?: string;
  /** The row's kind, as SQL. */
  kind: string;
  /** The actor, as SQL: an accounting operator, a client operator or a user (NULL where the source has none). */
  accOp?: string;
  cliOp?: string;
  usr?: string;
  detail?: string;
  /** The FROM clause, and the condition every row of the source meets. */
  from: string;
  filter?: string;
};

const VALUE_TEXT = (cents: string) => `(${cents}::numeric / 100)::numeric(20, 2)::text`;

/** The source's column that names the block (the scope's column for one block). */
function blockColumn(source: Source): string {
  return source.blockColumn ?? `${source.owner}.${source.owner === "b" ? "id" : "block_id"}`;
}

/**
 * A source's subquery, given its WHERE conditions. Each source's rows: at, source, k1, k2, block_id, kind,
 * the actor (one of an accounting operator, a client operator, a user), detail.
 */
function sourceSelect(source: Source, where: string[]): string {
  const conditions = [...(source.filter ? [source.filter] : []), ...where];
  return `
      SELECT ${source.at} AS at, ${source.source} AS source, ${source.k1}::bigint AS k1, ${source.k2} AS k2,
             ${blockColumn(source)} AS block_id, ${source.kind} AS kind, (${source.accOp ?? "NULL"})::int AS acc_op,
             (${source.cliOp ?? "NULL"})::int AS cli_op, (${source.usr ?? "NULL"})::int AS usr,
             (${source.detail ?? "NULL"})::jsonb AS detail
        FROM ${source.from} WHERE ${conditions.join(" AND ")}`;
}

const SOURCES: Source[] = [
  {
    source: SOURCE.arrival,
    kinds: ["sent", "imported"],
    operatorColumn: "b.imported_by_id",
    at: "b.sent_at",
    k1: "b.id",
    k2: "0",
    owner: "b",
    kind: "CASE WHEN b.imported_key IS NULL THEN 'sent' ELSE 'imported' END",
    accOp: "b.imported_by_id",
    cliOp: "CASE WHEN b.imported_by_id IS NULL THEN b.sent_by_id END",
    detail: "CASE WHEN b.imported_key IS NULL THEN NULL ELSE jsonb_build_object('key', b.imported_key) END",
    from: "blocks b",
  },
  {
    source: SOURCE.categorizedColumn,
    kinds: ["categorized"],
    operatorColumn: "b.categorized_by_id",
    at: "b.categorized_at",
    k1: "b.id",
    k2: "0",
    owner: "b",
    kind: "'categorized'",
    accOp: "b.categorized_by_id",
    detail: `jsonb_build_object('after', jsonb_build_object(
               'account', (SELECT a.code || ' ' || a.description FROM accounts a WHERE a.id = b.account_id),
               'date', b.payment_date::text, 'value', ${VALUE_TEXT("b.value_cents")}))`,
    from: "blocks b",
    filter: "b.categorized_at IS NOT NULL AND NOT b.categorized_logged",
  },
  {
    source: SOURCE.contabilizedColumn,
    kinds: ["contabilized"],
    operatorColumn: "b.contabilized_by_id",
    at: "b.contabilized_at",
    k1: "b.id",
    k2: "0",
    owner: "b",
    kind: "'contabilized'",
    accOp: "b.contabilized_by_id",
    from: "blocks b",
    filter: "b.contabilized_at IS NOT NULL AND NOT b.contabilized_logged",
  },
  {
    source: SOURCE.devolved,
    kinds: ["devolved"],
    operatorColumn: "b.devolved_by_id",
    at: "b.devolved_at",
    k1: "b.id",
    k2: "0",
    owner: "b",
    kind: "'devolved'",
    accOp: "b.devolved_by_id",
    detail: "jsonb_build_object('reason', b.devolve_reason)",
    from: "blocks b",
    filter: "b.devolved_at IS NOT NULL",
  },
  {
    source: SOURCE.undone,
    kinds: ["undone"],
    operatorColumn: null,
    at: "b.undone_at",
    k1: "b.id",
    k2: "0",
    owner: "b",
    kind: "'undone'",
    cliOp: "b.sent_by_id",
    from: "blocks b",
    filter: "b.undone_at IS NOT NULL",
  },
  {
    source: SOURCE.event,
    kinds: ["categorized", "contabilized", "contabilization_undone"],
    operatorColumn: "e.actor_user_id",
    at: "e.at",
    k1: "e.id",
    k2: "0",
    owner: "e",
    kind: `CASE e.action WHEN 'block.save' THEN 'categorized' WHEN 'block.contabilize' THEN 'contabilized'
               ELSE 'contabilization_undone' END`,
    usr: "e.actor_user_id",
    detail: "e.data",
    from: "audit_events e",
    filter: "e.block_id IS NOT NULL",
  },
  {
    source: SOURCE.view,
    kinds: ["viewed"],
    operatorColumn: "v.operator_id",
    at: "v.viewed_at",
    k1: "v.block_id",
    k2: "v.operator_id",
    owner: "v",
    kind: "'viewed'",
    accOp: "v.operator_id",
    from: "block_views v",
  },
  {
    source: SOURCE.pendencyRaised,
    kinds: ["pendency_raised"],
    operatorColumn: "p.created_by_id",
    at: "p.created_at",
    k1: "p.id",
    k2: "0",
    owner: "p",
    kind: "'pendency_raised'",
    accOp: "p.created_by_id",
    detail: "jsonb_build_object('issue', p.issue, 'observations', p.observations)",
    from: "pendencies p",
  },
  {
    source: SOURCE.pendencySolved,
    kinds: ["pendency_solved"],
    operatorColumn: null,
    at: "p.solved_at",
    k1: "p.id",
    k2: "0",
    owner: "p",
    kind: "'pendency_solved'",
    cliOp: "p.solved_by_id",
    // A scalar subquery (one row by the key), never a hashed EXISTS over the whole table.
    detail: `jsonb_build_object('closedByDevolve', p.solved_by_id IS NULL AND COALESCE(
               (SELECT d.devolved_at FROM blocks d WHERE d.id = p.block_id) = p.solved_at, false))`,
    from: "pendencies p",
    filter: "p.solved_at IS NOT NULL",
  },
  {
    source: SOURCE.exported,
    kinds: ["exported"],
    operatorColumn: "x.by_id",
    at: "x.at",
    k1: "x.id",
    k2: "eb.block_id",
    owner: "x",
    blockColumn: "eb.block_id",
    clientColumn: "x.client_id",
    kind: "'exported'",
    accOp: "x.by_id",
    detail: "jsonb_build_object('format', x.format::text, 'postings', x.postings)",
    from: "exports x JOIN export_blocks eb ON eb.export_id = x.id",
  },
];

const EVENT_ACTIONS: Partial<Record<HistoryKind, string>> = {
  categorized: "block.save",
  contabilized: "block.contabilize",
  contabilization_undone: "block.contabilize_undo",
};

/** The one statement of a history: the sources' rows merged, with the actor's id and name. */
export function historyStatement(scope: Scope): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const bind = (value: unknown, cast: string) => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  const parts: string[] = [];
  // Each value is bound on its first use: a parameter no source reads would have no type (an error).
  const once = (value: unknown, cast: string) => {
    let ref: string | null = null;
    return () => (ref ??= bind(value, cast));
  };
  const scopeValue = once(scope.mode === "block" ? scope.blockId : scope.clientId, "int");
  const fromTs = scope.mode === "client" && scope.from ? once(scope.from, "date") : null;
  const toTs = scope.mode === "client" && scope.to ? once(scope.to, "date") : null;
  const cursorAt = scope.mode === "client" && scope.cursor ? once(scope.cursor.at, "timestamptz") : null;
  for (const source of SOURCES) {
    // A source the kind or the operator filter rules out is left out whole.
    if (scope.mode === "client" && scope.kind && !source.kinds.includes(scope.kind)) continue;
    if (scope.mode === "client" && scope.operator && !source.operatorColumn) continue;
    const where: string[] = [];
    const column = scope.mode === "block" ? blockColumn(source) : (source.clientColumn ?? `${source.owner}.client_id`);
    where.push(`${column} = ${scopeValue()}`);
    if (scope.mode === "client") {
      if (scope.kind) {
        if (source.source === SOURCE.arrival)
          where.push(scope.kind === "sent" ? "b.imported_key IS NULL" : "b.imported_key IS NOT NULL");
        if (source.source === SOURCE.event) where.push(`e.action = '${EVENT_ACTIONS[scope.kind]}'`);
      } else if (source.source === SOURCE.event) {
        where.push(`e.action IN ('block.save', 'block.contabilize', 'block.contabilize_undo')`);
      }
      if (scope.operator && source.operatorColumn) {
        const id = source.source === SOURCE.event ? scope.operator.userId : scope.operator.operatorId;
        where.push(`${source.operatorColumn} = ${bind(id, "int")}`);
      }
      if (fromTs) where.push(`${source.at} >= (${fromTs()}::timestamp AT TIME ZONE 'America/Sao_Paulo')`);
      if (toTs) where.push(`${source.at} < ((${toTs()} + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`);
      if (scope.cursor && cursorAt) {
        const c = scope.cursor;
        const at = cursorAt();
        if (source.source < c.source) where.push(`${source.at} <= ${at}`);
        else if (source.source > c.source) where.push(`${source.at} < ${at}`);
        else if (source.k2 === "0") where.push(`(${source.at}, ${source.k1}) < (${at}, ${bind(c.k1, "bigint")})`);
        else
          where.push(
            `(${source.at}, ${source.k1}, ${source.k2}) < (${at}, ${bind(c.k1, "bigint")}, ${bind(c.k2, "int")})`,
          );
      }
    } else if (source.source === SOURCE.event) {
      where.push(`e.action IN ('block.save', 'block.contabilize', 'block.contabilize_undo')`);
    }
    const keys = [source.at, source.k1, ...(source.k2 === "0" ? [] : [source.k2])];
    const order =
      scope.mode === "client" ? ` ORDER BY ${keys.map((c) => `${c} DESC`).join(", ")} LIMIT ${scope.limit + 1}` : "";
    parts.push(`(${sourceSelect(source, where)}${order})`);
  }
  if (parts.length === 0) parts.push(emptySource());
  const order = scope.mode === "client" ? "DESC" : "ASC";
  const limit = scope.mode === "client" ? ` LIMIT ${scope.limit + 1}` : "";
  const text = `
    SELECT x.at, x.source, x.k1, x.k2, x.block_id AS "blockId", x.kind, u.id AS "byId", u.name AS "byName",
           x.detail
      FROM (${parts.join("\n UNION ALL ")}) x
      LEFT JOIN accounting_operators ao ON ao.id = x.acc_op
      LEFT JOIN client_operators co ON co.id = x.cli_op
      LEFT JOIN users u ON u.id = COALESCE(x.usr, ao.user_id, co.user_id)
     ORDER BY x.at ${order}, x.source ${order}, x.k1 ${order}, x.k2 ${order}${limit}`;
  return { text, values };
}

function emptySource(): string {
  return `(SELECT now() AS at, 0 AS source, 0::bigint AS k1, 0 AS k2, 0 AS block_id, '' AS kind, NULL::int AS acc_op,
             NULL::int AS cli_op, NULL::int AS usr, NULL::jsonb AS detail WHERE false)`;
}
