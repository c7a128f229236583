import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { boletoPdf, danfePdf, manyPagesPdf, textPdf } from "../helpers/pdf-files";
import { expectNoAxeViolations } from "./support/axe";
import { chooseFiles, company, db, writePhotos } from "./support/create-block";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// A PDF boleto in Criar bloco: chosen beside a photo through the one file input (and a DANFE dropped
// on the panel), each shown as one entry with its icon and name, sent; the server draws its page, and
// the office sees that page when it opens the block on its categorization screen. A PDF the server
// refuses names the file. Axe at 1440 and 390 px; screenshots of the panel in light and dark
// (test-results/pdf-shots).

test.describe.configure({ timeout: 240_000 });

const PREPARED = { timeout: 120_000 };
const SHOTS = join(process.cwd(), "test-results", "pdf-shots");

type Factories = typeof import("../helpers/factories");

/** An office owner, its client and the client's business owner, each of the test's own. */
async function officeAndCompany(f: Factories) {
  const tag = Math.random().toString(36).slice(2, 7);
  const owner = await f.createAccountingOperator({
    type: 0,
    user: { email: f.uniqueEmail("e2e-pdf"), name: `Olga Escritório ${tag}` },
  });
  const client = await f.createClient({ responsible: owner, name: `Boletos ${tag} Ltda` });
  const business = await f.createClientOperator({
    client,
    type: 0,
    user: { email: f.uniqueEmail("e2e-pdf-cliente"), name: `Rita Cliente ${tag}` },
  });
  return { owner: owner.user, client, business: business.user };
}

function writeFile(dir: string, name: string, bytes: Buffer): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const pdfTile = (page: Page, name: string) =>
  page.getByRole("list", { name: "Imagens selecionadas" }).getByRole("button", { name: new RegExp(`PDF ${name}$`) });

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.screenshot({ path: join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("desktop (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("[pdf] a boleto PDF beside a photo, one entry, sent; its page and its text's reading on the office's screen; axe", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const { owner, client, business } = await officeAndCompany(factories);
    const [photo] = await writePhotos(testInfo.outputPath("photos"), 1, 640, 480);
    const pdf = writeFile(testInfo.outputPath("files"), "boleto.pdf", boletoPdf());
    await openLoggedIn(page, await apiLogin(request, business.email), "bussiness", "/createblock");
    await expect(page.getByRole("heading", { level: 1, name: "Criar bloco" })).toBeVisible();
    await expect(page.getByTestId("panel-files")).toHaveAttribute("accept", "image/*,application/pdf");

    await chooseFiles(page, "Adicionar imagens", [photo!, pdf]);
    await expect(pdfTile(page, "boleto.pdf")).toBeVisible(PREPARED);
    await expect(page.getByText("2 de 13 imagens")).toBeVisible(PREPARED);
    // A DANFE dragged from the desktop onto the panel.
    const dropped = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], "danfe.pdf", { type: "application/pdf" }));
      return transfer;
    }, danfePdf().toString("base64"));
    await page.getByTestId("panel-drop").dispatchEvent("dragover", { dataTransfer: dropped });
    await expect(page.getByText("Solte aqui as imagens ou PDFs")).toBeVisible();
    await page.getByTestId("panel-drop").dispatchEvent("drop", { dataTransfer: dropped });
    await expect(pdfTile(page, "danfe.pdf")).toBeVisible(PREPARED);
    await expect(page.getByText("3 de 13 imagens")).toBeVisible();
    await pdfTile(page, "boleto.pdf").click();
    await expect(page.getByText("As páginas do PDF aparecem no bloco depois do envio.")).toBeVisible();
    await expectNoAxeViolations(page, "Criar bloco with a PDF, desktop");
    await shots(page, "createblock-1440");

    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expect(page.getByText("Bloco enviado!")).toBeVisible({ timeout: 60_000 });
    const [block] = await db().block.findMany({
      where: { clientId: client.id },
      include: { documents: { orderBy: { position: "asc" } } },
    });
    expect(block!.documents.map((doc) => [doc.position, doc.sourceMime, doc.sourcePage, doc.originalName])).toEqual([
      [1, null, null, "foto-1.jpg"],
      [2, "application/pdf", 1, "boleto.pdf"],
      [3, "application/pdf", 1, "danfe.pdf"],
    ]);

    // The office opens the block: three pictures, the second the boleto's page drawn by the server.
    await openLoggedIn(page, await apiLogin(request, owner.email), "accounting", "/register");
    await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), {
      id: client.id,
      name: client.name,
      logoUrl: null,
    });
    await page.goto("/home/client/categorization");
    const shown = page.getByTestId("categorize-block");
    await expect(shown).toHaveAttribute("data-current-block", String(block!.id));
    const picture = page.locator(`img[data-block-image="${block!.id}"]`);
    await expect(picture).toBeVisible();
    await page.getByRole("button", { name: "Imagem 2 de 3" }).click();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(1240);
    // The job reads the PDFs' text (the boleto's line, the DANFE's key): the card shows it once read.
    const card = page.getByTestId("reading-card");
    await expect(card).toContainText("Texto do PDF", { timeout: 90_000 });
    await expect(card).toContainText("R$ 3.700,00");
    await expectNoAxeViolations(page, "categorization with a PDF's page");
  });
});

test.describe("Blocos com pendencia (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("[pdf] a pending block answered with a PDF of two pages: one entry, its pages in the block", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const firm = await company(factories);
    const block = await factories.createBlock({
      client: firm.client,
      state: "pendency",
      documents: 2,
      sentBy: { id: firm.owner.operatorId },
    });
    const pdf = writeFile(testInfo.outputPath("files"), "segunda-via.pdf", textPdf([["Página 1"], ["Página 2"]]));
    await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/pendencyblock");
    await expect(page.getByRole("heading", { level: 1, name: "Blocos com pendencia" })).toBeVisible();
    await expect(page.getByText("2 de 13 imagens")).toBeVisible(PREPARED);

    await chooseFiles(page, "Adicionar imagens", [pdf]);
    await expect(pdfTile(page, "segunda-via.pdf")).toBeVisible(PREPARED);
    await expect(page.getByText("3 de 13 imagens")).toBeVisible();
    await expectNoAxeViolations(page, "Blocos com pendencia with a PDF, desktop");
    await page.getByRole("button", { name: "Enviar solução" }).click();
    await expect(page.getByText("Pendência resolvida!")).toBeVisible({ timeout: 60_000 });

    const documents = await db().document.findMany({ where: { blockId: block.id }, orderBy: { position: "asc" } });
    expect(documents.map((doc) => doc.sourcePage)).toEqual([null, null, 1, 2]);
  });
});

test.describe("phone (390 px, touch)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("[pdf] a PDF of 11 pages: chosen, sent, refused naming the file, kept selected; axe", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const { client, business } = await officeAndCompany(factories);
    const pdf = writeFile(testInfo.outputPath("files"), "extrato.pdf", manyPagesPdf(11));
    await openLoggedIn(page, await apiLogin(request, business.email), "bussiness", "/createblock");

    await chooseFiles(page, "Escolher arquivos", [pdf]);
    await expect(pdfTile(page, "extrato.pdf")).toBeVisible(PREPARED);
    await expect(page.getByText("PDF extrato.pdf").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "Criar bloco with a PDF, phone");
    await shots(page, "createblock-390");

    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "O envio não foi concluído." })).toContainText(
      "O arquivo extrato.pdf tem mais de 10 páginas.",
      { timeout: 60_000 },
    );
    await expect(pdfTile(page, "extrato.pdf")).toBeVisible();
    expect(await db().document.count({ where: { clientId: client.id } })).toBe(0);
  });
});
