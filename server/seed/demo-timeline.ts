import { saoPauloParts } from "@/lib/format";
import type { BlockState } from "./blocks";
import type { Random } from "./random";

// The story of a client's last months as blocks: old months are posted (contabilized), the last
// weeks still wait for categorisation, a few blocks were devolved or raised a pendency. Pure: the
// builder turns each plan into rows.
export type PlannedPendency = { issue: number; observations: string; createdAt: Date; solvedAt?: Date };

export type PlannedBlock = {
  state: BlockState;
  sentAt: Date;
  /** The supplier's receipt: an index into the receipt pool. */
  supplier: number;
  /** How many of the supplier's notes the block pays: its value is that many times the receipt's total. */
  notes: number;
  /** The block's photos: one per note, or two shots of a single note. */
  photos: number;
  /** Index into the client's business operators. */
  sender: number;
  actedAt?: Date; // categorised or devolved
  contabilizedAt?: Date;
  paymentDate: Date;
  documentsDeletedAt?: Date;
  /** The open pendency of a 'pendency' block, or the answered one in an older block's history. */
  pendency?: PlannedPendency;
};

export type TimelineOptions = {
  rng: Random;
  now: Date;
  months: number;
  blocksPerMonth: [number, number];
  templates: readonly number[];
  senders: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Brazil keeps UTC-3 all year since 2019, which covers the whole demo window.
const SAO_PAULO_OFFSET_HOURS = 3;

const OBSERVATIONS: Record<number, string[]> = {
  0: [
    "A foto do cupom está desfocada, não dá para ler o valor total.",
    "Imagem muito escura; por favor, fotografe novamente com mais luz.",
    "",
  ],
  1: [
    "O comprovante enviado não corresponde ao boleto deste bloco.",
    "A nota fiscal é de outra empresa (CNPJ diferente).",
    "",
  ],
  2: ["Falta o comprovante de pagamento do boleto.", "Enviar também a segunda página da nota fiscal.", ""],
};

// Cumulative odds of each state by the block's age in months (0 = the current month).
function stateFor(age: number, rng: Random): BlockState {
  const table: [BlockState, number][] =
    age === 0
      ? [
          ["uncategorized", 0.45],
          ["categorized", 0.65],
          ["pendency", 0.8],
          ["contabilized", 0.9],
          ["devolved", 1],
        ]
      : age === 1
        ? [
            ["uncategorized", 0.15],
            ["categorized", 0.5],
            ["contabilized", 0.85],
            ["pendency", 0.93],
            ["devolved", 1],
          ]
        : age === 2
          ? [
              ["categorized", 0.25],
              ["contabilized", 0.9],
              ["pendency", 0.95],
              ["devolved", 1],
            ]
          : [
              ["contabilized", 0.93],
              ["categorized", 0.96],
              ["devolved", 1],
            ];
  const roll = rng.next();
  return table.find(([, upTo]) => roll < upTo)?.[0] ?? "contabilized";
}

/**
 * A block of this many notes is one larger purchase from a supplier, billed in as many notes (the demo
 * books it to a second account: demo-client.ts). Every block pays one supplier: a block of two photos
 * is one note photographed twice, as a client does when the first shot came out unsure.
 */
export const LARGER_PURCHASE_NOTES = 3;

const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

function pendencyFor(rng: Random, createdAt: Date): PlannedPendency {
  const issue = rng.int(0, 2);
  return { issue, observations: rng.pick(OBSERVATIONS[issue]), createdAt };
}

/** A block of the given state sent at `sentAt`, with plausible times for what happened after. */
export function planBlock(options: TimelineOptions, state: BlockState, sentAt: Date): PlannedBlock {
  const { rng, now } = options;
  const cap = (date: Date, marginMinutes: number) => earliest(date, new Date(now.getTime() - marginMinutes * MINUTE));
  const photos = rng.chance(0.5) ? 1 : rng.chance(0.7) ? 2 : LARGER_PURCHASE_NOTES;
  const supplier = rng.pick(options.templates);
  const actedAt = new Date(
    Math.max(sentAt.getTime() + MINUTE, cap(new Date(sentAt.getTime() + rng.int(2, 72) * HOUR), 10).getTime()),
  );
  const plan: PlannedBlock = {
    state,
    sentAt,
    supplier,
    notes: photos === LARGER_PURCHASE_NOTES ? photos : 1,
    photos,
    sender: rng.int(0, options.senders - 1),
    paymentDate: new Date(sentAt.getTime() - rng.int(0, 6) * DAY),
  };
  if (state === "categorized" || state === "contabilized" || state === "devolved") plan.actedAt = actedAt;
  if (state === "contabilized") {
    const posted = cap(new Date(actedAt.getTime() + rng.int(1, 240) * HOUR), 5);
    plan.contabilizedAt = new Date(Math.max(posted.getTime(), actedAt.getTime() + MINUTE));
  }
  if (state === "devolved") {
    const gone = new Date(actedAt.getTime() + 7 * DAY);
    if (gone.getTime() < now.getTime()) plan.documentsDeletedAt = gone;
  }
  if (state === "pendency") plan.pendency = pendencyFor(rng, actedAt);
  else if (state !== "uncategorized" && state !== "devolved" && rng.chance(0.08)) {
    // An answered pendency in the block's past: reported soon after sending, solved a day later.
    const reported = new Date(sentAt.getTime() + HOUR);
    plan.pendency = { ...pendencyFor(rng, reported), solvedAt: new Date(reported.getTime() + 20 * HOUR) };
  }
  return plan;
}

/** Random blocks over the last `months` months, never in the future. */
export function planTimeline(options: TimelineOptions): PlannedBlock[] {
  const { rng, now } = options;
  const today = saoPauloParts(now);
  const plans: PlannedBlock[] = [];
  for (let age = options.months - 1; age >= 0; age--) {
    const monthIndex = today.year * 12 + (today.month - 1) - age;
    const year = Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const lastDay = age === 0 ? today.day : new Date(Date.UTC(year, month, 0)).getUTCDate();
    const count = rng.int(...options.blocksPerMonth);
    for (let i = 0; i < count; i++) {
      const hour = rng.int(7, 19) + SAO_PAULO_OFFSET_HOURS;
      let sentAt = new Date(Date.UTC(year, month - 1, rng.int(1, lastDay), hour, rng.int(0, 59)));
      if (sentAt.getTime() > now.getTime() - 30 * MINUTE) sentAt = new Date(now.getTime() - rng.int(30, 600) * MINUTE);
      plans.push(planBlock(options, stateFor(age, rng), sentAt));
    }
  }
  return plans;
}

/**
 * The showcase client's recent blocks: one of each state, and one still inside the undo window. Their
 * payment dates fall in the current month, so its month opens with every state whatever the day: in a
 * month's first days a block sent last week pays a boleto due on the 1st.
 */
export function planShowcase(options: TimelineOptions): PlannedBlock[] {
  const ago = (ms: number) => new Date(options.now.getTime() - ms);
  const today = saoPauloParts(options.now);
  const firstOfMonth = new Date(Date.UTC(today.year, today.month - 1, 1, 12 + SAO_PAULO_OFFSET_HOURS));
  const fixed: [BlockState, Date, number][] = [
    ["contabilized", ago(6 * DAY), 0],
    ["categorized", ago(4 * DAY), 0],
    ["devolved", ago(3 * DAY), 0],
    ["pendency", ago(3 * DAY + 2 * HOUR), 1],
    ["pendency", ago(DAY), 0],
    ["uncategorized", ago(2 * HOUR), 1],
    ["uncategorized", ago(5 * MINUTE), 0], // still undoable ('sent/undo', 15 minutes)
  ];
  return fixed.map(([state, sentAt, sender]) => {
    const plan = planBlock(options, state, sentAt);
    const paymentDate = plan.paymentDate < firstOfMonth ? firstOfMonth : plan.paymentDate;
    return { ...plan, paymentDate, sender: sender % options.senders };
  });
}
