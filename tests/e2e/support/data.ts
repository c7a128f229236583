import { test as base } from "@playwright/test";
import { E2E_DATA_DIR, E2E_DATABASE_URL } from "./e2e-server";

// Tests that change data (a profile, a password, an invite, a block) work on people of their own,
// made here with the builders the seed and the integration tests use (tests/helpers/factories),
// straight in the e2e server's database: two workers editing the shared demo owner made the suite flaky.
// Read-only journeys may still log in as the demo users of the README.

export type Factories = typeof import("../../helpers/factories");

/** A person who can log in (every builder user has the demo password). */
export type Person = { email: string; name: string };

export type AccountingTeam = { officeName: string; owner: Person; admin: Person; operator: Person; blocked: Person };
export type ClientCompany = { clientName: string; owner: Person; operator: Person };
/** A client as /home/client's per-tab selection carries it (lib/client-selection.ts). */
export type ClientRef = { id: number; name: string; logoUrl: string | null };
/** An office team whose type-2 operator is responsible for one client, shared with nobody. */
export type OfficeWithClient = AccountingTeam & { client: ClientRef };
/**
 * A client whose owner-responsible office has the same three account codes in the charts of the previous
 * and the current year: `carried` activated in March of the previous year (still open), `retired`
 * activated in January and deactivated in June of the previous year, `fresh` never activated.
 */
export type AccountsPlan = {
  owner: Person;
  client: ClientRef;
  previousYear: number;
  carried: { code: string; description: string };
  retired: { code: string; description: string };
  fresh: { code: string; description: string };
};

/** A client of its own for the block viewer: its responsible owner, two accounts and a block in each state. */
export type ViewerClient = {
  owner: Person;
  client: { id: number; name: string };
  accounts: {
    active: { id: number; code: string; description: string };
    other: { id: number; code: string; description: string };
  };
  blocks: { uncategorized: number; categorized: number; contabilized: number; pendency: number };
  /** With { busy: true }: the name of the other operator holding the client's contabilization lease. */
  busyName: string | null;
};

/** An account of a factory client as the pages show it. */
export type AccountRef = { id: number; code: string; description: string };

/**
 * A client for the contabilization desk: its responsible operator and a colleague it is shared with (both
 * type 2 of one office), two accounts activated in January, and categorised blocks of this month (São
 * Paulo): `first` has two to post (payment days 1 and 2, R$ 100,00 and R$ 250,50), `second` one to post
 * (day 3, R$ 42,00) and one already contabilised an hour ago (day 1, R$ 7,00), each of 2 real images.
 */
export type ContabilizationClient = {
  operator: Person;
  colleague: Person;
  client: ClientRef;
  year: number;
  month: number;
  accounts: { first: AccountRef; second: AccountRef };
  blocks: { first: [number, number]; second: number; posted: number };
};

/**
 * Mobile contabilization: an office owner responsible for a client with categorised,
 * not yet contabilised blocks of this month (São Paulo) in two activated accounts, each block with real
 * images (`water`: 2 blocks of 2 documents, `office`: 1 block of 1).
 */
export type MobileContabilizationClient = {
  operator: Person;
  client: { id: number; name: string };
  year: number;
  month: number;
  accounts: Record<"water" | "office", { id: number; code: string; description: string; blocks: number[] }>;
  /** Another operator of the office takes the client's contabilization lease (30 min): its name, and a release. */
  takeOver: () => Promise<{ name: string; release: () => Promise<void> }>;
};

/**
 * A client for the categorization screen: its responsible office owner, a colleague (type 2) it is shared
 * with, the company's owner (business platform), one account active since January, and `blocks`
 * uncategorised blocks of this month, sent a minute apart (oldest first, the queue's order), each with
 * two different rendered receipts.
 */
export type CategorizationClient = {
  owner: Person;
  colleague: Person;
  business: Person;
  client: ClientRef;
  account: { id: number; code: string; description: string };
  /** Oldest first. */
  blocks: Array<{ id: number; version: number; documentIds: number[] }>;
};

export type People = {
  /** An office with its owner (type 0), an admin (type 1), an operator (type 2) and a blocked operator. */
  accountingTeam: () => Promise<AccountingTeam>;
  /** A client company (of a fresh office) with its owner (type 0) and an operator. */
  clientCompany: () => Promise<ClientCompany>;
  /** One user who is an operator of an office and the owner of a client company. */
  bothPlatforms: () => Promise<Person>;
  /** One accounting operator (type 2) of a fresh office. */
  operator: () => Promise<Person>;
  /** accountingTeam plus a client its type-2 operator is responsible for. */
  officeWithClient: () => Promise<OfficeWithClient>;
  /** A client with activations in the previous year's chart (AccountsPlan). */
  accountsPlan: () => Promise<AccountsPlan>;
  /** Block viewer: an office owner responsible for a client with blocks of this month in every state. */
  viewerClient: (options?: { busy?: boolean }) => Promise<ViewerClient>;
  /** Contabilization desk: a client with categorised blocks in two accounts this month (ContabilizationClient). */
  contabilizationClient: () => Promise<ContabilizationClient>;
  /** Mobile contabilization: an operator, its client and two accounts with blocks to post this month. */
  mobileContabilizationClient: () => Promise<MobileContabilizationClient>;
  /** Categorization: a shared client with `blocks` uncategorised blocks of real receipt pictures. */
  categorizationClient: (options: { blocks: number; unread?: boolean }) => Promise<CategorizationClient>;
};

function loadFactories(): Factories {
  // The builders read the server configuration: point it at the e2e server's database. Secrets are
  // not used by the builders, but the configuration requires them.
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  process.env.JWT_SECRET ??= "e2e-builders-jwt-secret-0123456789abcdef";
  process.env.FILE_URL_SECRET ??= "e2e-builders-file-secret-0123456789abcdef";
  process.env.DATA_DIR ??= E2E_DATA_DIR;
  // The people made here carry a hash at N = 2^10 (as jest's do), which the e2e server
  // verifies at that cost: about 3 ms of its CPU per login instead of 100 ms, for the hundreds of logins
  // the journeys make. A hash keeps its N, so the server's check is its production one; what the server
  // hashes itself (a password set on a screen, the demo seed) keeps the production cost. This worker
  // process only: the server never sees these settings.
  Object.assign(process.env, { NODE_ENV: "test", PASSWORD_HASH_LOG_N: "10" });
  // require, not import(): Playwright transforms what it requires (TypeScript, the @/ paths), while a
  // dynamic import goes to Node's own ESM loader, which cannot read the builders' sources.
  return require("../../helpers/factories") as Factories;
}

const person = (user: { email: string; name: string }): Person => ({ email: user.email, name: user.name });

type ReceiptPool = Awaited<ReturnType<typeof import("@/server/seed/receipt-image").buildReceiptPool>>;
let receipts: Promise<ReceiptPool> | undefined;
/** Every receipt template rendered once per worker, through the real upload pipeline. */
function receiptPool(): Promise<ReceiptPool> {
  const { buildReceiptPool } = require("@/server/seed/receipt-image") as typeof import("@/server/seed/receipt-image");
  receipts ??= buildReceiptPool(new Date());
  return receipts;
}
const suffix = () => Math.random().toString(36).slice(2, 7);
const randomCode = () => String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");

function peopleFrom(f: Factories): People {
  return {
    async accountingTeam() {
      const office = await f.createOffice();
      const make = (type: number, name: string, blocked = false) =>
        f.createAccountingOperator({ office, type, blocked, user: { email: f.uniqueEmail("e2e"), name } });
      const tag = suffix();
      // Names sort as the drawer sorts them (type, then name) whatever the tag.
      const owner = await make(0, `Ana Dona ${tag}`);
      const admin = await make(1, `Bruno Admin ${tag}`);
      const operator = await make(2, `Carla Operadora ${tag}`);
      const blocked = await make(2, `Davi Bloqueado ${tag}`, true);
      return {
        officeName: office.name,
        owner: person(owner.user),
        admin: person(admin.user),
        operator: person(operator.user),
        blocked: person(blocked.user),
      };
    },
    async clientCompany() {
      const client = await f.createClient();
      const tag = suffix();
      const owner = await f.createClientOperator({
        client,
        type: 0,
        user: { email: f.uniqueEmail("e2e-cliente"), name: `Elisa Cliente ${tag}` },
      });
      const operator = await f.createClientOperator({
        client,
        type: 2,
        user: { email: f.uniqueEmail("e2e-cliente"), name: `Fabio Cliente ${tag}` },
      });
      return { clientName: client.name, owner: person(owner.user), operator: person(operator.user) };
    },
    async bothPlatforms() {
      const accounting = await f.createAccountingOperator({
        type: 2,
        user: { email: f.uniqueEmail("e2e-socio"), name: `Gabi Socia ${suffix()}` },
      });
      await f.createClientOperator({ type: 0, user: accounting.user });
      return person(accounting.user);
    },
    async viewerClient(options = {}) {
      const tag = suffix();
      const owner = await f.createAccountingOperator({
        type: 0,
        user: { email: f.uniqueEmail("e2e-viewer"), name: `Vera Dona ${tag}` },
      });
      const client = await f.createClient({ responsible: owner, name: `Viewer Teste ${tag} Ltda` });
      await f.createClientOperator({ client, type: 0 });
      const year = new Date().getFullYear();
      const office = { id: owner.officeId };
      const active = await f.createAccount({
        office,
        code: `1.1.${tag}`,
        description: "Aluguel Loja",
        yearOfExercise: year,
      });
      const other = await f.createAccount({
        office,
        code: `2.1.${tag}`,
        description: "Energia Elétrica",
        yearOfExercise: year,
      });
      await f.activateAccount({ client, account: active, activatedAt: new Date(Date.UTC(year, 0, 1, 12)) });
      const sentAt = new Date(Date.now() - 5 * 60_000);
      const operator = { id: owner.id };
      const uncategorized = await f.createBlock({ client, state: "uncategorized", documents: 3, sentAt });
      const categorized = await f.createBlock({
        client,
        state: "categorized",
        account: active,
        operator,
        valueCents: 12_345,
        documents: 3,
        sentAt,
        categorizedAt: sentAt,
      });
      const contabilized = await f.createBlock({
        client,
        state: "contabilized",
        account: active,
        operator,
        valueCents: 50_000,
        sentAt,
        categorizedAt: sentAt,
        contabilizedAt: sentAt,
      });
      // A categorised block with an open pendency (uncategorised ones are not listed on /home/client).
      const pendency = await f.createBlock({
        client,
        state: "categorized",
        account: active,
        operator,
        valueCents: 7_000,
        sentAt,
        categorizedAt: sentAt,
      });
      await f.createPendency({
        block: pendency,
        issue: 1,
        observations: "Falta a segunda página",
        createdBy: operator,
      });
      const pick = (account: { id: number; code: string; description: string }) => ({
        id: account.id,
        code: account.code,
        description: account.description,
      });
      let busyName: string | null = null;
      if (options.busy) {
        // another operator of the office contabilising the client: its blocks are read-only for the rest
        const holder = await f.createAccountingOperator({
          office,
          type: 2,
          user: { email: f.uniqueEmail("e2e-viewer"), name: `Otto Ocupado ${tag}` },
        });
        const { getDb } = require("@/server/db/client") as typeof import("@/server/db/client");
        await getDb().contabilizationLease.create({
          data: { clientId: client.id, operatorId: holder.id, expiresAt: new Date(Date.now() + 30 * 60_000) },
        });
        busyName = holder.user.name;
      }
      return {
        owner: person(owner.user),
        client: { id: client.id, name: client.name },
        accounts: { active: pick(active), other: pick(other) },
        blocks: {
          uncategorized: uncategorized.id,
          categorized: categorized.id,
          contabilized: contabilized.id,
          pendency: pendency.id,
        },
        busyName,
      };
    },
    async contabilizationClient() {
      const tag = suffix();
      const office = await f.createOffice();
      const operator = await f.createAccountingOperator({
        office,
        type: 2,
        user: { email: f.uniqueEmail("e2e-contab"), name: `Lia Contadora ${tag}` },
      });
      const colleague = await f.createAccountingOperator({
        office,
        type: 2,
        user: { email: f.uniqueEmail("e2e-contab"), name: `Rui Colega ${tag}` },
      });
      const client = await f.createClient({ office, responsible: operator, name: `Contab Teste ${tag} Ltda` });
      await f.shareClient({ client, operator: colleague });
      await f.createClientOperator({ client, type: 0 });
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/Sao_Paulo",
        year: "numeric",
        month: "numeric",
      }).formatToParts(new Date());
      const year = Number(parts.find((part) => part.type === "year")?.value);
      const month = Number(parts.find((part) => part.type === "month")?.value);
      const first = await f.createAccount({
        office,
        code: `3.1.${randomCode()}`,
        description: `Aluguel ${tag}`,
        yearOfExercise: year,
      });
      const second = await f.createAccount({
        office,
        code: `3.2.${randomCode()}`,
        description: `Telefone ${tag}`,
        yearOfExercise: year,
      });
      for (const account of [first, second])
        await f.activateAccount({ client, account, activatedAt: new Date(Date.UTC(year, 0, 1, 12)) });
      const sentAt = new Date(Date.now() - 3 * 3_600_000);
      const by = { id: operator.id };
      const day = (d: number) => new Date(Date.UTC(year, month - 1, d, 12));
      const categorised = (account: { id: number }, d: number, valueCents: number) =>
        f.createBlock({
          client,
          state: "categorized",
          account,
          operator: by,
          paymentDate: day(d),
          valueCents,
          documents: 2,
          sentAt,
          categorizedAt: sentAt,
        });
      const a1 = await categorised(first, 1, 10_000);
      const a2 = await categorised(first, 2, 25_050);
      const b1 = await categorised(second, 3, 4_200);
      const postedAt = new Date(Date.now() - 3_600_000);
      const posted = await f.createBlock({
        client,
        state: "contabilized",
        account: second,
        operator: by,
        paymentDate: day(1),
        valueCents: 700,
        documents: 2,
        sentAt,
        categorizedAt: sentAt,
        contabilizedAt: postedAt,
      });
      const pick = (account: AccountRef) => ({ id: account.id, code: account.code, description: account.description });
      return {
        operator: person(operator.user),
        colleague: person(colleague.user),
        client: { id: client.id, name: client.name, logoUrl: null },
        year,
        month,
        accounts: { first: pick(first), second: pick(second) },
        blocks: { first: [a1.id, a2.id], second: b1.id, posted: posted.id },
      };
    },
    async mobileContabilizationClient() {
      const tag = suffix();
      const office = await f.createOffice();
      const owner = await f.createAccountingOperator({
        office,
        type: 0,
        user: { email: f.uniqueEmail("e2e-movel"), name: `Marta Celular ${tag}` },
      });
      const client = await f.createClient({ office, responsible: owner, name: `Contábil Móvel ${tag} Ltda` });
      await f.createClientOperator({ client, type: 0 });
      const { currentYearMonth } = require("@/lib/format/dates") as typeof import("@/lib/format/dates");
      const sentAt = new Date(Date.now() - 5 * 60_000);
      const { year, month } = currentYearMonth(sentAt);
      const code = randomCode();
      const water = await f.createAccount({
        office,
        code: `3.1.${code}`,
        description: `Água e Esgoto ${tag}`,
        yearOfExercise: year,
      });
      const supplies = await f.createAccount({
        office,
        code: `4.2.${code}`,
        description: `Material de Escritório ${tag}`,
        yearOfExercise: year,
      });
      for (const account of [water, supplies])
        await f.activateAccount({ client, account, activatedAt: new Date(Date.UTC(year, 0, 1, 12)) });
      const operator = { id: owner.id };
      // payment dates: today in São Paulo (the builders' default for a block sent now)
      const block = async (account: { id: number }, valueCents: number, documents: number) =>
        (
          await f.createBlock({
            client,
            state: "categorized",
            account,
            operator,
            valueCents,
            documents,
            sentAt,
            categorizedAt: sentAt,
          })
        ).id;
      const waterBlocks = [await block(water, 12_345, 2), await block(water, 6_780, 2)];
      const officeBlocks = [await block(supplies, 4_990, 1)];
      const pick = (account: { id: number; code: string; description: string }, blocks: number[]) => ({
        id: account.id,
        code: account.code,
        description: account.description,
        blocks,
      });
      return {
        operator: person(owner.user),
        client: { id: client.id, name: client.name },
        year,
        month,
        accounts: { water: pick(water, waterBlocks), office: pick(supplies, officeBlocks) },
        async takeOver() {
          const rival = await f.createAccountingOperator({
            office,
            type: 2,
            user: { email: f.uniqueEmail("e2e-movel"), name: `Rui Rival ${tag}` },
          });
          const { getDb } = require("@/server/db/client") as typeof import("@/server/db/client");
          const lease = { operatorId: rival.id, expiresAt: new Date(Date.now() + 30 * 60_000) };
          await getDb().contabilizationLease.upsert({
            where: { clientId: client.id },
            update: lease,
            create: { clientId: client.id, ...lease },
          });
          const release = async () => {
            await getDb().contabilizationLease.deleteMany({ where: { clientId: client.id, operatorId: rival.id } });
          };
          return { name: rival.user.name, release };
        },
      };
    },
    async categorizationClient({ blocks: count, unread = false }) {
      const tag = suffix();
      const office = await f.createOffice();
      const owner = await f.createAccountingOperator({
        office,
        type: 0,
        user: { email: f.uniqueEmail("e2e-cat"), name: `Olga Dona ${tag}` },
      });
      const colleague = await f.createAccountingOperator({
        office,
        type: 2,
        user: { email: f.uniqueEmail("e2e-cat"), name: `Paulo Colega ${tag}` },
      });
      const client = await f.createClient({ office, responsible: owner, name: `Categoriza ${tag} Ltda` });
      await f.shareClient({ client, operator: colleague });
      const business = await f.createClientOperator({
        client,
        type: 0,
        user: { email: f.uniqueEmail("e2e-cat-cliente"), name: `Rita Cliente ${tag}` },
      });
      const year = new Date().getFullYear();
      const account = await f.createAccount({
        office,
        code: `3.1.${randomCode()}`,
        description: `Material de Escritório ${tag}`,
        yearOfExercise: year,
      });
      await f.activateAccount({ client, account, activatedAt: new Date(Date.UTC(year, 0, 1, 12)) });
      const pool = await receiptPool();
      const made: CategorizationClient["blocks"] = [];
      for (let i = 0; i < count; i += 1) {
        const block = await f.createBlock({
          client,
          state: "uncategorized",
          sentBy: { id: business.id },
          // a minute apart, the last one a minute ago: all of this month unless the month began this very hour
          sentAt: new Date(Date.now() - (count - i) * 60_000),
          images: [pool[i % pool.length].image, pool[(i + 1) % pool.length].image],
          // Read as stored unless the test plays the reading job's part itself.
          readAt: unread ? null : undefined,
        });
        made.push({
          id: block.id,
          version: block.version,
          documentIds: block.documents.map((document) => document.id),
        });
      }
      return {
        owner: person(owner.user),
        colleague: person(colleague.user),
        business: person(business.user),
        client: { id: client.id, name: client.name, logoUrl: null },
        account: { id: account.id, code: account.code, description: account.description },
        blocks: made,
      };
    },
    async operator() {
      const created = await f.createAccountingOperator({
        type: 2,
        user: { email: f.uniqueEmail("e2e"), name: `Hugo Operador ${suffix()}` },
      });
      return person(created.user);
    },
    async officeWithClient() {
      const office = await f.createOffice();
      const tag = suffix();
      const make = (type: number, name: string, blocked = false) =>
        f.createAccountingOperator({ office, type, blocked, user: { email: f.uniqueEmail("e2e"), name } });
      const owner = await make(0, `Ana Dona ${tag}`);
      const admin = await make(1, `Bruno Admin ${tag}`);
      const operator = await make(2, `Carla Operadora ${tag}`);
      const blocked = await make(2, `Davi Bloqueado ${tag}`, true);
      const client = await f.createClient({ office, responsible: operator, name: `Empresa E2E ${tag} Ltda` });
      return {
        officeName: office.name,
        owner: person(owner.user),
        admin: person(admin.user),
        operator: person(operator.user),
        blocked: person(blocked.user),
        client: { id: client.id, name: client.name, logoUrl: null },
      };
    },
    async accountsPlan() {
      const office = await f.createOffice();
      const tag = suffix();
      const owner = await f.createAccountingOperator({
        office,
        type: 0,
        user: { email: f.uniqueEmail("e2e"), name: `Ana Dona ${tag}` },
      });
      const client = await f.createClient({ office, responsible: owner, name: `Empresa Contas ${tag} Ltda` });
      const previousYear = new Date().getUTCFullYear() - 1;
      const accounts = {
        carried: { code: `7.1.01.${randomCode()}`, description: `Conta Herdada ${tag}` },
        retired: { code: `7.2.01.${randomCode()}`, description: `Conta Encerrada ${tag}` },
        fresh: { code: `7.3.01.${randomCode()}`, description: `Conta Nova ${tag}` },
      };
      // The same codes in both charts: activations carry into the next year's chart by code.
      const chart = async (year: number) => {
        const made: Record<string, { id: number }> = {};
        for (const [key, account] of Object.entries(accounts))
          made[key] = await f.createAccount({ office, ...account, yearOfExercise: year });
        return made;
      };
      const previous = await chart(previousYear);
      await chart(previousYear + 1);
      // 01:30 UTC on 10/03 is 22:30 on 09/03 in São Paulo: the day the office saw it activated.
      await f.activateAccount({
        client,
        account: previous.carried,
        activatedAt: new Date(Date.UTC(previousYear, 2, 10, 1, 30)),
      });
      await f.activateAccount({
        client,
        account: previous.retired,
        activatedAt: new Date(Date.UTC(previousYear, 0, 10, 12)),
        deactivatedAt: new Date(Date.UTC(previousYear, 5, 10, 12)),
      });
      return {
        owner: person(owner.user),
        client: { id: client.id, name: client.name, logoUrl: null },
        previousYear,
        ...accounts,
      };
    },
  };
}

export const test = base.extend<{ people: People }, { factories: Factories }>({
  // Playwright intercepts a page's file pickers only while a 'filechooser' listener exists, and turns
  // that on asynchronously: a picker opened right after a waitForEvent("filechooser") could still be a
  // real dialog, which blocks the page and never reaches the test. One listener for the page's whole life
  // keeps every picker intercepted.
  page: async ({ page }, provide) => {
    page.on("filechooser", () => undefined);
    await provide(page);
  },
  factories: [
    // Playwright reads the fixtures a function asks for from its first argument (none here).
    async ({}, provide) => {
      await provide(loadFactories());
      const { disconnectDb } = require("@/server/db/client") as typeof import("@/server/db/client");
      await disconnectDb();
    },
    { scope: "worker" },
  ],
  people: async ({ factories }, provide) => provide(peopleFrom(factories)),
});

export { expect } from "@playwright/test";
