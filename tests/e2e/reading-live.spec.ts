import { expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT } from "./support/axe";
import { saoPauloToday } from "./support/business";
import { db } from "./support/create-block";
import { expect, test, type People } from "./support/data";
import { openAsOffice } from "./support/reading";

// A reading that arrives while the operator has the block open on the categorization screen: the block
// was sent with documents the document-read job has not read yet (`readingPending`), so the screen asks
// for its documents again until they are read, and the reading card shows what was read without the
// block being opened again. The form stays as it opened (it is filled once: decision 0273). The test's
// own client (people.categorizationClient, its block of two receipts stored unread);
// the test plays the job's part by writing the findings the job would write (the factories'
// createFindings, which marks each document read; the sweep leaves documents this fresh to their own
// reads). A block opened with one document read takes the reading of the next one read as well. At
// 1440 px, axe on each state at 1440 and 390 px.

test.describe.configure({ timeout: 240_000 });

const brDate = (iso: string) => iso.split("-").reverse().join("/");

/** The test's own client with one block of two receipts stored unread, and those receipts in order. */
async function unreadBlock(people: People) {
  const data = await people.categorizationClient({ blocks: 1, unread: true });
  const block = data.blocks[0]!;
  const documents = await db().document.findMany({
    where: { blockId: block.id },
    orderBy: { position: "asc" },
    select: { id: true, clientId: true, readAt: true },
  });
  return { data, block, documents };
}

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[reading] a reading that arrives while the block is open shows in its card, the form untouched; axe`, async ({
    page,
    request,
    people,
    factories,
  }) => {
    const { data, block, documents } = await unreadBlock(people);
    expect(documents.map((document) => document.readAt)).toEqual([null, null]);

    await openAsOffice(page, request, data, "/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(block.id));
    await expect(page.getByTestId("reading-card")).toHaveCount(0);
    // nothing read yet: the value as an uncategorised block opens with it
    await expect(page.getByLabel("Valor")).toHaveValue("R$ 0,00");
    await expectNoAxeViolationsAtBothWidths(page, `categorization, reading still to come`);

    // The screen keeps asking while a document is unread: seen before the job's part is played.
    const asked = (response: { url(): string; request(): { postDataJSON(): unknown } }) =>
      response.url().endsWith("/api/document/block") &&
      (response.request().postDataJSON() as { blockId?: number } | null)?.blockId === block.id;
    await page.waitForResponse(asked);

    // The job reads the first receipt: a boleto, due yesterday (today on the 1st), R$ 876,54.
    const today = saoPauloToday();
    const due = `${today.year}-${String(today.month).padStart(2, "0")}-${String(Math.max(1, today.day - 1)).padStart(2, "0")}`;
    await factories.createFindings(documents[0]!, [factories.boletoFinding({ dueDate: due, valueCents: 87_654 })]);
    const card = page.getByTestId("reading-card");
    await expect(card).toContainText("Boleto");
    await expect(card).toContainText(`Vencimento ${brDate(due)}`);
    await expect(card).toContainText("R$ 876,54");
    // still asking: the second receipt is unread
    await page.waitForResponse(asked);

    // The job reads the second one, finding nothing. The form was filled when the block opened, and
    // stays so under the operator's hands.
    await factories.createFindings(documents[1]!, []);
    await page.waitForResponse(asked);
    await expect(card).toContainText("R$ 876,54");
    await expect(page.getByLabel("Valor")).toHaveValue("R$ 0,00");
    await expect(page.getByTestId("prefill-value")).toHaveCount(0);
    await expectNoAxeViolationsAtBothWidths(page, `categorization, reading arrived`);
  });

  test(`[reading] a block opened with one document read shows the other's reading when it arrives`, async ({
    page,
    request,
    people,
    factories,
  }) => {
    const { data, block, documents } = await unreadBlock(people);
    // The first receipt was read before the operator opened the block: an NF-e of R$ 1.234,56.
    const today = saoPauloToday();
    const key = factories.accessKeyOf({ cnpj: "12345678000195", model: "55", issuedOn: today.iso, number: 4321 });
    await factories.createFindings(documents[0]!, [factories.fiscalFinding(key, { valueCents: 123_456 })]);

    await openAsOffice(page, request, data, "/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(block.id));
    const card = page.getByTestId("reading-card");
    await expect(card).toContainText("R$ 1.234,56");

    // The second is read while the block is open: a boleto of R$ 3.700,00, whose value the block's
    // reading takes (a payment code says what is paid).
    await factories.createFindings(documents[1]!, [
      factories.boletoFinding({ dueDate: today.iso, valueCents: 370_000 }),
    ]);
    await expect(card).toContainText("R$ 3.700,00");
    await expect(card).toContainText("Código de barras"); // the value's source: the boleto's barcode
  });
});
