import type { APIRequestContext } from "@playwright/test";
import type { BlockReadingAnswer } from "@/lib/contract/fiscal";
import { createRandom } from "@/server/seed/random";
import { printedReceipt } from "../../scripts/ocr-receipts/receipt";
import { expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT, shots } from "./support/axe";
import { saoPauloToday } from "./support/business";
import { db } from "./support/create-block";
import { expect, test } from "./support/data";
import { jpegDataUrl } from "./support/fiscal-photo";
import { chooseAccountByKeyboard } from "./support/keyboard";
import { openAsOffice } from "./support/reading";
import { apiLogin } from "./support/session";

// A paper receipt without any code, photographed and sent by the company (POST /api/block/create): the
// document-read job finds no code and reads its text by OCR. The operator's categorization opens with
// the date and the value filled from it, each marked 'Lido por OCR — confira', and the reading card
// says where the data came from and how sure the reading is. The receipt is drawn by the OCR measure's
// own generator (scripts/ocr-receipts/receipt.ts) with a fixed seed, dated yesterday (inside the
// months the form takes). At 1440 px, axe on each state at 1440 and 390 px, the
// keyboard to save.

test.describe.configure({ timeout: 240_000 });

const CHECK = "Lido por OCR — confira";
const auth = (access: string) => ({ authorization: `Bearer ${access}` });
const pad = (n: number) => String(n).padStart(2, "0");
const money = (cents: number) =>
  `R$ ${Math.floor(cents / 100).toLocaleString("pt-BR")},${String(cents % 100).padStart(2, "0")}`;

/** The block's reading once the job has read its photo (polling the documents answer). */
async function untilRead(request: APIRequestContext, access: string, blockId: number): Promise<BlockReadingAnswer> {
  let reading: BlockReadingAnswer | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.post("/api/document/block", { headers: auth(access), data: { blockId } });
        reading = ((await response.json()) as { data: { reading: BlockReadingAnswer | null } }).data.reading;
        return reading !== null;
      },
      { message: `the reading of block ${blockId}`, timeout: 120_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
  return reading!;
}

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[reading] a receipt without a code is read by OCR: prefilled and marked 'confira', saved by the operator; axe, keyboard`, async ({
    page,
    request,
    people,
  }) => {
    const data = await people.categorizationClient({ blocks: 0 });
    const today = saoPauloToday();
    const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
    // The 1st of a month: today itself, so the date stays in the month the form opens on.
    const printedOn = (today.day === 1 ? new Date(Date.UTC(today.year, today.month - 1, 1)) : yesterday)
      .toISOString()
      .slice(0, 10);
    const receipt = await printedReceipt(createRandom(11), printedOn, { date: printedOn });
    const business = await apiLogin(request, data.business.email);
    const sent = await request.post("/api/block/create", {
      headers: auth(business.access),
      data: [{ id: `e2e-ocr-${Math.random().toString(36).slice(2, 12)}`, base64url: jpegDataUrl(receipt.jpeg) }],
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const blockId = ((await sent.json()) as { data: { id: number } }).data.id;

    const owner = await apiLogin(request, data.owner.email);
    const reading = await untilRead(request, owner.access, blockId);
    expect(reading).toMatchObject({
      source: "ocr",
      key: null,
      model: null,
      cnpj: receipt.cnpj,
      supplierName: receipt.supplierName,
      date: printedOn,
      value: `${Math.trunc(receipt.valueCents / 100)}.${pad(receipt.valueCents % 100)}`,
    });
    expect(reading.confidence).toBeGreaterThan(0);

    await openAsOffice(page, request, data, "/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(blockId));
    const [year, month, day] = printedOn.split("-").map(Number);
    await expect(page.getByLabel("Dia", { exact: true })).toHaveValue(String(day));
    await expect(page.getByLabel("Mês", { exact: true })).toHaveValue(String(month));
    await expect(page.getByLabel("Ano", { exact: true })).toHaveValue(String(year));
    await expect(page.getByLabel("Valor")).toHaveValue(money(receipt.valueCents));
    const dateGroup = page.getByRole("group", { name: "Data de pagamento" });
    await expect(dateGroup.getByTestId("prefill-date")).toHaveText(CHECK);
    await expect(page.getByTestId("prefill-value")).toHaveText(CHECK);
    await expect(dateGroup).toHaveAccessibleDescription(CHECK);
    await expect(page.getByLabel("Valor")).toHaveAccessibleDescription(CHECK);
    const card = page.getByTestId("reading-card");
    await expect(card.getByTestId("reading-source")).toHaveText(CHECK);
    await expect(card).toContainText(receipt.supplierName);
    await expect(card).toContainText(`Confiança da leitura: ${Math.round(reading.confidence! * 100)}%`);
    await expectNoAxeViolationsAtBothWidths(page, `categorization prefilled by OCR`);
    await shots(page, "reading-ocr");

    // the account by keyboard, then Enter saves what was read
    await chooseAccountByKeyboard(page, data.account);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Não há blocos disponíveis para serem categorizados.")).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page, `categorization emptied`);
    // saved by the operator's Enter, with what OCR read
    await expect
      .poll(async () => {
        const saved = await db().block.findUniqueOrThrow({
          where: { id: blockId },
          select: { paymentDate: true, valueCents: true, accountId: true },
        });
        return [saved.paymentDate?.toISOString().slice(0, 10), Number(saved.valueCents), saved.accountId];
      })
      .toEqual([printedOn, receipt.valueCents, data.account.id]);
  });
});
