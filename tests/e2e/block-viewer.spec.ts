import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { monthNames } from "@/lib/format/dates";
import { expect, test, type ViewerClient } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

test.describe.configure({ timeout: 120_000 }); // ten steps and two axe runs: 60 s measured at load 10 on 2 cores

// The block viewer on /home/client, with a client of the test's own
// (people.viewerClient: a categorised block of 3 images, a contabilised one and one with an open
// pendency, all of this month, none opened yet by its owner).

const dialog = (page: Page) => page.getByRole("dialog", { name: "Bloco" });
const card = (page: Page, blockId: number) => page.locator(`[data-block-id="${blockId}"]`);
const stage = (page: Page) => dialog(page).getByTestId("viewer-stage");

/** Logs in as the client's responsible owner and opens /home/client on the flat block list. */
async function openClient(page: Page, request: APIRequestContext, viewer: ViewerClient): Promise<void> {
  await openLoggedIn(page, await apiLogin(request, viewer.owner.email), "accounting", "/register");
  await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), {
    ...viewer.client,
    logoUrl: null,
  });
  await page.goto("/home/client");
  await page.getByRole("button", { name: "Visualizar Blocos" }).click();
}

async function openBlock(page: Page, blockId: number): Promise<Locator> {
  await card(page, blockId).click();
  await expect(dialog(page)).toBeVisible();
  await expect(stage(page).getByRole("img")).toBeVisible();
  return dialog(page);
}

/** A paste into `input` as the browser fires it (a ClipboardEvent carrying the text). */
const paste = (input: Locator, text: string) =>
  input.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);

/** This month in São Paulo, as the selects show it. */
function thisMonth(): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "numeric",
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get("year"), month: get("month") };
}

test("[viewer] opens from a block card: thumbnails, arrows, zoom by keys, wheel and buttons, drag to pan, full screen, Escape; axe", async ({
  page,
  request,
  people,
}) => {
  const viewer = await people.viewerClient();
  await openClient(page, request, viewer);
  const opener = card(page, viewer.blocks.categorized);
  await expect(opener).toHaveAccessibleName(/R\$ 123,45.*Não visualizado/);
  const box = await openBlock(page, viewer.blocks.categorized);
  await expect(box.getByRole("img", { name: "Imagem 1 de 3" })).toBeVisible();
  await expect(box.getByRole("button", { name: "Imagem 1 de 3" })).toHaveAttribute("aria-current", "true");
  await expectNoAxeViolations(page, "block viewer dialog");

  // ←/→ between images (wrapping), the thumbnail follows
  await page.keyboard.press("ArrowRight");
  await expect(box.getByRole("img", { name: "Imagem 2 de 3" })).toBeVisible();
  await expect(box.getByRole("button", { name: "Imagem 2 de 3" })).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(box.getByRole("img", { name: "Imagem 3 de 3" })).toBeVisible();
  await box.getByRole("button", { name: "Imagem 1 de 3" }).click();
  await expect(box.getByRole("img", { name: "Imagem 1 de 3" })).toBeVisible();

  // + and - step through the 3 levels, clamped at both ends
  await expect(stage(page)).toHaveAttribute("data-zoom", "1");
  await expect(stage(page)).not.toHaveAttribute("data-pannable", /.*/);
  await page.keyboard.press("+");
  await expect(stage(page)).toHaveAttribute("data-zoom", "2");
  await page.keyboard.press("+");
  await page.keyboard.press("+");
  await expect(stage(page)).toHaveAttribute("data-zoom", "3");
  await expect(box.getByRole("button", { name: "Aumentar zoom" })).toBeDisabled();
  await page.keyboard.press("-");
  await expect(stage(page)).toHaveAttribute("data-zoom", "2");
  // the wheel zooms too
  const area = await stage(page).boundingBox();
  if (!area) throw new Error("no stage");
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.wheel(0, -200);
  await expect(stage(page)).toHaveAttribute("data-zoom", "3");
  // larger than the stage: a drag moves the image
  await expect(stage(page)).toHaveAttribute("data-pannable", "true");
  const image = stage(page).getByRole("img");
  const before = await image.evaluate((element) => element.style.transform);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width / 2 + 120, area.y + area.height / 2 + 80, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => image.evaluate((element) => element.style.transform)).not.toBe(before);
  await page.mouse.wheel(0, 200);
  await page.mouse.wheel(0, 200);
  await expect(stage(page)).toHaveAttribute("data-zoom", "1");
  await box.getByRole("button", { name: "Aumentar zoom" }).click();
  await expect(stage(page)).toHaveAttribute("data-zoom", "2");
  await box.getByRole("button", { name: "Diminuir zoom" }).click();
  await expect(stage(page)).toHaveAttribute("data-zoom", "1");

  // full screen and back, axe there too
  await box.getByRole("button", { name: "Tela cheia" }).click();
  await expect(box).toHaveAttribute("data-fullscreen", "true");
  const size = page.viewportSize();
  await expect.poll(async () => (await box.boundingBox())?.width).toBe(size?.width);
  await expectNoAxeViolations(page, "block viewer full screen");
  await box.getByRole("button", { name: "Sair da tela cheia" }).click();
  await expect(box).not.toHaveAttribute("data-fullscreen", /.*/);

  // Escape closes; focus returns to the card, which is no longer unseen (marked viewed ~500 ms after display)
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(opener).not.toHaveAccessibleName(/Não visualizado/);
});

test("[viewer] edit and save a categorised block: the picker, the currency input and the 'Salvar Bloco' rules, by keyboard", async ({
  page,
  request,
  people,
}) => {
  const viewer = await people.viewerClient();
  const now = thisMonth();
  await openClient(page, request, viewer);
  const box = await openBlock(page, viewer.blocks.categorized);
  const save = box.getByRole("button", { name: "Salvar Bloco" });
  const account = box.getByRole("combobox", { name: "Conta" });
  const value = box.getByLabel("Valor");

  // edit-view: read-only until the toggle
  await expect(save).toHaveCount(0);
  await expect(account).toHaveAttribute("readonly", "");
  await expect(account).toHaveValue(`${viewer.accounts.active.code} - ${viewer.accounts.active.description}`);
  await expect(box.getByText(`Categorizado por ${viewer.owner.name}`)).toBeVisible();
  await box.getByRole("button", { name: "Editar bloco" }).click();
  await expect(save).toBeEnabled();

  // the month select offers only the months up to this one in this year; the year select 5 years
  const monthSelect = box.getByLabel("Mês", { exact: true });
  await expect(monthSelect.locator("option")).toHaveCount(now.month + 1); // with the empty choice
  await expect(box.getByLabel("Ano", { exact: true }).locator("option")).toHaveCount(5 + 1);

  // Valor: a pasted value is read as an amount ('R$ 1.234,56' is that, not 123456 cents; '10' is ten
  // reais); what is no amount ('-5') leaves it as it was
  await paste(value, "R$ 1.234,56");
  await expect(value).toHaveValue("R$ 1.234,56");
  await paste(value, "-5");
  await expect(value).toHaveValue("R$ 1.234,56");
  await paste(value, "10");
  await expect(value).toHaveValue("R$ 10,00");
  // Valor: digits read as cents; empty or R$ 0,00 disables Salvar
  await value.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await expect(value).toHaveValue("R$ 0,00");
  await expect(save).toBeDisabled();
  await page.keyboard.type("98765");
  await expect(value).toHaveValue("R$ 987,65");
  await expect(save).toBeEnabled();

  // Conta: cleared disables Salvar; the search ignores accents and case; 'Sem Opções'
  await box.getByRole("button", { name: "Limpar" }).click();
  await expect(account).toHaveValue("");
  await expect(save).toBeDisabled();
  await account.fill("zzzz-nada");
  await expect(box.getByText("Sem Opções")).toBeVisible();
  await account.fill("ENERGIA ELETRICA");
  const listbox = box.getByRole("listbox", { name: "Conta" });
  await expect(
    listbox
      .getByRole("group", { name: "Todas as contas" })
      .getByRole("option", { name: `${viewer.accounts.other.code} - Energia Elétrica` }),
  ).toBeVisible();
  await expect(box.getByRole("button", { name: "Fechar", exact: true })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(account).toHaveValue(`${viewer.accounts.other.code} - Energia Elétrica`);
  await expect(listbox).toBeHidden();
  // with the list open, Escape closes the list, not the viewer
  await account.press("ArrowDown");
  await expect(listbox.getByRole("group", { name: "Contas ativas" })).toBeVisible();
  await expect(box.getByRole("button", { name: "Fechar", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(dialog(page)).toBeVisible();
  await expect(box.getByRole("button", { name: "Abrir" })).toBeVisible();

  // Data de pagamento: 31/02 is not a date
  const daySelect = box.getByLabel("Dia", { exact: true });
  await daySelect.selectOption("31");
  await monthSelect.selectOption("2");
  await expect(save).toBeDisabled();
  await daySelect.selectOption("1");
  await monthSelect.selectOption(String(now.month));
  await expect(save).toBeEnabled();
  await expect(monthSelect).toHaveValue(String(now.month));
  await expect(monthSelect.locator("option:checked")).toHaveText(monthNames[now.month - 1]);

  // saved: the viewer closes, the card shows the new date and value
  await save.click();
  await expect(dialog(page)).toHaveCount(0);
  const dd = `01/${String(now.month).padStart(2, "0")}/${now.year}`;
  await expect(card(page, viewer.blocks.categorized)).toHaveAccessibleName(new RegExp(`${dd} R\\$ 987,65`));
  // and reopened, it holds the new account
  await openBlock(page, viewer.blocks.categorized);
  await expect(account).toHaveValue(`${viewer.accounts.other.code} - Energia Elétrica`);
  // 'Visualizar Contas' (read before the save): the account, outside the active plan, now holds the
  // block, so it has its row with the warning, without a reload
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Visualizar Contas" }).click();
  const held = page.getByRole("button", { name: new RegExp(viewer.accounts.other.code.replace(/\./g, "\\.")) });
  await expect(held.getByRole("img", { name: /não faz parte das contas ativas/ })).toBeVisible();
});

test("[viewer] keyboard alone: open a card, edit, pick an account, type a value, save with Enter; focus comes back", async ({
  page,
  request,
  people,
}) => {
  const viewer = await people.viewerClient();
  await openClient(page, request, viewer);
  const opener = card(page, viewer.blocks.categorized);
  await tabTo(page, opener, 80);
  await page.keyboard.press("Enter");
  const box = dialog(page);
  await expect(box).toBeVisible();
  // the page behind settles first (marked viewed: the card loses its dot), the trap walk compares positions
  await expect(opener).not.toHaveAttribute("aria-label", /Não visualizado/);
  await expect(box.getByText(`Categorizado por ${viewer.owner.name}`)).toBeVisible(); // the documents call answered
  // Tab stays inside the viewer and comes round to where it started (identity, not DOM position: the
  // page behind still settles while the viewer is open)
  const close = box.getByRole("button", { name: "Fechar bloco" });
  await close.focus();
  let seen = 0;
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    expect(
      await box.evaluate((element) => element.contains(document.activeElement)),
      `Tab ${i + 1} left the viewer`,
    ).toBe(true);
    seen += 1;
    if (await close.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(close).toBeFocused();
  expect(seen).toBeGreaterThan(5);
  await page.keyboard.press("Shift+Tab");
  expect(await box.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expect(close).not.toBeFocused();
  await tabTo(page, box.getByRole("button", { name: "Editar bloco" }));
  await page.keyboard.press("Enter");
  const account = box.getByRole("combobox", { name: "Conta" });
  await tabTo(page, account);
  await page.keyboard.press("Alt+ArrowDown");
  await expect(account).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.type("energia");
  await expect(account).toHaveAttribute("aria-activedescendant", /option/);
  await page.keyboard.press("Enter");
  await expect(account).toHaveValue(`${viewer.accounts.other.code} - Energia Elétrica`);
  await page.keyboard.press("Tab");
  const value = box.getByLabel("Valor");
  await expect(value).toBeFocused();
  // Tab selects the whole text, so the first digit starts over, like typing over a selected field
  await page.keyboard.type("5");
  await expect(value).toHaveValue("R$ 0,05");
  await page.keyboard.type("4321");
  await expect(value).toHaveValue("R$ 543,21");
  await page.keyboard.press("Backspace");
  await expect(value).toHaveValue("R$ 54,32");
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(opener).toHaveAccessibleName(/R\$ 54,32/);
});

async function secondPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("[viewer] two people edit the same block: the second save gets the 409 message and the fresh block", async ({
  page,
  request,
  browser,
  people,
}) => {
  const viewer = await people.viewerClient();
  const other = await secondPage(browser);
  try {
    await openClient(page, request, viewer);
    await openClient(other, other.request, viewer);
    const first = await openBlock(page, viewer.blocks.categorized);
    // The second viewer's 'viewed' call is held until the first save has landed: its answer refreshes
    // that page's list, which then holds the fresh copy while the second form is still being edited.
    let firstSaved = () => {};
    const saved = new Promise<void>((resolve) => (firstSaved = resolve));
    await other.route("**/api/block/viewed", async (route) => {
      await saved;
      await route.continue();
    });
    const second = await openBlock(other, viewer.blocks.categorized);
    await first.getByRole("button", { name: "Editar bloco" }).click();
    await second.getByRole("button", { name: "Editar bloco" }).click();

    const typeValue = async (box: Locator, digits: string) => {
      const input = box.getByLabel("Valor");
      await input.focus();
      await input.press("ControlOrMeta+a");
      await input.press("Backspace");
      await input.pressSequentially(digits);
    };
    await typeValue(first, "11111");
    await typeValue(second, "22222");
    await first.getByRole("button", { name: "Salvar Bloco" }).click();
    await expect(dialog(page)).toHaveCount(0);
    const refreshed = other.waitForResponse(
      (response) => response.url().endsWith("/api/block/list") && response.request().method() === "POST",
    );
    firstSaved();
    await refreshed;
    // what the second person typed stays in their form
    await expect(second.getByLabel("Valor")).toHaveValue("R$ 222,22");

    await second.getByRole("button", { name: "Salvar Bloco" }).click();
    await expect(second.getByRole("alert")).toHaveText(
      "Este bloco foi alterado por outro operador. Recarregamos os dados mais recentes.",
    );
    // reloaded: the other person's value, read-only again until the toggle
    await expect(second.getByLabel("Valor")).toHaveValue("R$ 111,11");
    await expect(second.getByRole("button", { name: "Editar bloco" })).toBeVisible();
    await other.keyboard.press("Escape");
    await expect(dialog(other)).toHaveCount(0);
    await expect(card(other, viewer.blocks.categorized)).toHaveAccessibleName(/R\$ 111,11/);
  } finally {
    await other.context().close();
  }
});

test("[viewer] devolve asks first, is permanent, and the block leaves the list", async ({ page, request, people }) => {
  const viewer = await people.viewerClient();
  await openClient(page, request, viewer);
  const box = await openBlock(page, viewer.blocks.categorized);
  await box.getByRole("button", { name: "Devolver bloco" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toContainText("Tem certeza que deseja devolver este bloco?");
  await expectNoAxeViolations(page, "devolve confirmation");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog(page)).toBeVisible();

  await box.getByRole("button", { name: "Devolver bloco" }).click();
  await confirm.getByRole("button", { name: "Continuar" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(card(page, viewer.blocks.categorized)).toHaveCount(0);
  await expect(card(page, viewer.blocks.contabilized)).toBeVisible();
  await page.reload();
  await page.getByRole("button", { name: "Visualizar Blocos" }).click();
  await expect(card(page, viewer.blocks.contabilized)).toBeVisible();
  await expect(card(page, viewer.blocks.categorized)).toHaveCount(0);
});

test("[viewer] a contabilised block is read-only; a block with an open pendency shows its problem; axe", async ({
  page,
  request,
  people,
}) => {
  const viewer = await people.viewerClient();
  await openClient(page, request, viewer);
  await expect(card(page, viewer.blocks.contabilized)).toHaveAccessibleName(/R\$ 500,00 ?, Contabilizado/);
  const box = await openBlock(page, viewer.blocks.contabilized);
  await expect(box.getByText(`Categorizado por ${viewer.owner.name} e contabilizado`)).toBeVisible();
  await expect(box.getByText("Bloco contabilizado: somente leitura.")).toBeVisible();
  await expect(box.getByRole("button", { name: "Editar bloco" })).toHaveCount(0);
  await expect(box.getByRole("button", { name: "Salvar Bloco" })).toHaveCount(0);
  await expect(box.getByRole("button", { name: "Devolver bloco" })).toHaveCount(0);
  await expect(box.getByRole("combobox", { name: "Conta" })).toHaveAttribute("readonly", "");
  await expect(box.getByLabel("Valor")).toHaveAttribute("readonly", "");
  await expect(box.getByLabel("Dia", { exact: true })).toBeDisabled();
  await expectNoAxeViolations(page, "contabilised block");
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);

  const pendency = await openBlock(page, viewer.blocks.pendency);
  const panel = pendency.getByRole("region", { name: "Pendência" });
  await expect(panel).toContainText("Problema");
  await expect(panel).toContainText("Documentos não compatíveis");
  await expect(panel).toContainText("Observação");
  await expect(panel).toContainText("Falta a segunda página");
  await expect(pendency.getByRole("button", { name: "Editar bloco" })).toHaveCount(0);
  await expect(pendency.getByRole("button", { name: "Devolver bloco" })).toBeVisible();
  await expectNoAxeViolations(page, "block with a pendency");
});

test("[viewer] while another operator works the client, blocks are read-only for the rest (view mode); axe", async ({
  page,
  request,
  people,
}) => {
  const viewer = await people.viewerClient({ busy: true });
  await openClient(page, request, viewer);
  const box = await openBlock(page, viewer.blocks.categorized);
  await expect(
    box.getByText("Outro operador está trabalhando neste cliente: o bloco está somente para leitura."),
  ).toBeVisible();
  await expect(box.getByRole("button", { name: "Editar bloco" })).toHaveCount(0);
  await expect(box.getByRole("button", { name: "Salvar Bloco" })).toHaveCount(0);
  await expect(box.getByRole("button", { name: "Devolver bloco" })).toHaveCount(0);
  await expect(box.getByRole("combobox", { name: "Conta" })).toHaveAttribute("readonly", "");
  await expect(box.getByLabel("Valor")).toHaveAttribute("readonly", "");
  // zoom and images still work
  await page.keyboard.press("+");
  await expect(stage(page)).toHaveAttribute("data-zoom", "2");
  await expectNoAxeViolations(page, "block viewer, view mode");
});

// Screenshots of the modes the demo data may lack (pendency), for review: VIEWER_SHOTS=1 only.
test("[viewer] screenshots of the pendency and contabilised modes (VIEWER_SHOTS=1)", async ({
  page,
  request,
  people,
}) => {
  test.skip(!process.env.VIEWER_SHOTS, "screenshots on demand");
  const viewer = await people.viewerClient();
  await openClient(page, request, viewer);
  for (const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      for (const [mode, blockId] of [
        ["pendency", viewer.blocks.pendency],
        ["contabilized-e2e", viewer.blocks.contabilized],
        ["edit-view-e2e", viewer.blocks.categorized],
      ] as const) {
        await openBlock(page, blockId);
        await expect(
          dialog(page)
            .getByText(/Pendência|Categorizado por/)
            .first(),
        ).toBeVisible();
        await page.screenshot({ path: `.data/screenshots/viewer-${mode}-${size}-${theme}.png` });
        await page.keyboard.press("Escape");
        await expect(dialog(page)).toHaveCount(0);
      }
    }
  }
});

test("[viewer] the chart of accounts that does not answer is asked again every 500 ms until it does (spec §4): the picker then lists it", async ({
  page,
  request,
  people,
}) => {
  const viewer = await people.viewerClient();
  // The first three answers of the chart are 503: react-query's default (two retries, none on a 4xx)
  // would have given up on the third.
  let refused = 0;
  await page.route("**/api/account/all", async (route) => {
    if (refused < 3) {
      refused += 1;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "unavailable", message: "Indisponível" } }),
      });
    } else await route.continue();
  });
  await openClient(page, request, viewer);
  await card(page, viewer.blocks.categorized).click();
  const box = dialog(page);
  await box.getByRole("button", { name: "Editar bloco" }).click();
  const account = box.getByRole("combobox", { name: "Conta" });
  await account.click();
  await page.keyboard.type("energia");
  await expect(page.getByRole("option", { name: `${viewer.accounts.other.code} - Energia Elétrica` })).toBeVisible();
  expect(refused).toBe(3);
});
