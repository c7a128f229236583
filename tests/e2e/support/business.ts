import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { SentBlock } from "@/lib/contract/business";
import { test as base, type Person } from "./data";

// A client company of its own for the business screens: its office's owner (the
// responsible operator), the company's owner, a colleague with a long name who shares its gallery and
// sent blocks, one who does not; two active accounts with a block of this month each (one contabilised),
// an uncategorised block, a block with an open pendency (the Pendencias badge), and returned documents
// whose deadlines fall in each band of the countdown (days, '1 dia', the clock).

export function saoPauloToday(): { year: number; month: number; day: number; ddmmyyyy: string; iso: string } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const [year, month, day] = [get("year"), get("month"), get("day")];
  const pad = (n: number) => String(n).padStart(2, "0");
  return { year, month, day, ddmmyyyy: `${pad(day)}/${pad(month)}/${year}`, iso: `${year}-${pad(month)}-${pad(day)}` };
}

/**
 * An instant up to `ms` before now, on today's date in São Paulo: the company's screens list its sends by
 * their São Paulo day and month, and three hours before half past midnight is yesterday (on the 1st, last
 * month). Past midnight the send goes back nine tenths of the time since, so in a day's first quarter of
 * an hour it is still inside the 15 minutes in which its sender may undo it.
 */
export function earlierToday(ms: number): Date {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Sao_Paulo",
    hourCycle: "h23",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const sinceMidnight = ((get("hour") * 60 + get("minute")) * 60 + get("second")) * 1000;
  return new Date(Date.now() - Math.min(ms, sinceMidnight * 0.9));
}

export type BusinessCompany = {
  tag: string;
  client: { id: number; name: string };
  office: Person;
  owner: Person;
  /** Shares its gallery and sent blocks; its name is longer than 25 characters. */
  sharer: Person;
  /** Shares nothing. */
  private: Person;
  rent: { code: string; description: string };
  energy: { code: string; description: string };
  /** Returned documents: ids by band of the countdown. */
  returned: { days: number[]; oneDay: number[]; clock: number[] };
};

const DAY = 86_400_000;

export const test = base.extend<{ company: () => Promise<BusinessCompany> }>({
  company: async ({ factories: f }, provide) => {
    await provide(async () => {
      const { year, month, day } = saoPauloToday();
      const tag = Math.random().toString(36).slice(2, 7);
      const officeOwner = await f.createAccountingOperator({
        type: 0,
        user: { email: f.uniqueEmail("e2e-biz-esc"), name: `Olivia Escritorio ${tag}` },
      });
      const office = { id: officeOwner.officeId };
      const client = await f.createClient({ responsible: officeOwner, name: `Padaria Bloco ${tag} Ltda` });
      const owner = await f.createClientOperator({
        client,
        type: 0,
        user: { email: f.uniqueEmail("e2e-biz"), name: `Lia Empresa ${tag}` },
      });
      const sharer = await f.createClientOperator({
        client,
        type: 2,
        sharedGallery: true,
        user: { email: f.uniqueEmail("e2e-biz"), name: `Maximiliano Albuquerque Bittencourt ${tag}` },
      });
      const loner = await f.createClientOperator({
        client,
        type: 2,
        user: { email: f.uniqueEmail("e2e-biz"), name: `Nina Reservada ${tag}` },
      });

      const rent = await f.createAccount({
        office,
        code: `1.1.${tag}`,
        description: `Aluguel Loja ${tag}`,
        yearOfExercise: year,
      });
      const energy = await f.createAccount({
        office,
        code: `2.1.${tag}`,
        description: `Energia Elétrica ${tag}`,
        yearOfExercise: year,
      });
      for (const account of [rent, energy])
        await f.activateAccount({ client, account, activatedAt: new Date(Date.UTC(year, 0, 1, 12)) });

      const operator = { id: officeOwner.id };
      const noonToday = new Date(Date.UTC(year, month - 1, day, 15));
      const sentAt = earlierToday(3 * 3_600_000);
      await f.createBlock({
        client,
        state: "categorized",
        account: rent,
        operator,
        valueCents: 123_456,
        paymentDate: noonToday,
        sentAt,
        sentBy: owner,
        documents: 2,
      });
      await f.createBlock({
        client,
        state: "contabilized",
        account: energy,
        operator,
        valueCents: 50_000,
        paymentDate: noonToday,
        sentAt,
        sentBy: owner,
      });
      await f.createBlock({ client, state: "uncategorized", sentAt, sentBy: owner });
      await f.createBlock({
        client,
        state: "pendency",
        operator,
        sentAt,
        sentBy: owner,
        issue: 1,
        observations: `Falta a nota ${tag}`,
      });
      // The colleagues' own sends: the sharer's shows under its name, the other's nowhere.
      await f.createBlock({
        client,
        state: "uncategorized",
        sentAt: earlierToday(3_600_000),
        sentBy: sharer,
        documents: 2,
      });
      await f.createBlock({ client, state: "uncategorized", sentAt: earlierToday(3_600_000), sentBy: loner });

      // Returned documents: yesterday (deadline 5 to 6 days away), 5 days ago ('1 dia'), 6 days ago (today's clock).
      const devolved = async (daysAgo: number, documents: number) => {
        const block = await f.createBlock({
          client,
          state: "devolved",
          operator,
          sentAt: new Date(Date.now() - daysAgo * DAY - 3_600_000),
          devolvedAt: new Date(Date.now() - daysAgo * DAY),
          sentBy: owner,
          documents,
        });
        return block.documents.map((doc) => doc.id);
      };
      const returned = { days: await devolved(1, 2), oneDay: await devolved(5, 1), clock: await devolved(6, 1) };

      const person = (made: { user: { email: string; name: string } }): Person => ({
        email: made.user.email,
        name: made.user.name,
      });
      return {
        tag,
        client: { id: client.id, name: client.name },
        office: person(officeOwner),
        owner: person(owner),
        sharer: person(sharer),
        private: person(loner),
        rent: { code: rent.code, description: rent.description },
        energy: { code: energy.code, description: energy.description },
        returned,
      };
    });
  },
});

export { expect };

/** A real JPEG (a receipt, made with sharp) as the data URL a phone's photo becomes. */
export async function receiptDataUrl(): Promise<string> {
  const { receiptJpeg } = require("../../helpers/images") as typeof import("../../helpers/images");
  return `data:image/jpeg;base64,${(await receiptJpeg({ width: 900, height: 600 })).toString("base64")}`;
}

/** POST /api/block/create with one new photo, as the company user whose access token is given. */
export async function sendBlock(request: APIRequestContext, access: string): Promise<SentBlock> {
  const id = `e2e-${Math.random().toString(36).slice(2, 12)}`;
  const response = await request.post("/api/block/create", {
    data: [{ id, base64url: await receiptDataUrl() }],
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: SentBlock }).data;
}

/** The nav of the business frame that is on screen (the side bar from 640 px, the bottom bar below). */
export function businessNav(page: Page) {
  return page.getByRole("navigation", { name: "Menu da empresa" }).filter({ visible: true });
}

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
export const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;
