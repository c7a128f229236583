import type { Locator } from "@playwright/test";
import { company, db, writePhotos } from "./support/create-block";
import { DESKTOP, PHONE, sendBlock, test as businessTest } from "./support/business";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// A block's images in the order the client chose ([new photo, gallery document, new photo] from Criar
// bloco, at 1440 and 390 px: Blocos enviados' preview and the office's categorization strip), and a
// double click that never shows a false failure ('Enviar' of 'Reportar problema', a sent block's undo).

test.describe.configure({ timeout: 240_000 });

const PREPARED = { timeout: 120_000 };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The thumbnails of an image strip (`nav`), in order: each button 'Imagem i de n' holds its img. */
const thumbnails = (nav: Locator) => nav.getByRole("button", { name: /^Imagem \d+ de 3$/ }).locator("img");

for (const [label, device] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test.describe(label, () => {
    test.use(device);

    test(`[order] [new, gallery, new] from Criar bloco keeps its order in Blocos enviados and in the office's strip (${label})`, async ({
      page,
      request,
      factories,
    }, testInfo) => {
      const firm = await company(factories);
      const gallery = await factories.createDocument({
        client: firm.client,
        uploadedBy: { id: firm.owner.operatorId },
        createdAt: new Date(Date.now() - 60_000),
      });
      const [first, last] = await writePhotos(testInfo.outputPath("order"), 2, 800, 600, "pagina");
      await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");

      const add = async (path: string, count: number) => {
        const chooser = page.waitForEvent("filechooser");
        await page
          .getByRole("button", { name: /^(Escolher arquivos|Adicionar imagens)$/ })
          .filter({ visible: true })
          .first()
          .click();
        await (await chooser).setFiles([path]);
        await expect(
          page.getByRole("list", { name: "Imagens selecionadas" }).getByRole("button", { name: /^Imagem \d+ de \d+$/ }),
        ).toHaveCount(count, PREPARED);
      };
      await add(first, 1);
      await page.locator(`[data-document-id="${gallery.id}"]`).click();
      await add(last, 3);
      await page.getByRole("button", { name: "Enviar bloco" }).click();
      await expect
        .poll(async () => db().document.count({ where: { id: gallery.id, blockId: { not: null } } }), PREPARED)
        .toBe(1);
      const { blockId } = await db().document.findUniqueOrThrow({
        where: { id: gallery.id },
        select: { blockId: true },
      });
      const rows = await db().document.findMany({ where: { blockId }, orderBy: { position: "asc" } });
      expect(rows.map((row) => row.id)[1]).toBe(gallery.id);
      const thumbs = rows.map((row) => new RegExp(escape(row.thumbKey!)));

      // Blocos enviados: the preview's strip
      await page.goto("/sentblock");
      await page
        .locator(`[data-testid=sent-block][data-block-id="${blockId}"]`)
        .getByRole("button", { name: /3 imagens$/ })
        .click();
      const preview = page.getByTestId("sent-preview").filter({ visible: true });
      const shown = thumbnails(preview);
      await expect(shown).toHaveCount(3);
      for (const [index, key] of thumbs.entries()) await expect(shown.nth(index)).toHaveAttribute("src", key);

      // the office's categorization strip
      const client = await db().client.findUniqueOrThrow({
        where: { id: firm.clientId },
        select: { name: true, responsibleOperatorId: true },
      });
      const operator = await db().accountingOperator.findUniqueOrThrow({
        where: { id: client.responsibleOperatorId! },
        include: { user: true },
      });
      await page.context().clearCookies();
      await openLoggedIn(page, await apiLogin(request, operator.user.email), "accounting", "/register");
      await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), {
        id: firm.clientId,
        name: client.name,
        logoUrl: null,
      });
      await page.goto("/home/client/categorization");
      await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(blockId));
      const strip = thumbnails(page.getByRole("navigation", { name: "Imagens do bloco" }));
      await expect(strip).toHaveCount(3);
      for (const [index, key] of thumbs.entries()) await expect(strip.nth(index)).toHaveAttribute("src", key);
    });
  });
}

test("[double click] 'Enviar' of 'Reportar problema' double-clicked: one pendency, the next block, no error", async ({
  page,
  request,
  people,
}) => {
  const data = await people.categorizationClient({ blocks: 2 });
  const [first, second] = data.blocks.map((block) => block.id);
  await openLoggedIn(page, await apiLogin(request, data.owner.email), "accounting", "/register");
  await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), data.client);
  await page.goto("/home/client/categorization");
  await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(first));
  await page.keyboard.press("Alt+KeyP");
  const dialog = page.getByRole("dialog", { name: "Reportar problema" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Enviar" }).dblclick();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(second));
  await expect(page.getByText("Este bloco já tem uma pendência aberta.")).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
  expect(await db().pendency.count({ where: { blockId: first } })).toBe(1);
});

businessTest.describe("undo", () => {
  businessTest.use(DESKTOP);
  businessTest(
    "[double click] a sent block's undo double-clicked: undone once, 'Envio desfeito', no error",
    async ({ page, request, company: makeCompany }) => {
      const data = await makeCompany();
      const tokens = await apiLogin(request, data.owner.email);
      const sent = await sendBlock(request, tokens.access);
      await openLoggedIn(page, tokens, "bussiness", "/sentblock");
      const mine = page.locator(`[data-testid=sent-block][data-block-id="${sent.id}"]`);
      await mine.getByRole("button", { name: /^Desfazer envio/ }).dblclick();
      await expect(
        page.getByRole("status").filter({ hasText: "Envio desfeito. Os documentos voltaram para a galeria." }),
      ).toBeVisible();
      await expect(mine).toHaveCount(0);
      await expect(page.getByText("Bloco não encontrado.")).toHaveCount(0);
      expect(await db().auditEvent.count({ where: { action: "block.undo", targetId: String(sent.id) } })).toBe(1);

      // the second click landing before React re-renders the button disabled (two clicks in one task)
      const again = await sendBlock(request, tokens.access);
      const other = page.locator(`[data-testid=sent-block][data-block-id="${again.id}"]`);
      await page.reload();
      await other.getByRole("button", { name: /^Desfazer envio/ }).evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
      await expect(other).toHaveCount(0);
      await expect(
        page.getByRole("status").filter({ hasText: "Envio desfeito. Os documentos voltaram para a galeria." }),
      ).toBeVisible();
      await expect(page.getByText("Bloco não encontrado.")).toHaveCount(0);
      expect(await db().auditEvent.count({ where: { action: "block.undo", targetId: String(again.id) } })).toBe(1);
    },
  );
});
