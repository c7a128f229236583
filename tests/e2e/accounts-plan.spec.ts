import type { Page } from "@playwright/test";
import type { TokenAnswer } from "@/lib/contract/auth";
import { currentYearMonth, formatDate, monthNames } from "@/lib/format/dates";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test, type AccountsPlan, type ClientRef } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// 'Gerenciar contas': the month plan of a client of the test's own, activated and
// deactivated from this month on, and the month rules of the accounts help tooltip read back on
// /home/client across the boundary between the previous and the current year.

const HELP =
  "Contas ativas ficam disponíveis a partir do mês de ativação e continuam nos meses seguintes. Adicionar uma conta não altera os meses anteriores. Contas desativadas continuam disponíveis nos meses em que há ao menos um bloco categorizado nelas.";

const bar = (page: Page) => page.getByRole("navigation", { name: "Ações do cliente" });
const accountsPanel = (page: Page) => page.locator('section[aria-labelledby="client-title"]');

async function openClient(page: Page, tokens: TokenAnswer, client: ClientRef): Promise<void> {
  await openLoggedIn(page, tokens, "accounting", "/home");
  await page.evaluate((value) => sessionStorage.setItem("bloco.client", JSON.stringify(value)), client);
  await page.goto("/home/client");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(client.name);
}

/** The codes /home/client lists for a month (the client's account rows), or 'Nenhuma conta adicionada'. */
async function showMonth(page: Page, year: number, month: number): Promise<void> {
  const panel = accountsPanel(page);
  await panel.getByLabel("Ano").selectOption(String(year));
  await panel.getByLabel("Mês").selectOption({ label: monthNames[month - 1] });
  await expect(panel.getByRole("heading", { name: `Contas de ${monthNames[month - 1]} de ${year}` })).toBeVisible();
}

async function expectMonth(
  page: Page,
  plan: AccountsPlan,
  year: number,
  month: number,
  shown: Array<keyof Pick<AccountsPlan, "carried" | "retired" | "fresh">>,
) {
  await showMonth(page, year, month);
  const panel = accountsPanel(page);
  if (shown.length === 0) await expect(panel.getByText("Nenhuma conta adicionada")).toBeVisible();
  for (const key of ["carried", "retired", "fresh"] as const) {
    const row = panel.getByText(plan[key].code, { exact: true });
    if (shown.includes(key)) await expect(row, `${key} in ${month}/${year}`).toBeVisible();
    else await expect(row, `${key} not in ${month}/${year}`).toHaveCount(0);
  }
}

test("[accounts] activates and deactivates accounts from this month on; the month rules hold across the year boundary", async ({
  page,
  request,
  people,
}) => {
  test.setTimeout(90_000); // eleven month switches on /home/client after the drawer journey
  const plan = await people.accountsPlan();
  const { year, month } = currentYearMonth(); // this month in São Paulo, the month a change applies from
  await openClient(page, await apiLogin(request, plan.owner.email), plan.client);

  // Keyboard: the side bar entry opens 'Gerenciar plano de Contas'.
  await tabTo(page, bar(page).getByRole("button", { name: "Gerenciar contas" }));
  await page.keyboard.press("Enter");
  const manage = page.getByRole("dialog", { name: "Gerenciar plano de Contas" });
  const active = manage.getByRole("list", { name: "Contas ativas" });
  // the activation of March last year carries into this year's chart by code; the one retired in June does not
  await expect(active.getByTestId("account-item")).toHaveCount(1);
  await expect(active).toContainText(`${plan.carried.code} - ${plan.carried.description}`);
  await expect(active).toContainText(`Ativa desde 09/03/${plan.previousYear}`); // its São Paulo day
  await expect(manage).toContainText(
    `As alterações valem a partir de ${monthNames[month - 1].toLowerCase()} de ${year}.`,
  );
  await manage.getByRole("button", { name: "Como funcionam as contas ativas" }).click();
  await expect(manage.getByRole("note")).toHaveText(HELP);
  await expectNoAxeViolations(page, "Gerenciar plano de Contas");

  // 'Adicionar contas': the chart minus the active ones, searched without accents or case.
  await manage.getByRole("button", { name: "Adicionar contas" }).click();
  const add = page.getByRole("dialog", { name: "Adicionar contas" });
  const results = add.getByRole("list", { name: "Resultados da busca" });
  await expect(results).toContainText(plan.fresh.code);
  await expect(results).toContainText(plan.retired.code);
  await expect(results).not.toContainText(plan.carried.code);
  const search = add.getByRole("searchbox", { name: "Buscar conta" });
  await search.fill("CONTA NÔVA");
  await expect(results.getByTestId("account-item")).toHaveCount(1);
  await search.fill("zzz-nada");
  await expect(add.getByText("Nenhuma conta encontrada")).toBeVisible();
  await search.fill("");
  await expectNoAxeViolations(page, "Adicionar contas");
  const addFresh = add.getByRole("button", { name: `Adicionar ${plan.fresh.code} - ${plan.fresh.description}` });
  await tabTo(page, addFresh);
  await page.keyboard.press("Enter");
  await expect(results).not.toContainText(plan.fresh.code); // moved out of the results…
  await add.getByRole("button", { name: "Voltar para as contas ativas" }).click();
  await expect(active).toContainText(plan.fresh.code); // …into the active list, dated today
  await expect(active.getByTestId("account-item").filter({ hasText: plan.fresh.code })).toContainText(
    `Ativa desde ${formatDate(new Date())}`,
  );

  // Removing drops it from the active list.
  await manage.getByRole("button", { name: `Remover ${plan.carried.code} - ${plan.carried.description}` }).click();
  await expect(active).not.toContainText(plan.carried.code);
  await expect(active.getByTestId("account-item")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(manage).toHaveCount(0);

  // The month rules, read on /home/client: this month has the new plan…
  await expectMonth(page, plan, year, month, ["fresh"]);
  // …earlier months keep theirs: the previous month of this year (or December of last year in January)
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  await expectMonth(page, plan, previous.year, previous.month, ["carried"]);
  // across the year boundary: December of last year and January of this one
  await expectMonth(page, plan, plan.previousYear, 12, ["carried"]);
  if (month > 1) await expectMonth(page, plan, year, 1, ["carried"]);
  // last year: the retired one from January to May, the carried one from March on
  await expectMonth(page, plan, plan.previousYear, 2, ["retired"]);
  await expectMonth(page, plan, plan.previousYear, 4, ["carried", "retired"]);
  await expectMonth(page, plan, plan.previousYear, 7, ["carried"]);
  // before any activation
  if (plan.previousYear - 1 >= 2020) await expectMonth(page, plan, plan.previousYear - 1, 6, []);
});

test("[accounts] the account list is asked again every 500 ms until it loads", async ({ page, request, people }) => {
  const plan = await people.accountsPlan();
  await openClient(page, await apiLogin(request, plan.owner.email), plan.client);
  let failures = 2;
  const calls: number[] = [];
  await page.route("**/api/account/all", async (route) => {
    calls.push(Date.now());
    if (failures-- > 0)
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "unavailable", message: "Indisponível" } }),
      });
    return route.continue();
  });
  await bar(page).getByRole("button", { name: "Gerenciar contas" }).click();
  const manage = page.getByRole("dialog", { name: "Gerenciar plano de Contas" });
  await expect(manage.getByRole("list", { name: "Contas ativas" })).toContainText(plan.carried.code);
  expect(calls.length).toBe(3);
  // two waits of about 500 ms between the three calls (never immediately)
  expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(450);
  expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(450);
});

test("[accounts] a drawer closed while a change is on its way: reopened, its buttons work", async ({
  page,
  request,
  people,
}) => {
  const plan = await people.accountsPlan();
  await openClient(page, await apiLogin(request, plan.owner.email), plan.client);
  // The change is held on its way until the drawer has been closed (state, not time).
  let release!: () => void;
  const closed = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/account/change", async (route) => {
    await closed;
    await route.continue();
  });
  await bar(page).getByRole("button", { name: "Gerenciar contas" }).click();
  const manage = page.getByRole("dialog", { name: "Gerenciar plano de Contas" });
  const remove = manage.getByRole("button", { name: `Remover ${plan.carried.code} - ${plan.carried.description}` });
  const answered = page.waitForResponse("**/api/account/change");
  await remove.click();
  await expect(remove).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(manage).toHaveCount(0);
  release();
  await answered;
  await page.unroute("**/api/account/change");
  await bar(page).getByRole("button", { name: "Gerenciar contas" }).click();
  await manage.getByRole("button", { name: "Adicionar contas" }).click();
  const add = page.getByRole("dialog", { name: "Adicionar contas" });
  const addFresh = add.getByRole("button", { name: `Adicionar ${plan.fresh.code} - ${plan.fresh.description}` });
  await expect(addFresh).toBeEnabled();
  await addFresh.click();
  await expect(add.getByRole("list", { name: "Resultados da busca" })).not.toContainText(plan.fresh.code);
});
