import "server-only";
import { formatDate } from "@/lib/format/dates";
import { addCalendarDays, saoPauloDay, saoPauloStartOfDay } from "@/lib/format/deadline";
import { getConfig } from "@/server/config";
import { getDb, type Db } from "@/server/db/client";
import { digestMail } from "@/server/mail/notification-templates";
import { enqueueMails } from "@/server/mail/outbox";
import { unsubscribeLinks } from "./unsubscribe-token";

// The notification-digest job (docs/decisions/0290-notification-emails.md): at 07:00 in São Paulo, each
// office operator gets one e-mail listing, per client they are responsible for, how many blocks the
// company sent on the previous São Paulo calendar day (00:00 to 24:00). Blocks undone since, and blocks
// the office itself imported, are not new to it. No new block: no mail. A blocked operator, a removed
// client and an operator who turned 'digest' off get nothing.

/** How long the record of a written digest is kept (it only has to outlive the day's retries). */
const DIGEST_RECORD_DAYS = 30;

type Row = { operatorId: number; userId: number; email: string; name: string; client: string; blocks: number };

export type DigestResult = { day: string; operators: number; blocks: number };

/** The São Paulo day a run at `now` reports on (yesterday), and its bounds. */
export function digestWindow(now: Date): { day: Date; from: Date; to: Date } {
  const today = saoPauloDay(now);
  const yesterday = addCalendarDays(today, -1);
  return {
    day: new Date(Date.UTC(yesterday.year, yesterday.month - 1, yesterday.day)),
    from: saoPauloStartOfDay(yesterday),
    to: saoPauloStartOfDay(today),
  };
}

/**
 * Writes the digests of the day before `now`: one query finds every operator's clients with new blocks
 * (each client's count through blocks (client_id, sent_at)); then, in one transaction, the day's
 * record per operator (ON CONFLICT DO NOTHING: a retried or repeated run skips who already has it)
 * and one mail per operator newly recorded. Returns what was written.
 */
export async function writeDailyDigests({
  now = new Date(),
  db = getDb(),
}: { now?: Date; db?: Db } = {}): Promise<DigestResult> {
  const { day, from, to } = digestWindow(now);
  // As text: a Date parameter is a timestamptz, which the session's time zone would turn into another day.
  const dayText = day.toISOString().slice(0, 10);
  const rows = await db.$queryRaw<Row[]>`
    SELECT ao.id AS "operatorId", u.id AS "userId", u.email, u.name, c.name AS client, n.blocks
      FROM clients c
      JOIN accounting_operators ao ON ao.id = c.responsible_operator_id AND NOT ao.blocked
      JOIN users u ON u.id = ao.user_id
      LEFT JOIN notification_preferences np ON np.user_id = u.id AND np.kind = 'digest'
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS blocks FROM blocks b
         WHERE b.client_id = c.id AND b.sent_at >= ${from} AND b.sent_at < ${to}
           AND b.undone_at IS NULL AND b.imported_by_id IS NULL
      ) n
     WHERE c.removed_at IS NULL AND n.blocks > 0 AND COALESCE(np.enabled, TRUE)
       AND NOT EXISTS (SELECT 1 FROM operator_digests d WHERE d.operator_id = ao.id AND d.day = ${dayText}::date)
     ORDER BY ao.id, c.name, c.id`;
  const byOperator = new Map<number, Row[]>();
  for (const row of rows) byOperator.set(row.operatorId, [...(byOperator.get(row.operatorId) ?? []), row]);

  const written = await db.$transaction(async (tx) => {
    await tx.operatorDigest.deleteMany({ where: { day: { lt: addDays(day, -DIGEST_RECORD_DAYS) } } });
    if (byOperator.size === 0) return [];
    const lists = [...byOperator.values()];
    const recorded = await tx.$queryRaw<{ operatorId: number }[]>`
      INSERT INTO operator_digests (operator_id, day, clients, blocks)
      SELECT t.operator_id, ${dayText}::date, t.clients, t.blocks
        FROM unnest(${[...byOperator.keys()]}::int[], ${lists.map((list) => list.length)}::int[],
          ${lists.map((list) => list.reduce((sum, row) => sum + row.blocks, 0))}::int[])
          AS t(operator_id, clients, blocks)
      ON CONFLICT DO NOTHING
      RETURNING operator_id AS "operatorId"`;
    const mailed = recorded.map(({ operatorId }) => byOperator.get(operatorId)!);
    await enqueueMails(
      tx,
      mailed.map((list) => ({
        to: list[0]!.email,
        content: digestMail(
          {
            name: list[0]!.name,
            day: formatDate(from),
            clients: list.map((row) => ({ name: row.client, blocks: row.blocks })),
            link: `${getConfig().APP_URL}/home`,
          },
          unsubscribeLinks(list[0]!.userId, "digest"),
        ),
      })),
    );
    return mailed;
  });
  return {
    day: formatDate(from),
    operators: written.length,
    blocks: written.flat().reduce((sum, row) => sum + row.blocks, 0),
  };
}

const addDays = (day: Date, days: number) => new Date(day.getTime() + days * 86_400_000);
