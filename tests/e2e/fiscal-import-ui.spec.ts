import type { APIRequestContext } from "@playwright/test";
import { buildNfe, zipFiles } from "../../scripts/lib/fiscal-xml";
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT, shots } from "./support/axe";
import { expect, test } from "./support/data";
import { saoPauloToday } from "./support/business";
import { chooseAccountByKeyboard, tabTo } from "./support/keyboard";
import { findBlock, openAsOffice } from "./support/reading";
import { apiLogin, openLoggedIn } from "./support/session";

// 'Importar XML' and the reading on screen, with clients of the test's own (people.categorizationClient
// with no blocks: an office owner responsible for the client, its company's owner, one account active
// since January). The company's import at 1440 and 390 px; the office's journeys at 1440 px, axe at both sizes; the
// keyboard throughout.

test.describe.configure({ timeout: 240_000 });

const VIEWPORTS = [
  { name: "1440", viewport: { width: 1440, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;

const ISSUER_NAME = "Distribuidora Paraná de Peças Ltda";
const ISSUER_CNPJ = "11.222.333/0001-81";
const PREPARING = "pagina-em-preparo.svg";

/** An NF-e issued today (the form takes this month's dates; the builder writes March 2024). */
function nfeOfToday(options: Parameters<typeof buildNfe>[0] = {}) {
  const built = buildNfe(options);
  const text = built.text.replace("2024-03-15T23:30:00-03:00", `${saoPauloToday().iso}T10:00:00-03:00`);
  return { ...built, text, bytes: Buffer.from(text) };
}

const cents = (value: number) =>
  `R$ ${Math.floor(value / 100).toLocaleString("pt-BR")},${String(value % 100).padStart(2, "0")}`;

async function importByApi(
  request: APIRequestContext,
  access: string,
  clientId: number,
  files: Array<{ name: string; bytes: Buffer }>,
): Promise<Array<{ name: string; status: string; blockId?: number }>> {
  const response = await request.post("/api/block/import", {
    headers: { authorization: `Bearer ${access}` },
    data: {
      clientId,
      files: files.map((file) => ({
        name: file.name,
        base64url: `data:text/xml;base64,${file.bytes.toString("base64")}`,
      })),
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Array<{ name: string; status: string; blockId?: number }> }).data;
}

type Documents = { documentsUrl: string[]; reading: { supplierName: string | null } | null };

async function documentsOf(request: APIRequestContext, access: string, blockId: number): Promise<Documents> {
  const response = await request.post("/api/document/block", {
    headers: { authorization: `Bearer ${access}` },
    data: { blockId },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Documents }).data;
}

/** Waits (polling the API, never sleeping) until the job has read the block and drawn its pages. */
async function untilDrawn(request: APIRequestContext, access: string, blockId: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const docs = await documentsOf(request, access, blockId);
        return (
          docs.reading !== null &&
          docs.documentsUrl.length > 0 &&
          !docs.documentsUrl.some((url) => url.includes(PREPARING))
        );
      },
      { timeout: 90_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} px`, () => {
    test.use({ viewport });

    test(`[import xml] a company imports a ZIP of three NF-e and a broken file: three blocks, one message (${name}); axe, keyboard`, async ({
      page,
      request,
      people,
    }) => {
      const data = await people.categorizationClient({ blocks: 0 });
      const notes = [nfeOfToday(), nfeOfToday(), nfeOfToday()];
      const zip = zipFiles({
        "nota-1.xml": notes[0].bytes,
        "nota-2.xml": notes[1].bytes,
        "nota-3.xml": notes[2].bytes,
        "quebrado.xml": "<nfeProc><NFe><infNFe>",
      });
      await openLoggedIn(page, await apiLogin(request, data.business.email), "bussiness", "/importxml");
      await expect(page.getByRole("heading", { level: 1, name: "Importar XML" })).toBeVisible();
      // the side bar (or the phone's bottom bar) has the entry, after 'Criar bloco'
      const nav = page.getByRole("navigation", { name: "Menu da empresa" }).filter({ visible: true });
      await expect(nav.getByRole("link")).toContainText(["Inicio", "Criar bloco", "Importar XML"]);
      await expect(nav.getByRole("link", { name: "Importar XML" })).toHaveAttribute("aria-current", "page");
      await expectNoAxeViolations(page, `import xml, empty (${name})`);
      await shots(page, "importxml-empty");

      // the drop zone is one button: Tab reaches it, Enter opens the file picker
      const zone = page.getByRole("button", { name: /Escolher arquivos/ });
      await tabTo(page, zone, 60);
      const chooser = page.waitForEvent("filechooser");
      await page.keyboard.press("Enter");
      await (await chooser).setFiles({ name: "notas.zip", mimeType: "application/zip", buffer: zip });

      const summary = page.getByTestId("import-summary");
      await expect(summary).toHaveText("3 blocos criados, 1 arquivo inválido", { timeout: 60_000 });
      const results = page.getByTestId("import-result");
      await expect(results).toHaveCount(4);
      await expect(page.locator('[data-testid="import-result"][data-status="created"]')).toHaveCount(3);
      const invalid = page.locator('[data-testid="import-result"][data-status="invalid"]');
      await expect(invalid).toContainText("quebrado.xml");
      await expect(invalid).toContainText("Inválido");
      await expect(invalid.locator("p.text-danger")).not.toBeEmpty();
      await expectNoAxeViolations(page, `import xml, results (${name})`);
      await shots(page, "importxml-results");

      // each created block opens in Blocos enviados
      const link = page.locator('[data-testid="import-result"][data-status="created"]').first().getByRole("link");
      await expect(link).toHaveAttribute("href", /\/sentblock\?bloco=\d+$/);
      await link.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/sentblock\?bloco=\d+$/);
      await expect(page.getByTestId("sent-preview").getByRole("img").first()).toBeVisible({ timeout: 30_000 });
    });
  });
}

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[import xml] the operator categorizes an imported block: date and value prefilled from the XML, then saved; axe, keyboard`, async ({
    page,
    request,
    people,
  }) => {
    const data = await people.categorizationClient({ blocks: 0 });
    const note = nfeOfToday();
    const owner = await apiLogin(request, data.owner.email);
    const [result] = await importByApi(request, owner.access, data.client.id, [
      { name: "nota.xml", bytes: note.bytes },
    ]);
    expect(result.status).toBe("created");
    await untilDrawn(request, owner.access, result.blockId!);

    await openAsOffice(page, request, data, "/home/client/categorization");
    const shown = page.getByTestId("categorize-block");
    await expect(shown).toHaveAttribute("data-current-block", String(result.blockId));
    const today = saoPauloToday();
    await expect(page.getByLabel("Dia", { exact: true })).toHaveValue(String(today.day));
    await expect(page.getByLabel("Mês", { exact: true })).toHaveValue(String(today.month));
    await expect(page.getByLabel("Ano", { exact: true })).toHaveValue(String(today.year));
    await expect(page.getByLabel("Valor")).toHaveValue(cents(note.totalCents));
    await expect(page.getByTestId("prefill-date")).toHaveText("Lido do documento (XML)");
    await expect(page.getByTestId("prefill-value")).toHaveText("Lido do documento (XML)");
    await expect(page.getByLabel("Valor")).toHaveAccessibleDescription("Lido do documento (XML)");
    const card = page.getByTestId("reading-card");
    await expect(card).toContainText(ISSUER_NAME);
    await expect(card).toContainText(ISSUER_CNPJ);
    await expect(card).toContainText("Lido do documento (XML)");
    await expectNoAxeViolationsAtBothWidths(page, `categorization prefilled`);
    await shots(page, "categorization-prefilled");

    // nothing is saved by itself: the account by keyboard, then Enter ('Salvar Bloco')
    await chooseAccountByKeyboard(page, data.account);
    await expect(page.getByRole("button", { name: "Salvar Bloco" })).toBeEnabled();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Não há blocos disponíveis para serem categorizados.")).toBeVisible();
    // saved by the operator's Enter, with the date and value read from the XML
    await expect
      .poll(async () => {
        const list = await request.post("/api/block/list", {
          headers: { authorization: `Bearer ${owner.access}` },
          data: { clientId: data.client.id, year: today.year, month: today.month },
        });
        const saved = findBlock(await list.json(), result.blockId!);
        return saved ? `${saved.date} ${saved.value}` : null;
      })
      .toBe(`${today.iso} ${(note.totalCents / 100).toFixed(2)}`);
  });

  test(`[import xml] the viewer of an imported block: its drawn page, the reading, the marks and the XML download; axe`, async ({
    page,
    request,
    people,
  }) => {
    const data = await people.categorizationClient({ blocks: 0 });
    const note = nfeOfToday({ homologation: true, protocol: false });
    const owner = await apiLogin(request, data.owner.email);
    const [result] = await importByApi(request, owner.access, data.client.id, [
      { name: "homolog.xml", bytes: note.bytes },
    ]);
    expect(result.status).toBe("created");
    const blockId = result.blockId!;
    await untilDrawn(request, owner.access, blockId);
    // categorised (uncategorised blocks are not listed on /home/client)
    const today = saoPauloToday();
    const save = await request.post("/api/block/save", {
      headers: { authorization: `Bearer ${owner.access}` },
      data: { block: { id: blockId, date: today.iso, value: "10.00", accountId: data.account.id } },
    });
    expect(save.status()).toBe(200);

    await openAsOffice(page, request, data, "/home/client");
    await page.getByRole("button", { name: "Visualizar Blocos" }).click();
    await page.locator(`[data-block-id="${blockId}"]`).click();
    const dialog = page.getByRole("dialog", { name: "Bloco" });
    await expect(dialog).toBeVisible();
    const picture = dialog.getByTestId("viewer-stage").getByRole("img");
    await expect(picture).toBeVisible();
    await expect(picture).not.toHaveAttribute("src", new RegExp(PREPARING));
    const card = dialog.getByTestId("reading-card");
    await expect(card).toContainText("Lido do documento (XML)");
    await expect(card).toContainText(ISSUER_NAME);
    await expect(card).toContainText(ISSUER_CNPJ);
    await expect(card).toContainText(cents(note.totalCents));
    await expect(card).toContainText(note.key.slice(0, 4) + " " + note.key.slice(4, 8));
    await expect(card).toContainText("Sem valor fiscal (homologação)");
    await expect(card).toContainText("Sem protocolo de autorização");
    await expect(card).toContainText(`Importado por ${data.owner.name}`);
    const download = card.getByRole("link", { name: "Baixar XML" });
    const href = await download.getAttribute("href");
    const file = await request.get(href!);
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain(note.key);
    await expectNoAxeViolationsAtBothWidths(page, `viewer with reading`);
    await shots(page, "viewer-reading");
    await tabTo(page, download, 80);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test(`[import xml] an office operator imports from the client detail's drawer; axe, keyboard`, async ({
    page,
    request,
    people,
  }) => {
    const data = await people.categorizationClient({ blocks: 0 });
    const notes = [nfeOfToday(), nfeOfToday()];
    await openAsOffice(page, request, data, "/home/client");
    const entry = page.getByRole("button", { name: "Importar XML" });
    await tabTo(page, entry, 60);
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Importar XML" });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(data.client.name);
    await expectNoAxeViolationsAtBothWidths(page, `import drawer`);
    await shots(page, "import-drawer-empty");

    const zone = drawer.getByRole("button", { name: /Escolher arquivos/ });
    await tabTo(page, zone, 20);
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Enter");
    await (
      await chooser
    ).setFiles(notes.map((note, i) => ({ name: `nota-${i + 1}.xml`, mimeType: "text/xml", buffer: note.bytes })));
    await expect(drawer.getByTestId("import-summary")).toHaveText("2 blocos criados", { timeout: 60_000 });
    await expect(drawer.getByRole("progressbar")).toHaveCount(0);

    // the same files again: already imported, each naming its block
    await expect(drawer.getByTestId("import-summary")).toBeFocused();
    await drawer.getByRole("button", { name: "Importar mais arquivos" }).press("Enter");
    await expect(zone).toBeFocused();
    const again = page.waitForEvent("filechooser");
    await page.keyboard.press("Enter");
    await (
      await again
    ).setFiles(notes.map((note, i) => ({ name: `nota-${i + 1}.xml`, mimeType: "text/xml", buffer: note.bytes })));
    await expect(drawer.getByTestId("import-summary")).toHaveText("2 notas já importadas", { timeout: 60_000 });
    await expectNoAxeViolationsAtBothWidths(page, `import drawer results`);
    await shots(page, "import-drawer-results");
    await drawer
      .getByRole("button", { name: /^Ver bloco \d+$/ })
      .first()
      .click();
    const viewer = page.getByRole("dialog", { name: "Bloco" });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText("Aberto para consulta: somente leitura.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(drawer).toBeVisible();
  });
});
