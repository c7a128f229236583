import "server-only";
import type { Account, AccountingOffice, Client, Tx } from "@/server/db/client";
import type { BlobStore } from "@/server/storage";
import type { ProcessedImage } from "@/server/images/types";
import { calendarDay, insertBlock, insertDocument, insertPendency } from "./blocks";
import {
  activateAccount,
  createClient,
  createClientOperator,
  shareClient,
  type ClientOperatorWithUser,
} from "./builders/clients";
import type { OperatorWithUser } from "./builders/offices";
import { createUser } from "./builders/users";
import type { DemoClient, DemoOperatorKey } from "./demo-people";
import { LARGER_PURCHASE_NOTES, planShowcase, planTimeline, type PlannedBlock } from "./demo-timeline";
import { insertFindings } from "./findings";
import { randomCnpj, randomCpf, randomPhone } from "./identities";
import { receiptFinding } from "./demo-readings";
import type { Random } from "./random";
import type { ReceiptImage } from "./receipt-image";
import type { Finding } from "@/lib/fiscal/block-reading";

// One client company or person with its business operators, its active accounts and a year of
// blocks. The seed and the test factories share the row builders (server/seed/builders), so demo rows
// look like test rows.
export type ClientContext = {
  tx: Tx;
  rng: Random;
  now: Date;
  store: BlobStore;
  pool: readonly ReceiptImage[];
  office: AccountingOffice;
  accounts: Map<string, Account>;
  /** Every seeded exercise's chart: year → code → account (a block goes in its payment year's chart). */
  charts: Map<number, Map<string, Account>>;
  operators: Partial<Record<DemoOperatorKey, OperatorWithUser>>;
  /** The responsible operator when the spec names none (the other office's owner). */
  defaultResponsible: OperatorWithUser;
  showcase: boolean;
};

const DAY = 86_400_000;
const isoDay = (date: Date) => calendarDay(date).toISOString().slice(0, 10);
// Receipts a person (not a company) has: no merchandise invoices, no DAS, no cold-room repairs.
const INDIVIDUAL_TEMPLATES = [1, 2, 3, 4, 5, 6, 9, 11];
// The showcase client stopped using 'Material de Limpeza' two months ago (its blocks stay there and
// the UI warns about them) and files cleaning supplies under 'Copa e Cozinha' since.
const RETIRED = { code: "4.2.02.008", replacement: "4.2.02.009", daysAgo: 60 };
const RECENT = { code: "4.2.02.012", daysAgo: 30 }; // 'Seguros', activated last month

type Activation = { code: string; activatedAt: Date; deactivatedAt: Date | null };

function planActivations(ctx: ClientContext, templates: readonly number[]): Activation[] {
  const since = new Date(ctx.now.getTime() - 400 * DAY);
  const used = new Set(templates.map((i) => ctx.pool[i].template.accountCode));
  const extras = ctx.rng.sample(
    [...ctx.accounts.keys()].filter((c) => !used.has(c)),
    ctx.rng.int(14, 17) - used.size,
  );
  const rows: Activation[] = [...used, ...extras].map((code) => ({ code, activatedAt: since, deactivatedAt: null }));
  if (!ctx.showcase) return rows;
  const retire = new Date(ctx.now.getTime() - RETIRED.daysAgo * DAY);
  return [
    ...rows.filter((r) => r.code !== RETIRED.code && r.code !== RETIRED.replacement && r.code !== RECENT.code),
    { code: RETIRED.code, activatedAt: since, deactivatedAt: retire },
    { code: RETIRED.replacement, activatedAt: since, deactivatedAt: null },
    { code: RECENT.code, activatedAt: new Date(ctx.now.getTime() - RECENT.daysAgo * DAY), deactivatedAt: null },
  ];
}

function accountByCode(ctx: ClientContext, code: string): Account {
  const account = ctx.accounts.get(code);
  if (!account) throw new Error(`seed: account ${code} missing from the chart`);
  return account;
}

// About one block in seven of a supplier goes to a second account of the client, as real books do: the
// larger purchases (LARGER_PURCHASE_NOTES notes of one supplier, 15% of the blocks), whose value, that
// many times the supplier's usual, is what the account suggestion learns it from. Nothing random is
// drawn for it.

function accountFor(ctx: ClientContext, plan: PlannedBlock, active: Activation[]): Account {
  const code = ctx.pool[plan.supplier].template.accountCode;
  const at = plan.actedAt ?? plan.sentAt;
  const usable = (c: string) =>
    active.some((a) => a.code === c && a.activatedAt <= at && (!a.deactivatedAt || a.deactivatedAt > at));
  const usual = usable(code) ? code : code === RETIRED.code ? RETIRED.replacement : active[0].code;
  const others = active.filter((a) => a.code !== usual && usable(a.code));
  const second = plan.notes >= LARGER_PURCHASE_NOTES && others.length > 0;
  return accountByCode(ctx, second ? others[plan.supplier % others.length].code : usual);
}

/** A block's photos: one per note, or a single note and its retake. */
function photosOf(receipt: ReceiptImage, plan: PlannedBlock): ProcessedImage[] {
  return Array.from({ length: plan.photos }, (_, i) => (plan.notes === 1 && i > 0 ? receipt.retake : receipt.image));
}

/**
 * The account of the block's payment year with the same code (activations carry across charts by
 * code); when that year's chart lacks the code, the first of the client's active codes it has.
 */
function accountInYear(ctx: ClientContext, account: Account, year: number, active: Activation[]): Account {
  if (account.yearOfExercise === year) return account;
  const chart = ctx.charts.get(year);
  if (!chart) throw new Error(`seed: no chart of ${year}`);
  const found = chart.get(account.code) ?? active.map((a) => chart.get(a.code)).find((a) => a !== undefined);
  if (!found) throw new Error(`seed: no account of ${year} for ${account.code}`);
  return found;
}

async function seedMembers(ctx: ClientContext, data: DemoClient, client: Client): Promise<ClientOperatorWithUser[]> {
  const { tx, rng } = ctx;
  const person = (p: { email: string; name: string }) => ({
    ...p,
    code: randomCpf(rng.next),
    phone: randomPhone(rng.next),
  });
  const members = [
    await createClientOperator({ client, type: 0, sharedGallery: true, user: person(data.owner), db: tx }),
  ];
  // The socio is already an accounting operator of the office: same user, second membership.
  const socio = ctx.showcase ? ctx.operators.socio : undefined;
  if (socio)
    members.push(await createClientOperator({ client, type: 1, sharedGallery: true, user: socio.user, db: tx }));
  for (const [p, type, sharedGallery] of data.members ?? []) {
    const user = await createUser({ ...person(p), db: tx });
    members.push(await createClientOperator({ client, type, sharedGallery, user, db: tx }));
  }
  return members;
}

export type SeededClient = { client: Client; members: ClientOperatorWithUser[] };

export async function seedClient(ctx: ClientContext, data: DemoClient): Promise<SeededClient> {
  const { tx, rng, now } = ctx;
  const operator = (key?: DemoOperatorKey) => (key ? ctx.operators[key] : undefined) ?? ctx.defaultResponsible;
  const client = await createClient({
    office: ctx.office,
    responsible: operator(data.transferredFrom ?? data.responsible),
    type: data.type,
    name: data.name,
    code: data.type === "juridicPerson" ? randomCnpj(rng.next) : randomCpf(rng.next),
    email: data.email,
    phone: data.phone,
    ...data.address,
    db: tx,
  });
  if (data.transferredFrom) {
    await tx.client.update({
      where: { id: client.id },
      data: { responsibleOperatorId: operator(data.responsible).id },
    });
  }
  const shared = (data.sharedWith ?? []).map((key) => operator(key));
  for (const sharedOperator of shared) await shareClient({ client, operator: sharedOperator, db: tx });
  const team = [operator(data.responsible), ...shared];

  const members = await seedMembers(ctx, data, client);
  // A client that just joined: no accounts in its plan, no blocks, nothing in the gallery.
  if (data.empty) return { client, members };
  const templates = data.type === "individual" ? INDIVIDUAL_TEMPLATES : ctx.pool.map((_, i) => i);
  const active = planActivations(ctx, templates);
  for (const a of active) {
    await activateAccount({
      client,
      account: accountByCode(ctx, a.code),
      activatedAt: a.activatedAt,
      deactivatedAt: a.deactivatedAt,
      activatedBy: team[0],
      db: tx,
    });
  }

  const options = {
    rng,
    now,
    months: data.months,
    blocksPerMonth: data.blocksPerMonth,
    templates,
    senders: members.length,
  };
  const plans = [...planTimeline(options), ...(ctx.showcase ? planShowcase(options) : [])];
  const views: { blockId: number; operatorId: number; viewedAt: Date }[] = [];
  const owner = ctx.operators.dono;
  // The showcase's first live block with a reading: sent again at the end (a duplicate to show).
  let twice: { receipt: ReceiptImage; finding: Finding } | null = null;
  for (const [index, plan] of plans.entries()) {
    const acting = rng.pick(team);
    const categorized = plan.state === "categorized" || plan.state === "contabilized";
    const paymentDate = calendarDay(plan.paymentDate);
    const account = categorized
      ? accountInYear(ctx, accountFor(ctx, plan, active), paymentDate.getUTCFullYear(), active)
      : null;
    const block = await insertBlock({
      db: tx,
      store: ctx.store,
      client,
      state: plan.state,
      images: photosOf(ctx.pool[plan.supplier], plan),
      sentBy: members[plan.sender],
      sentAt: plan.sentAt,
      operator: acting,
      contabilizedBy: rng.pick(team),
      account,
      paymentDate,
      valueCents: ctx.pool[plan.supplier].totalCents * plan.notes,
      categorizedAt: plan.actedAt,
      contabilizedAt: plan.contabilizedAt,
      devolvedAt: plan.actedAt,
      documentsDeletedAt: plan.documentsDeletedAt,
      issue: plan.pendency?.issue,
      observations: plan.pendency?.observations,
      reportedAt: plan.pendency?.createdAt,
    });
    // Each block has what its first picture carries read (lib/fiscal/findings): its supplier, for the
    // account suggestion, when that is a fiscal document.
    const receipt = ctx.pool[plan.supplier];
    const finding = receipt
      ? receiptFinding(receipt.template, {
          day: isoDay(receipt.issuedAt),
          totalCents: receipt.totalCents,
          number: client.id * 10_000 + index,
        })
      : null;
    if (finding) {
      const [first] = [...block.documents].sort((a, b) => a.position - b.position || a.id - b.id);
      await insertFindings({ db: tx, document: first, findings: [finding], readAt: first.createdAt });
      // (a code's: the same key on both; a text read by OCR carries none)
      if (!twice && plan.state !== "devolved" && finding.kind !== "ocr") twice = { receipt, finding };
    }
    if (plan.pendency?.solvedAt) {
      await insertPendency({ db: tx, block, ...plan.pendency, createdBy: acting, solvedBy: members[plan.sender] });
    }
    if (plan.actedAt && plan.state !== "devolved") {
      views.push({ blockId: block.id, operatorId: acting.id, viewedAt: new Date(plan.actedAt.getTime() - 60_000) });
    } else if (owner && !plan.actedAt && index % 2 === 0) {
      // The office owner already opened every other waiting block: the unseen dot shows on the rest.
      views.push({
        blockId: block.id,
        operatorId: owner.id,
        viewedAt: new Date(Math.min(plan.sentAt.getTime() + 30 * 60_000, now.getTime())),
      });
    }
  }
  if (ctx.showcase) {
    // Categorised last week in 'Material de Limpeza', which left the plan two months ago: the month
    // shows the warning for accounts outside the active plan.
    const sentAt = new Date(now.getTime() - 5 * DAY);
    const receipt = ctx.pool.find((r) => r.template.accountCode === RETIRED.code) ?? ctx.pool[0];
    const paymentDate = calendarDay(sentAt);
    await insertBlock({
      db: tx,
      store: ctx.store,
      client,
      state: "categorized",
      images: [receipt.image],
      sentBy: members[0],
      sentAt,
      operator: team[0],
      account: accountInYear(ctx, accountByCode(ctx, RETIRED.code), paymentDate.getUTCFullYear(), active),
      paymentDate,
      valueCents: receipt.totalCents,
      categorizedAt: new Date(sentAt.getTime() + 3 * 3_600_000),
    });
    if (twice) {
      // The same receipt sent again yesterday, not categorised yet: both blocks show the other as a
      // possible duplicate (the same code).
      const again = await insertBlock({
        db: tx,
        store: ctx.store,
        client,
        state: "uncategorized",
        images: [twice.receipt.image],
        sentBy: members[0],
        sentAt: new Date(now.getTime() - DAY),
      });
      const [document] = again.documents;
      await insertFindings({ db: tx, document, findings: [twice.finding], readAt: document.createdAt });
    }
  }
  await tx.blockView.createMany({ data: views });
  await seedGallery(ctx, client, members);
  const lastSent = plans.reduce((max, p) => Math.max(max, p.sentAt.getTime()), 0);
  const modified = await tx.client.update({
    where: { id: client.id },
    data: { modifiedAt: new Date(lastSent || now.getTime()) },
  });
  return { client: modified, members };
}

/** Pictures taken but not yet sent ('Minha galeria'), and one rescued from a devolved block. */
async function seedGallery(ctx: ClientContext, client: Client, members: ClientOperatorWithUser[]): Promise<void> {
  const { rng, now } = ctx;
  for (const member of members) {
    const count = ctx.showcase ? rng.int(2, 5) : rng.int(0, 2);
    for (let i = 0; i < count; i++) {
      const createdAt = new Date(now.getTime() - rng.int(1, 20 * 24) * 3_600_000);
      await insertDocument({
        db: ctx.tx,
        store: ctx.store,
        client,
        image: rng.pick(ctx.pool).image,
        uploadedBy: member,
        createdAt,
      });
    }
  }
  if (!ctx.showcase) return;
  const devolvedAt = new Date(now.getTime() - 10 * DAY);
  await insertDocument({
    db: ctx.tx,
    store: ctx.store,
    client,
    image: ctx.pool[0].image,
    uploadedBy: members[0],
    createdAt: new Date(devolvedAt.getTime() - 2 * DAY),
    rescued: true,
    devolvedAt,
    restoredAt: new Date(devolvedAt.getTime() + DAY),
  });
}
