import type { Page, Request } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/axe";
import {
  chooseFiles,
  company,
  db,
  expectProgressMoved,
  recordProgress,
  galleryTiles,
  stripImages,
  throttleUpload,
  writePhotos,
} from "./support/create-block";
import { expect, test } from "./support/data";
import { expectFocusTrapped, tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// Criar bloco with a company of the test's own: real JPEGs chosen through the file
// chooser, every 13-image rule, the upload's progress bar over a throttled link, the gallery (select,
// rescued switch, a colleague's shared gallery, Excluir after confirmation) and a failed send retried.

test.describe.configure({ timeout: 240_000 });

/** Photos are downscaled one by one in the browser: a loaded machine needs its time. */
const PREPARED = { timeout: 120_000 };

type BlockBody = Array<{ id: string | number; base64url?: string }>;

const blockBodies = (page: Page) => {
  const bodies: BlockBody[] = [];
  page.on("request", (request: Request) => {
    if (request.url().endsWith("/api/block/create") && request.method() === "POST")
      bodies.push(request.postDataJSON() as BlockBody);
  });
  return bodies;
};

async function blocksOf(clientId: number) {
  return db().block.findMany({ where: { clientId }, include: { documents: { orderBy: { id: "asc" } } } });
}

test.describe("phone (390 px, touch)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("[create block] adds 13 photos, the 14th is refused, sends with a moving progress bar, selection cleared; axe", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const firm = await company(factories);
    const photos = await writePhotos(testInfo.outputPath("photos"), 14, 640, 480);
    await factories.createDocument({ client: firm.client, uploadedBy: { id: firm.owner.operatorId } });
    await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");

    await expect(page.getByRole("heading", { level: 1, name: "Criar bloco" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Tirar foto" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar bloco" })).toBeDisabled();
    await expect(page.getByText("Selecione ou adicione uma imagem")).toBeVisible();
    await expect(galleryTiles(page)).toHaveCount(1);
    await expectNoAxeViolations(page, "Criar bloco, empty, phone");

    await chooseFiles(page, "Escolher arquivos", photos.slice(0, 12));
    await expect(stripImages(page)).toHaveCount(12, PREPARED);
    await expect(page.getByRole("img", { name: "Imagem 12 de 12" })).toBeVisible();
    // two more: only one fits, and the page says so
    await chooseFiles(page, "Escolher arquivos", photos.slice(12, 14));
    await expect(page.getByText("Limite de 13 imagens por bloco atingido. 1 imagem não foi adicionada.")).toBeVisible();
    await expect(stripImages(page)).toHaveCount(13, PREPARED);
    await expect(page.getByText("13 de 13 imagens").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Tirar foto" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Escolher arquivos" })).toBeDisabled();
    await expect(galleryTiles(page).first()).toBeDisabled();
    // no horizontal scroll on the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "Criar bloco, 13 images, phone");

    // the preview follows the strip; taking one out frees the add buttons
    await stripImages(page).nth(2).click();
    await expect(page.getByRole("img", { name: "Imagem 3 de 13" })).toBeVisible();
    await page.getByRole("button", { name: "Remover da seleção" }).click();
    await expect(stripImages(page)).toHaveCount(12, PREPARED);
    await expect(page.getByRole("button", { name: "Escolher arquivos" })).toBeEnabled();
    await chooseFiles(page, "Escolher arquivos", [photos[13]]);
    await expect(stripImages(page)).toHaveCount(13, PREPARED);

    const bodies = blockBodies(page);
    await throttleUpload(page, 192 * 1024);
    const progress = await recordProgress(page);
    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expectProgressMoved(progress);
    await throttleUpload(page, null);
    await expect(page.getByText("Bloco enviado!")).toBeVisible();
    await expect(stripImages(page)).toHaveCount(0, PREPARED);
    await expect(page.getByText("0 de 13 imagens").first()).toBeVisible();
    // what the last pick could not add no longer applies
    await expect(page.getByText("Limite de 13 imagens por bloco atingido. 1 imagem não foi adicionada.")).toHaveCount(
      0,
    );
    await expect(page.getByRole("button", { name: "Enviar bloco" })).toBeDisabled();

    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toHaveLength(13);
    for (const entry of bodies[0]) expect(entry.id).toMatch(/^[0-9a-f]{32}$/);
    const blocks = await blocksOf(firm.clientId);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].documents).toHaveLength(13);
    expect(blocks[0].sentById).toBe(firm.owner.operatorId);
  });
});

test.describe("desktop (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("[create block] a 12 MP photo is downscaled in the browser; mixes a gallery document of a colleague who shares; rescued switch; deletes after confirmation; axe", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const firm = await company(factories);
    const { client } = firm;
    const mine = await factories.createDocument({
      client,
      uploadedBy: { id: firm.owner.operatorId },
      createdAt: new Date(Date.now() - 60_000),
    });
    const rescued = await factories.createDocument({
      client,
      uploadedBy: { id: firm.owner.operatorId },
      rescued: true,
    });
    const colleagues = await factories.createDocument({ client, uploadedBy: { id: firm.colleague.operatorId } });
    const [big] = await writePhotos(testInfo.outputPath("big"), 1, 4000, 3000, "grande");
    await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");

    await expect(page.getByRole("button", { name: "Adicionar imagens" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Tirar foto" })).toBeHidden();
    // 'Minha galeria': the own document; the rescued one only with the switch on
    const select = page.getByRole("combobox", { name: "Galeria" });
    await expect(select).toHaveValue("");
    await expect(select.locator("option:checked")).toHaveText("Minha galeria");
    await expect(galleryTiles(page)).toHaveCount(1);
    await page.getByRole("switch", { name: "Documentos resgatados" }).click();
    await expect(galleryTiles(page)).toHaveCount(2);
    await expect(page.getByRole("button", { name: /^Documento de .* \(Resgatado\)$/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Excluir documento de / })).toHaveCount(2);

    // Excluir, after the confirmation of spec §5 (keyboard: the dialog keeps the focus)
    const removeButton = page
      .locator(`[data-document-id="${rescued.id}"]`)
      .locator("xpath=..")
      .getByRole("button", { name: /^Excluir/ });
    await tabTo(page, removeButton, 80);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Atenção" });
    await expect(confirm).toContainText("Esta acao removera o documento permanentemente. Deseja continuar?");
    await expectFocusTrapped(page, confirm);
    await expectNoAxeViolations(page, "Excluir confirmation");
    await confirm.getByRole("button", { name: "Continuar" }).click();
    await expect(confirm).toBeHidden();
    await expect(galleryTiles(page)).toHaveCount(1);
    await expect.poll(async () => db().document.count({ where: { id: rescued.id } })).toBe(0);

    // a 12 MP photo leaves the browser at most 2000 px wide, as JPEG
    const bodies = blockBodies(page);
    await chooseFiles(page, "Adicionar imagens", [big]);
    await expect(stripImages(page)).toHaveCount(1, PREPARED);
    // my own gallery document, by keyboard
    const myTile = page.locator(`[data-document-id="${mine.id}"]`);
    await tabTo(page, myTile, 80);
    await page.keyboard.press("Space");
    await expect(myTile).toHaveAttribute("aria-pressed", "true");
    // the colleague's shared gallery: selectable, not deletable
    await select.selectOption({ label: firm.colleague.name });
    await expect(page.locator(`[data-document-id="${colleagues.id}"]`)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Excluir documento de / })).toHaveCount(0);
    await page.locator(`[data-document-id="${colleagues.id}"]`).click();
    await expect(stripImages(page)).toHaveCount(3, PREPARED);
    await expect(page.getByText("3 de 13 imagens").first()).toBeVisible();
    await expectNoAxeViolations(page, "Criar bloco with a selection, desktop");

    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expect(page.getByText("Bloco enviado!")).toBeVisible({ timeout: 60_000 });
    await expect(stripImages(page)).toHaveCount(0, PREPARED);
    expect(bodies).toHaveLength(1);
    const [photo, ...gallery] = bodies[0];
    expect(gallery).toEqual([{ id: mine.id }, { id: colleagues.id }]);
    const sent = Buffer.from(String(photo.base64url).replace(/^data:image\/jpeg;base64,/, ""), "base64");
    const meta = await sharp(sent).metadata();
    expect(meta.format).toBe("jpeg");
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2000);

    const blocks = await blocksOf(firm.clientId);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].documents.map((document) => document.id)).toEqual(
      expect.arrayContaining([mine.id, colleagues.id]),
    );
    // the gallery refetched: the colleague's document went into the block
    await expect(page.locator(`[data-document-id="${colleagues.id}"]`)).toHaveCount(0);
    await select.selectOption({ label: "Minha galeria" });
    await expect(page.getByText("Sem itens nesta lista")).toBeVisible();
  });

  test("[create block] a send cut off is kept on the device; 'Tentar de novo' sends the same ids and one block is made", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const firm = await company(factories);
    const photos = await writePhotos(testInfo.outputPath("photos"), 2);
    await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");
    await chooseFiles(page, "Adicionar imagens", photos);
    await expect(stripImages(page)).toHaveCount(2, PREPARED);

    const bodies = blockBodies(page);
    let cut = false;
    await page.route("**/api/block/create", async (route) => {
      if (cut) return route.continue();
      cut = true;
      await route.abort("connectionreset");
    });
    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expect(
      page.getByText("Sem conexão: o bloco foi guardado neste aparelho e será enviado quando a internet voltar."),
    ).toBeVisible();
    await expect(stripImages(page)).toHaveCount(0);
    const kept = page.getByTestId("queued-block");
    await expect(kept).toHaveCount(1);
    await expectNoAxeViolations(page, "Criar bloco, a send cut off and kept");
    await kept.getByRole("button", { name: "Tentar de novo" }).click();
    await expect(page.getByText("1 bloco guardado foi enviado.")).toBeVisible({ timeout: 60_000 });
    await expect(kept).toHaveCount(0);

    expect(bodies).toHaveLength(2);
    expect(bodies[1].map((entry) => entry.id)).toEqual(bodies[0].map((entry) => entry.id));
    expect(await blocksOf(firm.clientId)).toHaveLength(1);
  });
});

test("[create block] offline, the block is kept on the device at once and goes once when the connection returns", async ({
  page,
  context,
  request,
  factories,
}) => {
  const firm = await company(factories);
  await factories.createDocument({ client: firm.client, uploadedBy: { id: firm.owner.operatorId } });
  await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");
  await galleryTiles(page).first().click();
  await expect(stripImages(page)).toHaveCount(1);
  const bodies = blockBodies(page);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Enviar bloco" }).click();
  await expect(
    page.getByText("Sem conexão: o bloco foi guardado neste aparelho e será enviado quando a internet voltar."),
  ).toBeVisible();
  await expect(page.getByTestId("queued-block")).toHaveCount(1);
  await expectNoAxeViolations(page, "Criar bloco, offline send");
  expect(await blocksOf(firm.clientId)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText("1 bloco guardado foi enviado.")).toBeVisible();
  await expect(page.getByTestId("queued-block")).toHaveCount(0);
  expect(bodies).toHaveLength(1);
  expect(await blocksOf(firm.clientId)).toHaveLength(1);
});
