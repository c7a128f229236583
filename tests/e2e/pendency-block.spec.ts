import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { chooseFiles, company, db, galleryTiles, stripImages, writePhotos, type Company } from "./support/create-block";
import { expect, test } from "./support/data";
import { expectFocusTrapped } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// Blocos com pendencia: the head of the company's queue in the shared panel, solved by
// replacing a document, skipped to the end with Proximo ('Nao mostrar novamente' in its cookie), solved
// without changes after the confirmation, until 'Voce nao tem pendencias.'; the operators on the screen
// and the open count, polled; the presence removed on leaving.

test.describe.configure({ timeout: 240_000 });

/** Photos are downscaled one by one in the browser: a loaded machine needs its time. */
const PREPARED = { timeout: 120_000 };

type Factories = typeof import("../helpers/factories");

const ISSUES = {
  quality: "Baixa qualidade das fotos/documentos",
  incompatible: "Documentos não compatíveis",
  incomplete: "Bloco incompleto",
};
const LONG_NOTE =
  "A foto do recibo está tremida e cortada no canto direito; por favor tire outra com o documento inteiro e com boa luz, sem reflexos.";

/** Three pendency blocks of two documents each, queued oldest first: quality, incomplete, incompatible. */
async function pendencies(f: Factories, firm: Company) {
  const { client } = firm;
  const make = (minutesAgo: number, issue: number, observations: string) =>
    f.createBlock({
      client,
      state: "pendency",
      documents: 2,
      sentBy: { id: firm.owner.operatorId },
      sentAt: new Date(Date.now() - (minutesAgo + 60) * 60_000),
      reportedAt: new Date(Date.now() - minutesAgo * 60_000),
      issue,
      observations,
    });
  const first = await make(30, 0, LONG_NOTE);
  const second = await make(20, 2, "");
  const third = await make(10, 1, "Nota de outro fornecedor");
  return { first, second, third };
}

const issueShown = (page: Page, label: string) => expect(page.locator("#pendency-issue")).toHaveText(label);

async function open(page: Page, request: APIRequestContext, firm: Company) {
  await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/pendencyblock");
  await expect(page.getByRole("heading", { level: 1, name: "Blocos com pendencia" })).toBeVisible();
}

test.describe("phone (390 px, touch)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("[pendency] solves by replacing a document, skips to the end with 'Nao mostrar novamente', confirms a solve without changes, ends with 'Voce nao tem pendencias.'; axe", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const firm = await company(factories);
    const blocks = await pendencies(factories, firm);
    const [photo] = await writePhotos(testInfo.outputPath("photos"), 1);
    await open(page, request, firm);

    // the head: its issue, observation, date, documents in the strip; the count and who is on the screen
    await issueShown(page, ISSUES.quality);
    await expect(page.getByText("O que aconteceu?")).toBeVisible();
    await expect(page.getByText(/^Pendencia criada em \d{2}\/\d{2}\/\d{4} as \d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "3 pendências" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Na tela agora" }).getByRole("listitem")).toHaveCount(1);
    await expect(stripImages(page)).toHaveCount(2, PREPARED);
    const note = page.getByRole("button", { name: LONG_NOTE });
    await expect(note).toHaveAttribute("aria-expanded", "false");
    await note.tap();
    await expect(note).toHaveAttribute("aria-expanded", "true");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "Blocos com pendencia, phone");

    // replace the first document by a new photo
    await stripImages(page).first().click();
    await page.getByRole("button", { name: "Remover da seleção" }).click();
    await expect(stripImages(page)).toHaveCount(1, PREPARED);
    await chooseFiles(page, "Escolher arquivos", [photo]);
    await expect(stripImages(page)).toHaveCount(2, PREPARED);
    await page.getByRole("button", { name: "Enviar solução" }).click();
    await expect(page.getByText("Pendência resolvida!")).toBeVisible({ timeout: 60_000 });
    await issueShown(page, ISSUES.incomplete);
    await expect(page.getByText("Nenhuma observacao")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "2 pendências" })).toBeVisible();

    const solved = await db().pendency.findFirstOrThrow({ where: { blockId: blocks.first.id } });
    expect(solved.solvedAt).not.toBeNull();
    const [taken, kept] = blocks.first.documents;
    const documents = await db().document.findMany({ where: { blockId: blocks.first.id } });
    expect(documents.map((document) => document.id)).toContain(kept.id);
    expect(documents.map((document) => document.id)).not.toContain(taken.id);
    expect(documents).toHaveLength(2);
    expect(await db().document.findUniqueOrThrow({ where: { id: taken.id } })).toMatchObject({
      blockId: null,
      rescued: true,
    });

    // Proximo: the confirmation, ticked 'Nao mostrar novamente'
    await page.getByRole("button", { name: "Proximo" }).click();
    const skip = page.getByRole("alertdialog", { name: "Atenção" });
    await expect(skip).toContainText(
      "Ao clicar em proxima voce pula a pendencia atual. Isso faz com que ela seja direcionada para o final da fila de pendencias.",
    );
    await expectFocusTrapped(page, skip);
    await expectNoAxeViolations(page, "Proximo confirmation, phone");
    await skip.getByRole("checkbox", { name: "Nao mostrar novamente" }).check();
    await skip.getByRole("button", { name: "Continuar" }).click();
    await issueShown(page, ISSUES.incompatible);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "notShowAgainNextDialog")?.value).toBe("true");

    // the next Proximo does not ask: the incomplete one comes back from the end of the queue
    await page.getByRole("button", { name: "Proximo" }).click();
    await issueShown(page, ISSUES.incomplete);
    await expect(skip).toBeHidden();

    // a solve without changes asks first; Cancelar keeps it
    await page.getByRole("button", { name: "Enviar solução" }).click();
    const noChange = page.getByRole("alertdialog", { name: "Atenção" });
    await expect(noChange).toContainText("Voce esta resolvendo uma pendencia sem fazer alteracoes. Deseja continuar?");
    await expectNoAxeViolations(page, "solve without changes confirmation");
    await noChange.getByRole("button", { name: "Cancelar" }).click();
    await expect(noChange).toBeHidden();
    await issueShown(page, ISSUES.incomplete);
    await page.getByRole("button", { name: "Enviar solução" }).click();
    await noChange.getByRole("button", { name: "Continuar" }).click();
    await issueShown(page, ISSUES.incompatible);

    await page.getByRole("button", { name: "Enviar solução" }).click();
    await noChange.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Voce nao tem pendencias.")).toBeVisible();
    await expectNoAxeViolations(page, "no pendencies");
    expect(await db().pendency.count({ where: { clientId: firm.clientId, solvedAt: null } })).toBe(0);
  });
});

test.describe("desktop (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("[pendency] adds a gallery document to the pending block; a colleague on the screen shows up; leaving unsyncs", async ({
    page,
    request,
    factories,
  }) => {
    const firm = await company(factories);
    const blocks = await pendencies(factories, firm);
    const gallery = await factories.createDocument({ client: firm.client, uploadedBy: { id: firm.owner.operatorId } });
    await open(page, request, firm);
    await issueShown(page, ISSUES.quality);
    // the observation opens on hover
    const note = page.getByRole("button", { name: LONG_NOTE });
    await note.hover();
    await expect(note).toHaveAttribute("aria-expanded", "true");

    // a colleague opens the screen: its avatar joins on the next poll
    const colleague = await apiLogin(request, firm.colleague.email);
    const sync = await request.post("/api/operator/sync/pendency", {
      headers: { authorization: `Bearer ${colleague.access}` },
      data: {},
    });
    expect(sync.status()).toBe(200);
    const onScreen = page.getByRole("list", { name: "Na tela agora" });
    await expect(onScreen.getByRole("listitem")).toHaveCount(2);
    await expect(onScreen).toContainText(firm.colleague.name);
    await expectNoAxeViolations(page, "Blocos com pendencia, desktop");

    await page.locator(`[data-document-id="${gallery.id}"]`).click();
    await expect(stripImages(page)).toHaveCount(3, PREPARED);
    await page.getByRole("button", { name: "Enviar solução" }).click();
    await expect(page.getByText("Pendência resolvida!")).toBeVisible({ timeout: 60_000 });
    await issueShown(page, ISSUES.incomplete);
    expect(await db().document.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({
      blockId: blocks.first.id,
    });
    await expect(galleryTiles(page)).toHaveCount(0);

    // leaving the screen removes the caller's presence row
    const owner = await db().clientOperator.findUniqueOrThrow({ where: { id: firm.owner.operatorId } });
    const presence = () => db().presence.count({ where: { userId: owner.userId, screen: "pendency" } });
    expect(await presence()).toBe(1);
    await page.getByRole("link", { name: "Inicio" }).first().click();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(presence).toBe(0);
  });
});

test("[pendency] a list of the open pendencies (date and issue) opens any of them, by keyboard too; axe", async ({
  page,
  request,
  factories,
}) => {
  const firm = await company(factories);
  await pendencies(factories, firm);
  await open(page, request, firm);
  const list = page.getByRole("navigation", { name: "Pendências abertas" });
  const items = list.getByRole("button");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText(ISSUES.quality);
  await expect(items.nth(1)).toContainText(ISSUES.incomplete);
  await expect(items.nth(2)).toContainText(ISSUES.incompatible);
  await expect(items.nth(0)).toContainText(/\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
  await expect(items.nth(0)).toHaveAttribute("aria-current", "true");
  await issueShown(page, ISSUES.quality);
  await expectNoAxeViolations(page, "pendency list");

  await items.nth(2).click();
  await issueShown(page, ISSUES.incompatible);
  await expect(items.nth(2)).toHaveAttribute("aria-current", "true");
  await items.nth(1).focus();
  await page.keyboard.press("Enter");
  await issueShown(page, ISSUES.incomplete);
  // Choosing moved nothing: the queue keeps its order.
  await expect(items.nth(0)).toContainText(ISSUES.quality);
});
