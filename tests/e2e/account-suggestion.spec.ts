import { expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT, shots } from "./support/axe";
import { saoPauloToday } from "./support/business";
import { db } from "./support/create-block";
import { expect, test, type Factories, type People } from "./support/data";
import { openAsOffice } from "./support/reading";

// The account suggestion in categorization (docs/decisions/0295-account-suggestions.md): the test's own
// client (people.categorizationClient) gets a second account and three earlier blocks of one supplier
// categorised to it, each with the note read off it; a new block of that supplier, its note read with
// today's date and its total, opens with the account, the date and the value filled: Enter alone saves
// it. A receipt read by OCR without a CNPJ finds the same history by the supplier's name, spelled its own
// way (docs/decisions/0331-suggestion-by-supplier-name.md). At 1440 px, axe on every state at 1440
// and 390 px, keyboard only.

test.describe.configure({ timeout: 180_000 });

const SUPPLIER = "11222333000181";

/** The test's own client with one more account, active since last year: the supplier's usual one. */
async function clientWithAccount(people: People, f: Factories, code: string, description: string) {
  const data = await people.categorizationClient({ blocks: 0 });
  const client = await db().client.findUniqueOrThrow({ where: { id: data.client.id } });
  const today = saoPauloToday();
  const usual = await f.createAccount({
    office: { id: client.officeId },
    code,
    description,
    yearOfExercise: today.year,
  });
  await f.activateAccount({ client, account: usual, activatedAt: new Date(Date.UTC(today.year - 1, 0, 1)) });
  return { data, client, today, usual };
}
const SUPPLIER_NAME = "Distribuidora Paraná de Peças Ltda";

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[suggestion] a block from a known supplier is categorised with Enter alone; axe, keyboard`, async ({
    page,
    request,
    people,
    factories: f,
  }) => {
    const { data, client, today, usual } = await clientWithAccount(people, f, "4.2.02.015", "Peças e Manutenção");
    let number = Math.floor(Math.random() * 1_000_000);
    const note = (extra: { date?: string; valueCents?: number } = {}) =>
      f.fiscalFinding(f.accessKeyOf({ cnpj: SUPPLIER, model: "55", issuedOn: today.iso, number: number++ }), {
        source: "xml",
        supplierName: SUPPLIER_NAME,
        ...extra,
      });
    for (const daysAgo of [90, 60, 30]) {
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      const earlier = await f.createBlock({
        client,
        state: "categorized",
        account: usual,
        sentAt: at,
        categorizedAt: at,
        paymentDate: at,
        valueCents: 45_000,
      });
      await f.createFindings(earlier.documents[0], [note()]);
    }
    const waiting = await f.createBlock({ client, sentAt: new Date(Date.now() - 60_000) });
    await f.createFindings(waiting.documents[0], [note({ date: today.iso, valueCents: 47_890 })]);

    await openAsOffice(page, request, data, "/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(waiting.id));
    const account = page.getByRole("combobox", { name: "Conta" });
    await expect(account).toHaveValue("4.2.02.015 - Peças e Manutenção");
    const why = `Sugerida: usada 3 vezes para ${SUPPLIER_NAME}`;
    await expect(page.getByTestId("prefill-account")).toHaveText(why);
    await expect(account).toHaveAccessibleDescription(why);
    await expect(page.getByLabel("Valor")).toHaveValue("R$ 478,90");
    await expect(page.getByLabel("Dia", { exact: true })).toHaveValue(String(today.day));
    await expectNoAxeViolationsAtBothWidths(page, `categorization with a suggested account`);
    await shots(page, "categorization-suggested");

    // the list opens on the suggested account, first, with its reason
    await expect(account).toBeFocused();
    await page.keyboard.press("Alt+ArrowDown");
    const first = page.getByRole("listbox", { name: "Conta" }).getByRole("option").first();
    await expect(first).toHaveAccessibleName(new RegExp(`^4\\.2\\.02\\.015 - Peças e Manutenção\\s*${why}$`));
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolationsAtBothWidths(page, `the account list with the suggestion first`);
    await shots(page, "account-list-suggested");
    await page.keyboard.press("Escape");
    await expect(account).toHaveValue("4.2.02.015 - Peças e Manutenção");

    // nothing saved until the operator says so; then one key
    expect(await db().block.findUniqueOrThrow({ where: { id: waiting.id }, select: { accountId: true } })).toEqual({
      accountId: null,
    });
    await page.keyboard.press("Enter");
    await expect(page.getByText("Não há blocos disponíveis para serem categorizados.")).toBeVisible();
    await expect
      .poll(() =>
        db().block.findUniqueOrThrow({
          where: { id: waiting.id },
          select: { accountId: true, valueCents: true, paymentDate: true },
        }),
      )
      .toEqual({ accountId: usual.id, valueCents: BigInt(47_890), paymentDate: new Date(`${today.iso}T00:00:00Z`) });
    await expectNoAxeViolationsAtBothWidths(page, `categorization emptied`);
  });

  test(`[suggestion] a receipt read by OCR without a CNPJ gets its supplier's account by the name; axe`, async ({
    page,
    request,
    people,
    factories: f,
  }) => {
    const { data, client, today, usual } = await clientWithAccount(people, f, "4.2.02.016", "Padaria e Lanches");
    let number = Math.floor(Math.random() * 1_000_000);
    for (const daysAgo of [60, 30]) {
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      const earlier = await f.createBlock({
        client,
        state: "categorized",
        account: usual,
        sentAt: at,
        categorizedAt: at,
        paymentDate: at,
        valueCents: 3_500,
      });
      await f.createFindings(earlier.documents[0], [
        f.fiscalFinding(f.accessKeyOf({ cnpj: "07526557000100", model: "65", issuedOn: today.iso, number: number++ }), {
          source: "qrcode",
          supplierName: "Padaria Pão Quente Ltda.",
        }),
      ]);
    }
    const receipt = await f.createBlock({ client, sentAt: new Date(Date.now() - 60_000) });
    const read = "PADARIA PAO QUENTE LTDA";
    await f.createFindings(receipt.documents[0], [
      {
        kind: "ocr",
        source: "ocr",
        cnpj: null,
        supplierName: read,
        date: today.iso,
        valueCents: 3_890,
        confidence: 0.8,
      },
    ]);

    await openAsOffice(page, request, data, "/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(receipt.id));
    const account = page.getByRole("combobox", { name: "Conta" });
    await expect(account).toHaveValue("4.2.02.016 - Padaria e Lanches");
    const why = `Sugerida: usada 2 vezes para ${read}`;
    await expect(page.getByTestId("prefill-account")).toHaveText(why);
    await expect(account).toHaveAccessibleDescription(why);
    await expectNoAxeViolationsAtBothWidths(page, `categorization of a receipt read by OCR, suggested by its name`);
  });
});
