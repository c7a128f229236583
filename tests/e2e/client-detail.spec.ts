import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { monthNames } from "@/lib/format/dates";
import { test as base, expect, type Person } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// /home/client with an office of the test's own: the owner searches the list, opens the
// client, switches months, years and views, reads account rows (a block in a deactivated account warns),
// filters, opens a block, and reads the pendências of a month. Dates are relative to this month in São Paulo.

function saoPauloToday(): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

type DetailClient = {
  owner: Person;
  client: { id: number; name: string };
  tag: string;
  rent: string;
  energy: string;
  old: string;
};

const test = base.extend<{ detailClient: () => Promise<DetailClient> }>({
  detailClient: async ({ factories: f }, provide) => {
    await provide(async () => {
      const { year, month } = saoPauloToday();
      const tag = Math.random().toString(36).slice(2, 7);
      const owner = await f.createAccountingOperator({
        type: 0,
        user: { email: f.uniqueEmail("e2e-detalhe"), name: `Olga Dona ${tag}` },
      });
      const office = { id: owner.officeId };
      const client = await f.createClient({ responsible: owner, name: `Detalhe Comércio ${tag} Ltda` });
      const account = (code: string, description: string, yearOfExercise: number) =>
        f.createAccount({ office, code: `${code}.${tag}`, description, yearOfExercise });
      const rent = await account("1.1", `Aluguel Matriz ${tag}`, year);
      const rentBefore = await account("1.1", `Aluguel Matriz ${tag}`, year - 1);
      const energy = await account("2.1", `Energia Elétrica ${tag}`, year);
      const old = await account("3.1", `Serviços Antigos ${tag}`, year);
      const noon = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 15));
      await f.activateAccount({ client, account: rent, activatedAt: noon(year - 1, 1, 2) });
      await f.activateAccount({ client, account: energy, activatedAt: new Date() });
      await f.activateAccount({
        client,
        account: old,
        activatedAt: noon(year - 1, 1, 2),
        deactivatedAt: noon(year - 1, 2, 2),
      });
      const operator = { id: owner.id };
      const sentAt = new Date(Date.now() - 10 * 60_000);
      const categorized = (account: { id: number }, valueCents: number, paymentDate: Date) =>
        f.createBlock({
          client,
          state: "categorized",
          account,
          operator,
          valueCents,
          paymentDate,
          sentAt,
          categorizedAt: sentAt,
        });
      const inRent = await categorized(rent, 123_456, noon(year, month, 1));
      await categorized(old, 9_990, noon(year, month, 1));
      await categorized(rentBefore, 55_500, noon(year - 1, 12, 15));
      await f.createPendency({
        block: inRent,
        issue: 2,
        observations: `Falta a segunda página ${tag}`,
        createdBy: operator,
        createdAt: new Date(Date.now() - 60_000),
      });
      await f.createPendency({
        block: inRent,
        issue: 0,
        observations: "",
        createdBy: operator,
        createdAt: new Date(Date.now() - 120_000),
        solvedAt: new Date(),
      });
      return {
        owner: { email: owner.user.email, name: owner.user.name },
        client: { id: client.id, name: client.name },
        tag,
        rent: rent.description,
        energy: energy.description,
        old: old.description,
      };
    });
  },
});

const leftPanel = (page: Page) => page.locator("section[aria-labelledby=client-title]");
const pendencies = (page: Page) => page.locator("section[aria-labelledby=pendencies-title]");
const row = (page: Page, description: string) => leftPanel(page).getByRole("button", { name: new RegExp(description) });

test("[client detail] the owner opens a client from the list, switches months, years and views, filters, opens a block and reads the pendências; axe", async ({
  page,
  request,
  detailClient,
}) => {
  test.setTimeout(90_000);
  const data = await detailClient();
  const { year, month, day } = saoPauloToday();
  await openLoggedIn(page, await apiLogin(request, data.owner.email), "accounting", "/home");

  // the list: search, then open the client with a click
  await page.getByRole("searchbox", { name: "Buscar conta" }).fill(`detalhe comercio ${data.tag}`);
  await page.getByText(data.client.name).click();
  await expect(page).toHaveURL(/\/home\/client$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(data.client.name);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("bloco.client") ?? "null")?.id)).toBe(
    data.client.id,
  );

  // this month: three accounts by code, one block in the deactivated one → the warning
  const panel = leftPanel(page);
  await expect(panel.getByRole("combobox", { name: "Mês" })).toHaveValue(String(month));
  await expect(panel.getByRole("combobox", { name: "Ano" })).toHaveValue(String(year));
  await expect(panel.getByText(`Contas de ${monthNames[month - 1]} de ${year}`)).toBeVisible();
  await expect(row(page, data.rent)).toContainText("1 bloco");
  await expect(row(page, data.energy)).toContainText("0 blocos");
  await expect(row(page, data.old).getByRole("img", { name: /não faz parte das contas ativas/ })).toBeVisible();
  await expectNoAxeViolations(page, "/home/client accounts");

  await row(page, data.energy).click();
  await expect(row(page, data.energy)).toHaveAttribute("aria-expanded", "true");
  await expect(panel.getByText("Sem blocos nesta conta")).toBeVisible();
  await row(page, data.old).click();
  await expect(
    panel.locator("p").filter({
      hasText:
        "Um ou mais blocos foram categorizados nesta conta, porém ela não faz parte das contas ativas da empresa.",
    }),
  ).toBeVisible();
  await row(page, data.rent).click();
  await expect(panel.getByRole("button", { name: /R\$ 1\.234,56/ })).toBeVisible();

  // 'Buscar conta': accent- and case-insensitive; nothing found
  const search = panel.getByRole("searchbox", { name: "Buscar conta" });
  await search.fill("ENERGIA ELETRICA");
  await expect(row(page, data.energy)).toBeVisible();
  await expect(row(page, data.rent)).toHaveCount(0);
  await search.fill("zzz-nada");
  await expect(panel.getByText("Nenhuma conta encontrada")).toBeVisible();

  // 'Visualizar Blocos': the flat list, 'Buscar valor'
  await panel.getByRole("button", { name: "Visualizar Blocos" }).click();
  await expect(panel.getByRole("button", { name: "Visualizar Blocos" })).toHaveAttribute("aria-pressed", "true");
  const values = panel.getByRole("searchbox", { name: "Buscar valor" });
  await expect(values).toHaveValue("");
  await expect(panel.getByRole("button", { name: /R\$ 1\.234,56/ })).toBeVisible();
  await expect(panel.getByRole("button", { name: /R\$ 99,90/ })).toBeVisible();
  await values.fill("1.234");
  await expect(panel.getByRole("button", { name: /R\$ 99,90/ })).toHaveCount(0);
  await values.fill("");

  // December of last year: another chart year, its own block
  await panel.getByRole("combobox", { name: "Ano" }).selectOption(String(year - 1));
  await panel.getByRole("combobox", { name: "Mês" }).selectOption("12");
  await expect(panel.getByText(`Blocos de Dezembro de ${year - 1}`)).toBeVisible();
  await expect(panel.getByRole("button", { name: /R\$ 555,00/ })).toBeVisible();
  await expect(panel.getByRole("button", { name: /R\$ 1\.234,56/ })).toHaveCount(0);
  await panel.getByRole("button", { name: "Visualizar Contas" }).click();
  await expect(row(page, data.rent)).toContainText("1 bloco");
  await expect(row(page, data.old)).toHaveCount(0); // deactivated in February of that year, no block

  // 2020: nothing at all
  await panel.getByRole("combobox", { name: "Ano" }).selectOption("2020");
  await expect(panel.getByText("Nenhuma conta adicionada")).toBeVisible();
  await panel.getByRole("button", { name: "Visualizar Blocos" }).click();
  await expect(panel.getByText("Nenhum bloco categorizado")).toBeVisible();

  // 'Todos' of this year: both blocks; open one in the viewer
  await panel.getByRole("combobox", { name: "Ano" }).selectOption(String(year));
  await panel.getByRole("combobox", { name: "Mês" }).selectOption("0");
  await expect(panel.getByText(`Blocos de todos os meses de ${year}`)).toBeVisible();
  await panel.getByRole("button", { name: /R\$ 1\.234,56/ }).click();
  const viewer = page.getByRole("dialog");
  await expect(viewer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  // 'Pendências': this month's chip counts the open one; by day; the dialog
  const right = pendencies(page);
  const chip = right.getByRole("button", { name: `${monthNames[month - 1].slice(0, 3)} 1 pendência aberta` });
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await expect(right.getByRole("heading", { name: `Dia ${String(day).padStart(2, "0")}` })).toBeVisible();
  const items = right.locator("ol button");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Bloco incompleto");
  await expect(items.first()).toContainText("Aberta");
  await expect(items.nth(1)).toContainText("Resolvida");
  await items.first().click();
  const details = page.getByRole("dialog", { name: "Pendências" });
  await expect(details.getByText("Problema")).toBeVisible();
  await expect(details.getByText("Bloco incompleto")).toBeVisible();
  await expect(details.getByText(`Falta a segunda página ${data.tag}`)).toBeVisible();
  await expectNoAxeViolations(page, "pendency dialog");
  await page.keyboard.press("Escape");
  await items.nth(1).click();
  await expect(details.getByText("Nenhuma observação")).toBeVisible();
  await details.getByRole("button", { name: "Fechar" }).click();

  // another month of the panel: empty
  const other = month === 1 ? 2 : month - 1;
  await right.getByRole("button", { name: monthNames[other - 1].slice(0, 3), exact: true }).click();
  await expect(right.getByText("Sem itens nesta lista")).toBeVisible();
  await expectNoAxeViolations(page, "/home/client blocks and pendências");
});

test("[client detail] keyboard only: the view toggle, a row and the pendency dialog", async ({
  page,
  request,
  detailClient,
}) => {
  const data = await detailClient();
  await openLoggedIn(page, await apiLogin(request, data.owner.email), "accounting", "/register");
  await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), {
    ...data.client,
    logoUrl: null,
  });
  await page.goto("/home/client");
  const rent = row(page, data.rent);
  await expect(rent).toBeVisible();
  await tabTo(page, rent, 60);
  await page.keyboard.press("Enter");
  await expect(rent).toHaveAttribute("aria-expanded", "true");
  const blocks = leftPanel(page).getByRole("button", { name: "Visualizar Blocos" });
  await tabTo(page, blocks, 60);
  await page.keyboard.press("Enter");
  await expect(blocks).toHaveAttribute("aria-pressed", "true");
  const item = pendencies(page).locator("ol button").first();
  await tabTo(page, item, 80);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Pendências" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(item).toBeFocused();
});

test("[client detail] without a client in this tab, /home/client goes to /home; a client of another office answers 404 and goes home too", async ({
  page,
  request,
  detailClient,
  people,
}) => {
  const data = await detailClient();
  const stranger = await people.operator();
  await openLoggedIn(page, await apiLogin(request, stranger.email), "accounting", "/register");
  await page.evaluate(() => sessionStorage.removeItem("bloco.client"));
  await page.goto("/home/client");
  await expect(page).toHaveURL(/\/home$/);
  await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), {
    ...data.client,
    logoUrl: null,
  });
  await page.goto("/home/client");
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => sessionStorage.getItem("bloco.client"))).toBeNull();
});
