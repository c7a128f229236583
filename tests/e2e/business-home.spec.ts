import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { monthNames } from "@/lib/format/dates";
import { businessNav, DESKTOP, expect, PHONE, saoPauloToday, test } from "./support/business";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn, readStorage } from "./support/session";

// The business home and the business frame's navigation: the company's blocks of a month
// by account and flat (the client detail's own panel), a block opened read-only, the company dialog, the
// side bar (expandable, kept on the device) on a desktop and the bottom bar on a phone; axe on each.

const panel = (page: Page) => page.getByRole("region", { name: "Inicio" });
const row = (page: Page, description: string) => panel(page).getByRole("button", { name: new RegExp(description) });

test.describe("desktop", () => {
  test.use(DESKTOP);

  test("[business home] the company's blocks of this month by account and flat, a block read-only, the company dialog; axe", async ({
    page,
    request,
    company,
  }) => {
    const data = await company();
    const { year, month } = saoPauloToday();
    await openLoggedIn(page, await apiLogin(request, data.owner.email), "bussiness", "/home");

    await expect(page.getByRole("heading", { level: 1, name: data.client.name })).toBeVisible();
    await expect(panel(page).getByRole("combobox", { name: "Mês" })).toHaveValue(String(month));
    await expect(panel(page).getByRole("combobox", { name: "Ano" })).toHaveValue(String(year));
    await expect(panel(page).getByText(`Contas de ${monthNames[month - 1]} de ${year}`)).toBeVisible();
    await expect(row(page, data.rent.description)).toContainText("1 bloco");
    await expect(row(page, data.energy.description)).toContainText("1 bloco");
    // the side bar: six entries ('Importar XML' after 'Criar bloco'), Inicio current, the pendency on the badge
    const nav = businessNav(page);
    await expect(nav.getByRole("link")).toHaveText([
      "Inicio",
      "Criar bloco",
      "Importar XML",
      /^Pendencias/,
      "Blocos enviados",
      "Devolvidos",
    ]);
    await expect(nav.getByRole("link", { name: "Inicio" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: /Pendencias/ })).toContainText("1 pendência");
    await expectNoAxeViolations(page, "business /home accounts");

    // 'Buscar conta' and a row with its block; the block opens read-only with its account
    await panel(page).getByRole("searchbox", { name: "Buscar conta" }).fill("aluguel");
    await expect(row(page, data.energy.description)).toHaveCount(0);
    await row(page, data.rent.description).click();
    await panel(page)
      .getByRole("button", { name: /R\$ 1\.234,56/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Bloco" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`${data.rent.code} - ${data.rent.description}`)).toBeVisible();
    await expect(dialog.getByText("Não contabilizado")).toBeVisible();
    await expect(dialog.getByRole("img", { name: "Imagem 1 de 2" })).toBeVisible();
    await dialog.getByRole("button", { name: "Imagem 2 de 2" }).click();
    await expect(dialog.getByRole("img", { name: "Imagem 2 de 2" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Salvar|Devolver/ })).toHaveCount(0);
    await expectNoAxeViolations(page, "business block dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // 'Visualizar Blocos': both categorised blocks of the month, flat
    await panel(page).getByRole("button", { name: "Visualizar Blocos" }).click();
    await expect(panel(page).getByText(`Blocos de ${monthNames[month - 1]} de ${year}`)).toBeVisible();
    await expect(panel(page).getByRole("button", { name: /R\$ 1\.234,56/ })).toBeVisible();
    await expect(panel(page).getByRole("button", { name: /R\$ 500,00\s*, Contabilizado/ })).toBeVisible();
    await panel(page).getByRole("combobox", { name: "Ano" }).selectOption("2020");
    await expect(panel(page).getByText("Nenhum bloco categorizado")).toBeVisible();

    // the company dialog from the name
    await page.getByRole("heading", { level: 1 }).getByRole("button").click();
    const info = page.getByRole("dialog", { name: "Dados do cliente" });
    await expect(info.getByText(data.client.name).first()).toBeVisible();
    await expectNoAxeViolations(page, "business company dialog");
    await info.getByRole("button", { name: "Fechar" }).click();
    await expect(info).toHaveCount(0);
  });

  test("[business home] the side bar collapses to icons, stays so after a reload, and leads to each page by keyboard", async ({
    page,
    request,
    company,
  }) => {
    const data = await company();
    await openLoggedIn(page, await apiLogin(request, data.owner.email), "bussiness", "/home");
    const nav = businessNav(page);
    await expect(nav.getByRole("link", { name: "Inicio" })).toBeVisible();
    await nav.getByRole("button", { name: "Recolher menu" }).click();
    await expect(nav).toHaveAttribute("data-collapsed", "true");
    expect(await readStorage(page, "bloco.businessNav")).toBe("collapsed");
    // collapsed: icons with the label as tooltip, still named
    await expect(nav.getByRole("link", { name: "Blocos enviados" })).toHaveAttribute("title", "Blocos enviados");
    await page.reload();
    await expect(businessNav(page)).toHaveAttribute("data-collapsed", "true");
    await expectNoAxeViolations(page, "business /home, side bar collapsed");

    const sent = businessNav(page).getByRole("link", { name: "Blocos enviados" });
    await tabTo(page, sent);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sentblock$/);
    await expect(page.getByRole("heading", { level: 1, name: "Blocos enviados" })).toBeVisible();
    await expect(businessNav(page).getByRole("link", { name: "Blocos enviados" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await businessNav(page).getByRole("button", { name: "Expandir menu" }).click();
    expect(await readStorage(page, "bloco.businessNav")).toBe("expanded");
    await businessNav(page).getByRole("link", { name: "Devolvidos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Devolvidos" })).toBeVisible();
    await businessNav(page).getByRole("link", { name: "Inicio" }).click();
    await expect(page.getByRole("heading", { level: 1, name: data.client.name })).toBeVisible();
  });
});

test.describe("phone", () => {
  test.use(PHONE);

  test("[business home] at 390 px: the bottom bar (44 px targets, badge), the month by account, a block full screen; axe", async ({
    page,
    request,
    company,
  }) => {
    const data = await company();
    await openLoggedIn(page, await apiLogin(request, data.owner.email), "bussiness", "/home");
    await expect(page.getByRole("heading", { level: 1, name: data.client.name })).toBeVisible();
    await expect(page.getByTestId("business-side-bar")).toBeHidden();
    const nav = businessNav(page);
    await expect(nav).toHaveAttribute("data-testid", "business-bottom-bar");
    const links = nav.getByRole("link");
    await expect(links).toHaveCount(6);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    await expect(nav.getByRole("link", { name: /Pendencias/ })).toContainText("1 pendência");
    // the controls of the panel are 44 px tall too, and nothing scrolls sideways
    for (const control of [
      panel(page).getByRole("combobox", { name: "Mês" }),
      panel(page).getByRole("searchbox", { name: "Buscar conta" }),
      row(page, data.rent.description),
    ]) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "business /home at 390 px");

    await row(page, data.rent.description).tap();
    await panel(page)
      .getByRole("button", { name: /R\$ 1\.234,56/ })
      .tap();
    const dialog = page.getByRole("dialog", { name: "Bloco" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await expectNoAxeViolations(page, "business block dialog at 390 px");
    await dialog.getByRole("button", { name: "Fechar bloco" }).tap();

    await nav.getByRole("link", { name: "Devolvidos" }).tap();
    await expect(page).toHaveURL(/\/devolveds$/);
    await expect(businessNav(page).getByRole("link", { name: "Devolvidos" })).toHaveAttribute("aria-current", "page");
  });
});
