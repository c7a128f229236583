import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { BlockReadingAnswer } from "@/lib/contract/fiscal";
import { buildNfe } from "../../scripts/lib/fiscal-xml";
import { expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT } from "./support/axe";
import { db } from "./support/create-block";
import { expect, test } from "./support/data";
import { accessKeyCode, boletoBarcode, boletoCode, jpegDataUrl, photoOf } from "./support/fiscal-photo";
import { saoPauloToday } from "./support/business";
import { chooseAccountByKeyboard, tabTo } from "./support/keyboard";
import { findBlock, openAsOffice } from "./support/reading";
import { apiLogin } from "./support/session";

// The reading of a photographed document on the office's screens, with clients of the test's own
// (people.categorizationClient with no blocks: an office owner responsible for the client, its company's
// owner, one account active since January). The company sends a photo by POST /api/block/create; the
// document-read job reads its code in the background, and the test waits for that on the block's
// documents answer (polling, never sleeping) before the operator opens the screen. Each journey at 1440
// px, with axe on every state at 1440 and 390 px and the keyboard.

test.describe.configure({ timeout: 240_000 });

const READ_ONLY = "Aberto para consulta: somente leitura.";

const pad = (n: number) => String(n).padStart(2, "0");
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const brDate = (iso: string) => iso.split("-").reverse().join("/");
const cents = (value: number) =>
  `R$ ${Math.floor(value / 100).toLocaleString("pt-BR")},${String(value % 100).padStart(2, "0")}`;

const auth = (access: string) => ({ authorization: `Bearer ${access}` });

/** POST /api/block/create with one photo, as the company user whose access token is given; the block's id. */
async function sendPhoto(request: APIRequestContext, access: string, jpeg: Buffer): Promise<number> {
  const response = await request.post("/api/block/create", {
    headers: auth(access),
    data: [{ id: `e2e-read-${Math.random().toString(36).slice(2, 12)}`, base64url: jpegDataUrl(jpeg) }],
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

type Documents = { documentsUrl: string[]; reading: BlockReadingAnswer | null };

async function documentsOf(request: APIRequestContext, access: string, blockId: number): Promise<Documents> {
  const response = await request.post("/api/document/block", { headers: auth(access), data: { blockId } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Documents }).data;
}

/** The block's reading once the job has read its photo (polling the documents answer until `done` holds). */
async function untilRead(
  request: APIRequestContext,
  access: string,
  blockId: number,
  done: (reading: BlockReadingAnswer) => boolean = () => true,
): Promise<BlockReadingAnswer> {
  let reading: BlockReadingAnswer | null = null;
  await expect
    .poll(
      async () => {
        reading = (await documentsOf(request, access, blockId)).reading;
        return reading !== null && done(reading);
      },
      { message: `the reading of block ${blockId}`, timeout: 90_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
  return reading!;
}

/** The block's columns the save writes, straight from the database. */
const savedColumns = (blockId: number) =>
  db().block.findUniqueOrThrow({
    where: { id: blockId },
    select: { paymentDate: true, valueCents: true, accountId: true, categorizedAt: true },
  });

/** 'Possível duplicado' in `scope`'s reading card, naming `otherId`; its button. */
async function expectDuplicateOf(scope: Locator, otherId: number): Promise<Locator> {
  const note = scope.getByTestId("reading-duplicate");
  await expect(note).toBeVisible();
  await expect(note.getByRole("heading", { name: "Possível duplicado" })).toBeVisible();
  await expect(note).toContainText("Outro bloco deste cliente pode ser o mesmo pagamento. Compare antes de seguir.");
  await expect(note.getByTestId("reading-duplicate-reasons")).toHaveText("mesma chave de acesso");
  const open = note.getByRole("button", { name: `Abrir o bloco ${otherId} para comparar (somente leitura)` });
  await expect(open).toHaveText(`Bloco ${otherId}`);
  await expect(open).toBeEnabled();
  return open;
}

/** The viewer opened from 'Possível duplicado': the imported block, read-only, its XML's reading. */
async function expectImportedReadOnly(page: Page, importedId: number, photoId: number, key: string): Promise<Locator> {
  const reference = page.getByRole("dialog", { name: "Bloco" }).filter({ hasText: READ_ONLY });
  await expect(reference).toBeVisible();
  await expect(reference).toContainText(`Bloco ${importedId}`);
  await expect(reference.getByText(READ_ONLY)).toBeVisible();
  const card = reference.getByTestId("reading-card");
  await expect(card).toContainText("Lido do documento (XML)");
  await expect(card).toContainText(key.slice(0, 4) + " " + key.slice(4, 8));
  // nothing to change there: no save, no edit, no devolve
  await expect(reference.getByRole("button", { name: /^(Salvar|Editar|Devolver)/ })).toHaveCount(0);
  // the comparison does not lead further: the imported block's own mark names the photo's, disabled
  const back = reference.getByTestId("reading-duplicate").getByRole("button", { name: `Bloco ${photoId}` });
  await expect(back).toBeDisabled();
  return reference;
}

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[reading] a photo of a boleto arrives prefilled: due date and value read from its barcode, saved by the operator; axe, keyboard`, async ({
    page,
    request,
    people,
  }) => {
    const data = await people.categorizationClient({ blocks: 0 });
    const today = saoPauloToday();
    // Due yesterday (today on the 1st): inside the month the form takes, and not today's date by chance.
    const due = isoOf(today.year, today.month, Math.max(1, today.day - 1));
    const valueCents = 123_456;
    const barcode = boletoBarcode({ dueDate: due, valueCents });
    const business = await apiLogin(request, data.business.email);
    const blockId = await sendPhoto(request, business.access, await photoOf(boletoCode(barcode)));

    const owner = await apiLogin(request, data.owner.email);
    const reading = await untilRead(request, owner.access, blockId);
    expect(reading).toMatchObject({ source: "barcode", model: "boleto", date: due, value: "1234.56" });

    await openAsOffice(page, request, data, "/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(blockId));
    const [year, month, day] = due.split("-").map(Number);
    await expect(page.getByLabel("Dia", { exact: true })).toHaveValue(String(day));
    await expect(page.getByLabel("Mês", { exact: true })).toHaveValue(String(month));
    await expect(page.getByLabel("Ano", { exact: true })).toHaveValue(String(year));
    await expect(page.getByLabel("Valor")).toHaveValue(cents(valueCents));
    const dateGroup = page.getByRole("group", { name: "Data de pagamento" });
    await expect(dateGroup.getByTestId("prefill-date")).toHaveText("Lido do documento (código de barras)");
    await expect(page.getByTestId("prefill-value")).toHaveText("Lido do documento (código de barras)");
    // each note describes its field for a screen reader
    await expect(dateGroup).toHaveAccessibleDescription("Lido do documento (código de barras)");
    await expect(page.getByLabel("Valor")).toHaveAccessibleDescription("Lido do documento (código de barras)");
    const card = page.getByTestId("reading-card");
    await expect(card).toContainText("Código de barras");
    await expect(card).toContainText("Boleto");
    await expect(card).toContainText(`Vencimento ${brDate(due)}`);
    await expect(card).toContainText(cents(valueCents));
    await expect(card.getByTestId("reading-duplicate")).toHaveCount(0);
    await expect(card.getByTestId("reading-outside")).toHaveCount(0);
    await expectNoAxeViolationsAtBothWidths(page, `categorization prefilled from a boleto's photo`);

    // shown prefilled, saved by nobody: the block is still as it was sent
    expect(await savedColumns(blockId)).toEqual({
      paymentDate: null,
      valueCents: null,
      accountId: null,
      categorizedAt: null,
    });

    // the account by keyboard, then Enter ('Salvar Bloco')
    await chooseAccountByKeyboard(page, data.account);
    // choosing the account leaves the read fields (and their notes) as they were
    await expect(page.getByTestId("prefill-date")).toBeVisible();
    await expect(page.getByTestId("prefill-value")).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page, `categorization ready to save`);
    await expect(page.getByRole("button", { name: "Salvar Bloco" })).toBeEnabled();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Não há blocos disponíveis para serem categorizados.")).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page, `categorization emptied`);

    // saved by the operator's Enter, with the due date and value read from the barcode
    await expect
      .poll(async () => {
        const list = await request.post("/api/block/list", {
          headers: auth(owner.access),
          data: { clientId: data.client.id, year: today.year, month: today.month },
        });
        const saved = findBlock(await list.json(), blockId);
        return saved ? `${saved.date} ${saved.value}` : null;
      })
      .toBe(`${due} 1234.56`);
    const saved = await savedColumns(blockId);
    expect(saved.paymentDate?.toISOString().slice(0, 10)).toBe(due);
    expect(saved.valueCents).toBe(BigInt(valueCents));
    expect(saved.accountId).toBe(data.account.id);
  });

  test(`[reading] a photo of a DANFE whose XML was imported is marked 'Possível duplicado', in categorization and in the viewer; axe, keyboard`, async ({
    page,
    request,
    people,
  }) => {
    const data = await people.categorizationClient({ blocks: 0 });
    const today = saoPauloToday();
    const business = await apiLogin(request, data.business.email);
    const owner = await apiLogin(request, data.owner.email);

    // the company imports the note's XML...
    const note = buildNfe();
    const imported = await request.post("/api/block/import", {
      headers: auth(business.access),
      data: { files: [{ name: "nota.xml", base64url: `data:text/xml;base64,${note.bytes.toString("base64")}` }] },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const [result] = ((await imported.json()) as { data: Array<{ status: string; blockId?: number }> }).data;
    expect(result.status).toBe("created");
    const importedId = result.blockId!;
    // ...which the office categorises (the queue then holds the photo alone; /home/client lists it)
    const save = await request.post("/api/block/save", {
      headers: auth(owner.access),
      data: {
        block: {
          id: importedId,
          date: today.iso,
          value: (note.totalCents / 100).toFixed(2),
          accountId: data.account.id,
        },
      },
    });
    expect(save.status(), await save.text()).toBe(200);

    // ...and later sends a photo of the DANFE: its Code-128 carries the same access key
    const photoId = await sendPhoto(request, business.access, await photoOf(accessKeyCode(note.key)));
    const reading = await untilRead(request, owner.access, photoId);
    expect(reading).toMatchObject({ source: "barcode", key: note.key, model: "55", duplicateOf: [importedId] });

    // categorization: the photo's block, its reading and the mark
    await openAsOffice(page, request, data, "/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(photoId));
    const card = page.getByTestId("reading-card");
    await expect(card).toContainText("Código de barras");
    await expect(card).toContainText("NF-e");
    await expect(card).toContainText(note.key.slice(0, 4) + " " + note.key.slice(4, 8));
    const openImported = await expectDuplicateOf(card, importedId);
    await expectNoAxeViolationsAtBothWidths(page, `categorization of a possible duplicate`);

    // following the mark by keyboard opens the imported block read-only; Escape comes back
    await tabTo(page, openImported, 80);
    await page.keyboard.press("Enter");
    const reference = await expectImportedReadOnly(page, importedId, photoId, note.key);
    await expectNoAxeViolationsAtBothWidths(page, `imported block opened from categorization`);
    await page.keyboard.press("Escape");
    await expect(reference).toBeHidden();
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(photoId));
    // comparing saved nothing
    expect((await savedColumns(photoId)).categorizedAt).toBeNull();
    expect((await savedColumns(importedId)).categorizedAt).not.toBeNull();

    // The viewer on /home/client lists categorised blocks only: the photo's block is categorised as
    // well (by the API), and stays marked.
    const savePhoto = await request.post("/api/block/save", {
      headers: auth(owner.access),
      data: { block: { id: photoId, date: today.iso, value: "10.00", accountId: data.account.id } },
    });
    expect(savePhoto.status(), await savePhoto.text()).toBe(200);
    await untilRead(request, owner.access, photoId, (read) => read.duplicateOf.includes(importedId));

    await page.goto("/home/client");
    await page.getByRole("button", { name: "Visualizar Blocos" }).press("Enter");
    const tile = page.locator(`[data-block-id="${photoId}"]`);
    await tile.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: "Bloco" });
    await expect(viewer).toHaveCount(1);
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId("viewer-stage").getByRole("img")).toBeVisible();
    const viewerCard = viewer.getByTestId("reading-card");
    await expect(viewerCard).toContainText("Código de barras");
    const fromViewer = await expectDuplicateOf(viewerCard, importedId);
    await expectNoAxeViolationsAtBothWidths(page, `viewer of a possible duplicate`);

    await tabTo(page, fromViewer, 80);
    await page.keyboard.press("Enter");
    const again = await expectImportedReadOnly(page, importedId, photoId, note.key);
    // the imported block is in the client's list: the read-only viewer shows its saved value
    await expect(again.getByLabel("Valor")).toHaveValue(cents(note.totalCents));
    await expectNoAxeViolationsAtBothWidths(page, `imported block opened from the viewer`);
    await page.keyboard.press("Escape");
    await expect(again).toBeHidden();
    await expect(viewer.filter({ hasNotText: READ_ONLY })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
