import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import type { BlockReadingAnswer } from "@/lib/contract/fiscal";
import { expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT, shots } from "./support/axe";
import { saoPauloToday } from "./support/business";
import { db } from "./support/create-block";
import { expect, test } from "./support/data";
import { jpegDataUrl } from "./support/fiscal-photo";
import { tabTo } from "./support/keyboard";
import { openAsOffice } from "./support/reading";
import { apiLogin } from "./support/session";

// Near-duplicate blocks on the office's screens (docs/decisions/0300-near-duplicate-blocks.md), with a
// client of the test's own (people.categorizationClient, no blocks). In categorization: the company sends
// a photo, then the same photo again re-encoded (POST /api/block/create, the real intake computing each
// photo's hash); the first block is flagged 'Possível duplicado' naming the second, 'mesma foto', and
// 'Não é duplicado' (by keyboard) makes the flag go. In the viewer: two categorised blocks read as notes
// of one supplier with one value, two days apart, flagged 'mesmo fornecedor e valor em até 3 dias',
// dismissed the same way. At 1440 px, axe on every state at 1440 and 390 px.

test.describe.configure({ timeout: 240_000 });

const HINT = "Outro bloco deste cliente pode ser o mesmo pagamento. Compare antes de seguir.";
const SUPPLIER = "11222333000181";
const auth = (access: string) => ({ authorization: `Bearer ${access}` });

/** A phone photo of a receipt-like paper on a table, its lines drawn from `tag`. */
function receiptPhoto(tag: string): Promise<Buffer> {
  const lines = Array.from(
    { length: 14 },
    (_, i) =>
      `<text x="70" y="${150 + i * 42}" font-family="DejaVu Sans Mono, monospace" font-size="22" fill="#1d1d1f">` +
      `${String(i + 1).padStart(3, "0")} ITEM ${tag.slice(0, 6).toUpperCase()} ${(i * 7 + 3) % 50},${(i * 13) % 100}</text>`,
  ).join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960">` +
    `<rect width="100%" height="100%" fill="#8a7560"/>` +
    `<g transform="rotate(-2 360 480)"><rect x="40" y="60" width="620" height="820" fill="#fbfaf4"/>` +
    `<text x="120" y="110" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold">CUPOM ${tag}</text>` +
    `${lines}<rect x="70" y="770" width="560" height="60" fill="#111"/></g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** POST /api/block/create with one photo, as the company; the block's id. */
async function sendPhoto(request: APIRequestContext, access: string, jpeg: Buffer): Promise<number> {
  const response = await request.post("/api/block/create", {
    headers: auth(access),
    data: [{ id: `e2e-dup-${Math.random().toString(36).slice(2, 12)}`, base64url: jpegDataUrl(jpeg) }],
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function readingOf(request: APIRequestContext, access: string, blockId: number) {
  const response = await request.post("/api/document/block", { headers: auth(access), data: { blockId } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { reading: BlockReadingAnswer | null } }).data.reading;
}

/** 'Possível duplicado' in `card` naming `otherId` with `reason`; its 'Não é duplicado' button. */
async function expectFlag(card: Locator, otherId: number, reason: string): Promise<Locator> {
  const note = card.getByTestId("reading-duplicate");
  await expect(note).toBeVisible();
  await expect(note.getByRole("heading", { name: "Possível duplicado" })).toBeVisible();
  await expect(note).toContainText(HINT);
  const item = note.getByTestId("reading-duplicate-item");
  await expect(item).toHaveCount(1);
  await expect(
    item.getByRole("button", { name: `Abrir o bloco ${otherId} para comparar (somente leitura)` }),
  ).toHaveText(`Bloco ${otherId}`);
  await expect(item.getByTestId("reading-duplicate-reasons")).toHaveText(reason);
  const dismiss = item.getByRole("button", { name: `Não é duplicado do bloco ${otherId}` });
  await expect(dismiss).toHaveText("Não é duplicado");
  return dismiss;
}

const dismissed = (a: number, b: number) =>
  db().blockDuplicateDismissal.count({ where: { blockId: Math.min(a, b), otherBlockId: Math.max(a, b) } });

async function dismissByKeyboard(page: Page, card: Locator, button: Locator, pair: [number, number]) {
  await tabTo(page, button, 80);
  await page.keyboard.press("Enter");
  await expect(card.getByTestId("reading-duplicate")).toHaveCount(0);
  await expect.poll(() => dismissed(...pair)).toBe(1);
}

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[duplicates] the same photo sent again and the same supplier's value are flagged with their reasons and dismissed with 'Não é duplicado'; axe, keyboard`, async ({
    page,
    request,
    people,
    factories: f,
  }) => {
    const data = await people.categorizationClient({ blocks: 0 });
    const business = await apiLogin(request, data.business.email);
    const owner = await apiLogin(request, data.owner.email);
    const today = saoPauloToday();
    const client = await db().client.findUniqueOrThrow({ where: { id: data.client.id } });
    const account = await db().account.findUniqueOrThrow({ where: { id: data.account.id } });

    // Two categorised blocks of this month: one supplier's notes, one value, two days apart (or the
    // same day early in a month).
    const day = (offset: number) => new Date(Date.UTC(today.year, today.month - 1, Math.max(1, today.day - offset)));
    let number = Math.floor(Math.random() * 1_000_000);
    const noted = async (date: Date) => {
      const block = await f.createBlock({
        client,
        state: "categorized",
        account,
        sentAt: date,
        categorizedAt: date,
        paymentDate: date,
        valueCents: 31_415,
      });
      const iso = date.toISOString().slice(0, 10);
      await f.createFindings(block.documents[0], [
        f.fiscalFinding(f.accessKeyOf({ cnpj: SUPPLIER, model: "55", issuedOn: iso, number: number++ }), {
          source: "xml",
          supplierName: "Papelaria Central Ltda",
          date: iso,
          valueCents: 31_415,
        }),
      ]);
      return block.id;
    };
    const earlierNote = await noted(day(2));
    const laterNote = await noted(day(0));

    // The same photo sent twice, the second time re-encoded (as a messenger would).
    const photo = await receiptPhoto(`near-${number}`);
    const firstPhoto = await sendPhoto(request, business.access, photo);
    const secondPhoto = await sendPhoto(request, business.access, await sharp(photo).jpeg({ quality: 60 }).toBuffer());
    await expect
      .poll(async () => (await readingOf(request, owner.access, firstPhoto))?.duplicateReasons)
      .toEqual([{ blockId: secondPhoto, reason: "photo" }]);

    // categorization: the first photo's block, flagged; 'Não é duplicado' by keyboard
    await openAsOffice(page, request, data, "/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(firstPhoto));
    const card = page.getByTestId("reading-card");
    const dismissPhoto = await expectFlag(card, secondPhoto, "mesma foto");
    await expectNoAxeViolationsAtBothWidths(page, `categorization with a near duplicate`);
    await shots(page, "near-duplicate-categorization");
    await dismissByKeyboard(page, card, dismissPhoto, [firstPhoto, secondPhoto]);
    await expectNoAxeViolationsAtBothWidths(page, `categorization after 'Não é duplicado'`);
    // neither photo's reading names the other any more (whatever the job may read off them meanwhile)
    for (const id of [firstPhoto, secondPhoto]) {
      expect((await readingOf(request, owner.access, id))?.duplicateOf ?? []).toEqual([]);
    }

    // the viewer on /home/client: the later note's block, flagged by supplier and value
    await page.goto("/home/client");
    await page.getByRole("button", { name: "Visualizar Blocos" }).press("Enter");
    const tile = page.locator(`[data-block-id="${laterNote}"]`);
    await tile.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: "Bloco" });
    await expect(viewer).toBeVisible();
    const viewerCard = viewer.getByTestId("reading-card");
    await expect(viewerCard).toContainText("Papelaria Central Ltda");
    const dismissNote = await expectFlag(viewerCard, earlierNote, "mesmo fornecedor e valor em até 3 dias");
    await expectNoAxeViolationsAtBothWidths(page, `viewer with a near duplicate`);
    await shots(page, "near-duplicate-viewer");
    await dismissByKeyboard(page, viewerCard, dismissNote, [earlierNote, laterNote]);
    // the note's own reading stays
    await expect(viewerCard).toContainText("Papelaria Central Ltda");
    await expectNoAxeViolationsAtBothWidths(page, `viewer after 'Não é duplicado'`);
    expect((await readingOf(request, owner.access, earlierNote))?.duplicateOf).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
