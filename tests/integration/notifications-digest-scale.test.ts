// The daily digest over an office of 2,000 clients and 40,000 blocks (20,000 of them sent the day
// before): every operator's counts right, one mail each, and the run's time printed for
// docs/performance.md (measured, not asserted).
import { getDb } from "@/server/db/client";
import { writeDailyDigests } from "@/server/notifications/daily-digest";
import { createAccountingOperator, createOffice } from "../helpers/factories";

const OPERATORS = 50;
const CLIENTS_EACH = 40;
const BLOCKS_EACH = 20; // per client, half of them the day before
const now = new Date("2026-12-02T10:00:00.000Z");

test("2,000 clients, 40,000 blocks: one digest per operator with its clients' counts", async () => {
  const office = await createOffice();
  const operators = [];
  for (let i = 0; i < OPERATORS; i += 1) operators.push(await createAccountingOperator({ office, type: 2 }));
  const db = getDb();
  await db.$executeRaw`
    INSERT INTO clients (office_id, type, name, code, responsible_operator_id, updated_at)
    SELECT ${office.id}, 'juridicPerson', 'Cliente ' || o.i || '-' || c.j, lpad((o.i * 1000 + c.j)::text, 14, '0'), o.id, now()
      FROM unnest(${operators.map((operator) => operator.id)}::int[]) WITH ORDINALITY AS o(id, i),
           generate_series(1, ${CLIENTS_EACH}) AS c(j)`;
  // Half the blocks on 01/12 in São Paulo (03:00Z to 03:00Z next day), half spread over the days before.
  await db.$executeRaw`
    INSERT INTO blocks (client_id, sent_at, updated_at)
    SELECT c.id,
           CASE WHEN b.k % 2 = 0 THEN '2026-12-01T03:00:00Z'::timestamptz + (b.k * interval '1 hour')
                ELSE '2026-11-01T12:00:00Z'::timestamptz + (b.k * interval '1 day') END,
           now()
      FROM clients c, generate_series(1, ${BLOCKS_EACH}) AS b(k)
     WHERE c.office_id = ${office.id}`;
  await db.$executeRaw`ANALYZE blocks`;
  await db.$executeRaw`ANALYZE clients`;

  const started = performance.now();
  const result = await writeDailyDigests({ now });
  const first = performance.now() - started;
  // k even, 2..20: 10 blocks each, at k hours after 03:00Z (k ≤ 20 < 24: all within the day)
  expect(result).toEqual({ day: "01/12/2026", operators: OPERATORS, blocks: OPERATORS * CLIENTS_EACH * 10 });
  const mails = await db.mailOutbox.findMany({
    where: { kind: "digest", to: { in: operators.map((o) => o.user.email) } },
  });
  expect(mails).toHaveLength(OPERATORS);
  expect(mails[0]!.subject).toBe(`Resumo diário: ${CLIENTS_EACH * 10} blocos novos`);
  expect(mails[0]!.text.match(/: 10 blocos$/gm)).toHaveLength(CLIENTS_EACH);

  const again = performance.now();
  expect((await writeDailyDigests({ now })).operators).toBe(0);
  const second = performance.now() - again;
  console.log(
    `digest: ${OPERATORS * CLIENTS_EACH} clients, ${OPERATORS * CLIENTS_EACH * BLOCKS_EACH} blocks: first run ${first.toFixed(0)} ms, repeated run ${second.toFixed(0)} ms`,
  );
});
