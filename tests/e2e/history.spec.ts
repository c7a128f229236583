import type { APIRequestContext, Page } from "@playwright/test";
import type { TokenAnswer } from "@/lib/contract/auth";
import { expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT, shots } from "./support/axe";
import { expect, test, type ViewerClient } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

test.describe.configure({ timeout: 120_000 });

// 'Histórico': a block's history in the viewer, and the client's history drawer with its filters, on a
// client of the test's own (people.viewerClient: the seed's rows without events, plus a real save).

const dialog = (page: Page) => page.getByRole("dialog", { name: "Bloco" });
const card = (page: Page, blockId: number) => page.locator(`[data-block-id="${blockId}"]`);

async function openClient(page: Page, tokens: TokenAnswer, viewer: ViewerClient): Promise<void> {
  await openLoggedIn(page, tokens, "accounting", "/register");
  await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), {
    ...viewer.client,
    logoUrl: null,
  });
  await page.goto("/home/client");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(viewer.client.name);
}

/** A real save through the API: the categorised block's value goes from R$ 123,45 to R$ 200,00. */
async function saveValue(request: APIRequestContext, tokens: TokenAnswer, viewer: ViewerClient): Promise<void> {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const response = await request.post("/api/block/save", {
    headers: { Authorization: `Bearer ${tokens.access}` },
    data: {
      block: { id: viewer.blocks.categorized, date: today, value: "200.00", accountId: viewer.accounts.active.id },
    },
  });
  expect(response.status()).toBe(200);
}

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[history] a block's history in the viewer: sent, categorised with what changed, by whom; keyboard, axe`, async ({
    page,
    request,
    people,
  }) => {
    const viewer = await people.viewerClient();
    const tokens = await apiLogin(request, viewer.owner.email);
    await saveValue(request, tokens, viewer);
    await openClient(page, tokens, viewer);
    await page.getByRole("button", { name: "Visualizar Blocos" }).click();
    await card(page, viewer.blocks.categorized).click();
    const box = dialog(page);
    await expect(box).toBeVisible();

    const toggle = box.getByRole("button", { name: "Histórico" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const entries = box.getByRole("region", { name: "Histórico" }).getByRole("listitem");
    await expect(entries.first()).toContainText("Enviado");
    const saved = entries.filter({ hasText: "Valor: R$ 123,45 → R$ 200,00" });
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText("Categorizado");
    await expect(saved).toContainText(viewer.owner.name);
    await saved.scrollIntoViewIfNeeded();
    await expectNoAxeViolationsAtBothWidths(page, `block history`);
    await shots(page, "history-block");

    // Enter again folds it away
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test(`[history] the client's history drawer, filtered by kind and operator; keyboard, axe`, async ({
    page,
    request,
    people,
  }) => {
    const viewer = await people.viewerClient();
    const tokens = await apiLogin(request, viewer.owner.email);
    await saveValue(request, tokens, viewer);
    await openClient(page, tokens, viewer);

    await shots(page, "history-client-page");
    const entry = page.getByRole("navigation", { name: "Ações do cliente" }).getByRole("button", { name: "Histórico" });
    await tabTo(page, entry);
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Histórico do cliente" });
    await expect(drawer).toBeVisible();
    const items = drawer.getByTestId("history-item");
    // four blocks sent, three categorised (the saved one told by its event, the others by their
    // columns), one posted, a pendency raised: newest first, the save on top
    await expect(items.first()).toContainText("Categorizado");
    await expect(items.first()).toContainText(`Bloco ${viewer.blocks.categorized}`);
    await expect(items.filter({ hasText: "Enviado" })).toHaveCount(4);
    await expectNoAxeViolationsAtBothWidths(page, `client history`);
    await shots(page, "history-client");

    await drawer.getByLabel("Tipo", { exact: true }).selectOption({ label: "Contabilizado" });
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`Bloco ${viewer.blocks.contabilized}`);

    await drawer.getByLabel("Tipo", { exact: true }).selectOption({ label: "Pendência aberta" });
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("Incompatível: Falta a segunda página");

    await drawer.getByLabel("Tipo", { exact: true }).selectOption({ label: "Todos os tipos" });
    await drawer.getByLabel("Operador", { exact: true }).selectOption({ label: viewer.owner.name });
    await expect(items.filter({ hasText: "Enviado" })).toHaveCount(0);
    await expect(items.filter({ hasText: "Categorizado" })).toHaveCount(3);
    await expectNoAxeViolationsAtBothWidths(page, `client history filtered`);
    await shots(page, "history-client-filtered");

    await drawer.getByLabel("De", { exact: true }).fill("2020-01-01");
    await drawer.getByLabel("Até", { exact: true }).fill("2020-01-31");
    await expect(drawer.getByText("Nada registrado com estes filtros.")).toBeVisible();
    await drawer.getByRole("button", { name: "Limpar filtros" }).click();
    await expect(items.filter({ hasText: "Enviado" })).toHaveCount(4);

    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
  });
});
