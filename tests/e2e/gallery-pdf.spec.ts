import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { textPdf } from "../helpers/pdf-files";
import { expectNoAxeViolations, shots } from "./support/axe";
import { saoPauloToday } from "./support/business";
import { chooseFiles, db } from "./support/create-block";
import { expect, test, type Factories } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// A PDF back in the gallery is one item: sent from Criar bloco, undone on Blocos enviados, it shows as
// ONE tile (its first page, 'PDF · 3 páginas'), selected by keyboard as one of the 13, sent again whole
// (the same three documents, in page order); the office's block viewer shows its three pages and downloads
// the PDF.
// At 390 px the same from a send and an undo made through the API. Axe at both widths.

test.describe.configure({ timeout: 240_000 });

const PREPARED = { timeout: 120_000 };
const PAGES = [["Página 1"], ["Página 2"], ["Página 3"]];

/** An office owner, its client and the client's business owner, each of the test's own. */
async function officeAndCompany(f: Factories) {
  const tag = Math.random().toString(36).slice(2, 7);
  const owner = await f.createAccountingOperator({
    type: 0,
    user: { email: f.uniqueEmail("e2e-gpdf"), name: `Olga Escritório ${tag}` },
  });
  const client = await f.createClient({ responsible: owner, name: `Extratos ${tag} Ltda` });
  const business = await f.createClientOperator({
    client,
    type: 0,
    user: { email: f.uniqueEmail("e2e-gpdf-cliente"), name: `Rita Cliente ${tag}` },
  });
  return { owner: owner.user, ownerId: owner.id, client, business: business.user };
}

function writeFile(dir: string, name: string, bytes: Buffer): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const gallery = (page: Page) => page.getByRole("list", { name: "Galeria" });
const galleryPdf = (page: Page, name: string) =>
  gallery(page).getByRole("button", { name: new RegExp(`^PDF ${name.replace(".", "\\.")}, 3 páginas, de `) });
const blockOf = (clientId: number) =>
  db().block.findFirstOrThrow({
    where: { clientId, undoneAt: null },
    include: { documents: { orderBy: [{ position: "asc" }, { id: "asc" }] } },
  });

test.describe("desktop (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("[gallery-pdf] sent, undone, one tile, sent again whole by keyboard; the office views its pages, downloads it; axe", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const { owner, ownerId, client, business } = await officeAndCompany(factories);
    const pdf = writeFile(testInfo.outputPath("files"), "extrato.pdf", textPdf(PAGES));
    await openLoggedIn(page, await apiLogin(request, business.email), "bussiness", "/createblock");
    await expect(page.getByRole("heading", { level: 1, name: "Criar bloco" })).toBeVisible();
    await chooseFiles(page, "Adicionar imagens", [pdf]);
    await expect(page.getByText("1 de 13 imagens")).toBeVisible(PREPARED);
    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expect(page.getByText("Bloco enviado!")).toBeVisible({ timeout: 60_000 });
    const first = await blockOf(client.id);
    expect(first.documents.map((doc) => doc.sourcePage)).toEqual([1, 2, 3]);

    // Undone on Blocos enviados: its pages go back to the gallery.
    await page.goto("/sentblock");
    const sent = page.locator(`[data-testid=sent-block][data-block-id="${first.id}"]`);
    await sent.getByRole("button", { name: /^Desfazer envio/ }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Envio desfeito. Os documentos voltaram para a galeria." }),
    ).toBeVisible();

    // One tile for the PDF, not three.
    await page.goto("/createblock");
    const tile = galleryPdf(page, "extrato.pdf");
    await expect(tile).toBeVisible();
    await expect(gallery(page).getByRole("listitem")).toHaveCount(1);
    await expect(tile).toHaveAttribute("data-document-id", String(first.documents[0]!.id));
    await expect(gallery(page).getByText("PDF · 3 páginas")).toBeVisible();
    await expect(
      gallery(page).getByRole("button", { name: /^Excluir PDF extrato\.pdf de \d\d\/\d\d\/\d{4} às \d\d:\d\d$/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page, "the gallery with a PDF, desktop");
    await gallery(page).scrollIntoViewIfNeeded();
    await shots(page, "gallery-pdf-tile");

    // Selected by keyboard: one entry of the 13, its first page in the preview with what it sends.
    await tabTo(page, tile, 60);
    await page.keyboard.press("Space");
    await expect(tile).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("1 de 13 imagens")).toBeVisible();
    const strip = page.getByRole("list", { name: "Imagens selecionadas" });
    await expect(strip.getByRole("button", { name: "Imagem 1 de 1: PDF extrato.pdf, 3 páginas" })).toBeVisible();
    await expect(page.getByText("PDF de 3 páginas: todas vão para o bloco.")).toBeVisible();
    await expectNoAxeViolations(page, "a gallery PDF selected, desktop");
    await shots(page, "gallery-pdf-selected");

    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expect(page.getByText("Bloco enviado!")).toBeVisible({ timeout: 60_000 });
    const again = await blockOf(client.id);
    expect(again.id).not.toBe(first.id);
    expect(again.documents.map((doc) => [doc.id, doc.position, doc.sourcePage])).toEqual(
      first.documents.map((doc, index) => [doc.id, index + 1, index + 1]),
    );
    await expect(gallery(page)).toHaveCount(0); // the gallery is empty again
    await expect(page.getByText("Sem itens nesta lista")).toBeVisible();

    // The office categorises it (what its screen's save writes), then opens it in its block viewer: its
    // three pages, and the PDF to download.
    const account = await factories.createAccount({ office: { id: client.officeId } });
    await db().block.update({
      where: { id: again.id },
      data: {
        accountId: account.id,
        // today in São Paulo, the month the client's page opens on (a UTC date is tomorrow after 21:00 there)
        paymentDate: new Date(`${saoPauloToday().iso}T00:00:00Z`),
        valueCents: 12_345n,
        categorizedById: ownerId,
        categorizedAt: new Date(),
        version: { increment: 1 },
      },
    });
    await openLoggedIn(page, await apiLogin(request, owner.email), "accounting", "/register");
    await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), {
      id: client.id,
      name: client.name,
      logoUrl: null,
    });
    await page.goto("/home/client");
    await page.getByRole("button", { name: "Visualizar Blocos" }).click();
    await page.locator(`[data-block-id="${again.id}"]`).click();
    const viewer = page.getByRole("dialog", { name: "Bloco" });
    await expect(viewer.getByRole("img", { name: "Imagem 1 de 3" })).toBeVisible();
    await viewer.getByRole("button", { name: "Imagem 3 de 3" }).click();
    await expect(viewer.getByRole("img", { name: "Imagem 3 de 3" })).toBeVisible();
    const download = viewer.getByRole("link", { name: "Baixar PDF" }).first();
    await expect(download).toBeVisible();
    const file = await page.request.get((await download.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

test.describe("phone (390 px, touch)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("[gallery-pdf] a PDF back in the gallery is one tile, tapped and sent whole; axe", async ({
    page,
    request,
    factories,
  }) => {
    const { client, business } = await officeAndCompany(factories);
    const tokens = await apiLogin(request, business.email);
    const headers = { authorization: `Bearer ${tokens.access}` };
    const base64url = `data:application/pdf;base64,${textPdf(PAGES).toString("base64")}`;
    const sent = await request.post("/api/block/create", {
      data: [{ id: `e2e-${Math.random().toString(36).slice(2, 12)}`, name: "boletos.pdf", base64url }],
      headers,
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const blockId = ((await sent.json()) as { data: { id: number } }).data.id;
    const undone = await request.post("/api/block/sent/undo", { data: { blockId }, headers });
    expect(undone.status(), await undone.text()).toBe(200);

    await openLoggedIn(page, tokens, "bussiness", "/createblock");
    const tile = galleryPdf(page, "boletos.pdf");
    await expect(tile).toBeVisible();
    await expect(gallery(page).getByRole("listitem")).toHaveCount(1);
    await expect(gallery(page).getByText("PDF · 3 páginas")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "the gallery with a PDF, phone");
    await shots(page, "gallery-pdf-tile");

    await tile.tap();
    await expect(tile).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("1 de 13 imagens")).toBeVisible();
    await expect(page.getByText("PDF de 3 páginas: todas vão para o bloco.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "a gallery PDF selected, phone");
    await shots(page, "gallery-pdf-selected");

    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expect(page.getByText("Bloco enviado!")).toBeVisible({ timeout: 60_000 });
    const block = await blockOf(client.id);
    expect(block.documents.map((doc) => [doc.position, doc.sourcePage, doc.originalName])).toEqual([
      [1, 1, "boletos.pdf"],
      [2, 2, "boletos.pdf"],
      [3, 3, "boletos.pdf"],
    ]);
  });
});
