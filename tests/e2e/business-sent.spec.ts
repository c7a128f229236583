import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { DESKTOP, expect, PHONE, saoPauloToday, sendBlock, test } from "./support/business";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// Blocos enviados: a block just sent (through /api/block/create with a real JPEG) shows
// under today's date with the live undo countdown; undo takes it away; the office categorising one first
// makes the undo a 409 shown as the server says it; a colleague who shares shows under its (cut) name,
// one who does not is not offered; the block a client sends reaches the office's client detail.

const list = (page: Page) => page.getByRole("region", { name: "Blocos enviados no período" });
const tile = (page: Page, blockId: number) => page.locator(`[data-testid=sent-block][data-block-id="${blockId}"]`);
const COUNTDOWN = /^1[45]:[0-5]\d$/;

test.describe("desktop", () => {
  test.use(DESKTOP);

  test("[sent] a block just sent counts down, previews and is undone; a colleague who shares shows under its cut name; axe", async ({
    page,
    request,
    company,
  }) => {
    const data = await company();
    const tokens = await apiLogin(request, data.owner.email);
    const sent = await sendBlock(request, tokens.access);
    expect(sent.undoableUntil).not.toBeNull();
    await openLoggedIn(page, tokens, "bussiness", "/sentblock");

    const operator = list(page).getByRole("combobox", { name: "Operador" });
    await expect(operator.locator("option:checked")).toHaveText("Voce");
    // the caller, then the one who shares, its name cut at 25 characters; the other is not offered
    await expect(operator.locator("option")).toHaveText(["Voce", "Maximiliano Albuquerque B…"]);
    await expect(list(page).getByRole("heading", { level: 2, name: saoPauloToday().ddmmyyyy })).toBeVisible();
    const mine = tile(page, sent.id);
    const timer = mine.getByRole("timer");
    await expect(timer).toHaveText(COUNTDOWN);
    // it is live: the text changes within two seconds
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? "");
    await expect(timer).toHaveAttribute("aria-label", /para desfazer$/);
    // the fixture's older own blocks show their time, without undo
    await expect(page.getByTestId("sent-block")).not.toHaveCount(1);
    await expect(
      page
        .getByTestId("sent-block")
        .filter({ hasNot: page.getByRole("timer") })
        .first()
        .getByTestId("sent-time"),
    ).toHaveText(/^\d\d:\d\d$/);
    await expect(page.getByTestId("sent-preview")).toContainText("Selecione um bloco");
    await expectNoAxeViolations(page, "/sentblock with a countdown");

    // select → the preview shows its image
    await mine.getByRole("button", { name: /^Bloco enviado às \d\d:\d\d, 1 imagem$/ }).click();
    const preview = page.getByTestId("sent-preview");
    await expect(preview.getByRole("img", { name: "Imagem 1 de 1" })).toBeVisible();
    await expect(preview).toContainText(`Enviado em ${saoPauloToday().ddmmyyyy} às`);
    await expectNoAxeViolations(page, "/sentblock with a preview");

    // undo by keyboard → the block leaves, the preview empties
    const undo = mine.getByRole("button", { name: /^Desfazer envio/ });
    await tabTo(page, undo, 60);
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: "Envio desfeito. Os documentos voltaram para a galeria." }),
    ).toBeVisible();
    await expect(mine).toHaveCount(0);
    await expect(preview).toContainText("Selecione um bloco");

    // the colleague who shares: its block, no undo
    await operator.selectOption({ label: "Maximiliano Albuquerque B…" });
    await expect(page.getByTestId("sent-block")).toHaveCount(1);
    await expect(page.getByTestId("sent-block").getByRole("button", { name: /Desfazer/ })).toHaveCount(0);
    await expect(page.getByTestId("sent-block").getByRole("timer")).toHaveCount(0);
    await page
      .getByTestId("sent-block")
      .getByRole("button", { name: /2 imagens$/ })
      .click();
    await expect(preview.getByRole("img", { name: "Imagem 1 de 2" })).toBeVisible();

    // a month without blocks
    const { month } = saoPauloToday();
    await list(page).getByRole("combobox", { name: "Ano" }).selectOption("2020");
    await list(page).getByRole("combobox", { name: "Mês" }).selectOption(String(month));
    await expect(list(page).getByText("Sem blocos")).toBeVisible();
  });

  test("[sent] once the office categorises the block, undo answers 409 with the server's message; the block reaches the office's client detail", async ({
    page,
    browser,
    request,
    company,
  }) => {
    const data = await company();
    const tokens = await apiLogin(request, data.owner.email);

    // the office's client detail before: the uncategorised count on Categorizar
    const office = await browser.newContext(DESKTOP);
    const officePage = await office.newPage();
    await openLoggedIn(officePage, await apiLogin(request, data.office.email), "accounting", "/register");
    await officePage.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), {
      ...data.client,
      logoUrl: null,
    });
    await officePage.goto("/home/client");
    const categorize = officePage.getByTestId("side-categorize");
    const badge = categorize.locator("[title]");
    await expect(badge).toHaveAttribute("title", /^\d+ blocos? não categorizados?$/);
    const before = Number((await badge.getAttribute("title"))?.split(" ")[0]);

    const sent = await sendBlock(request, tokens.access);
    await openLoggedIn(page, tokens, "bussiness", "/sentblock");
    await expect(tile(page, sent.id).getByRole("timer")).toHaveText(COUNTDOWN);

    // the client's block arrives at the office
    await officePage.reload();
    await expect(badge).toHaveAttribute("title", `${before + 1} blocos não categorizados`);

    // the office categorises it (its own save call), then the company tries to undo
    const officeTokens = await apiLogin(request, data.office.email);
    const { year, month, day } = saoPauloToday();
    const rent = await request.post("/api/account/all", {
      data: { year },
      headers: { authorization: `Bearer ${officeTokens.access}` },
    });
    const rentId = ((await rent.json()) as { data: { id: number; code: string }[] }).data.find(
      (account) => account.code === data.rent.code,
    )?.id;
    const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const save = await request.post("/api/block/save", {
      data: { block: { id: sent.id, date, value: "10.00", accountId: rentId }, version: 0 },
      headers: { authorization: `Bearer ${officeTokens.access}` },
    });
    expect(save.status(), await save.text()).toBe(200);

    await tile(page, sent.id)
      .getByRole("button", { name: /^Desfazer envio/ })
      .click();
    const refused = page.getByRole("alert").filter({ hasText: "Este bloco" });
    await expect(refused).toHaveText("Este bloco já foi categorizado pelo escritório e não pode mais ser desfeito.");
    // the list refreshed: no countdown, no undo, marked categorised
    await expect(tile(page, sent.id).getByRole("timer")).toHaveCount(0);
    await expect(tile(page, sent.id)).toContainText("Categorizado");
    await refused.getByRole("button", { name: "Fechar" }).click();
    await expect(refused).toHaveCount(0);
    await office.close();
  });
});

test.describe("phone", () => {
  test.use(PHONE);

  test("[sent] at 390 px: the countdown, the preview full screen, undo; 44 px targets; axe", async ({
    page,
    request,
    company,
  }) => {
    const data = await company();
    const tokens = await apiLogin(request, data.owner.email);
    const sent = await sendBlock(request, tokens.access);
    await openLoggedIn(page, tokens, "bussiness", "/sentblock");
    const mine = tile(page, sent.id);
    await expect(mine.getByRole("timer")).toHaveText(COUNTDOWN);
    const undo = mine.getByRole("button", { name: /^Desfazer envio/ });
    const undoBox = await undo.boundingBox();
    expect(undoBox?.height).toBeGreaterThanOrEqual(44);
    expect(undoBox?.width).toBeGreaterThanOrEqual(44);
    expect((await list(page).getByRole("combobox", { name: "Operador" }).boundingBox())?.height).toBeGreaterThanOrEqual(
      44,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "/sentblock at 390 px");

    await mine.getByRole("button", { name: /^Bloco enviado às/ }).tap();
    const preview = page.getByRole("dialog", { name: "Documentos do bloco" });
    await expect(preview.getByRole("img", { name: "Imagem 1 de 1" })).toBeVisible();
    await expectNoAxeViolations(page, "/sentblock preview at 390 px");
    await preview.getByRole("button", { name: "Fechar pré-visualização" }).tap();
    await expect(preview).toHaveCount(0);

    await undo.tap();
    await expect(mine).toHaveCount(0);
  });
});
