import type { APIRequestContext, Page } from "@playwright/test";
import type { ReturnedDocument } from "@/lib/contract/business";
import { expectNoAxeViolations } from "./support/axe";
import { DESKTOP, expect, PHONE, test } from "./support/business";
import { db } from "./support/create-block";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// Devolvidos: the documents the office returned, each with its name, the countdown to its
// automatic deletion in the three bands of spec §4 ('N dias', '1 dia', a live HH:mm:ss), restore (it
// leaves the list and is back in the gallery as rescued), download, and delete after the confirmation.

const item = (page: Page, id: number) => page.locator(`[data-testid=devolved-document][data-document-id="${id}"]`);
const CONFIRM = "Esta acao removera o documento permanentemente. Deseja continuar?";

async function returned(request: APIRequestContext, access: string): Promise<ReturnedDocument[]> {
  const response = await request.get("/api/document/devolved", { headers: { authorization: `Bearer ${access}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ReturnedDocument[] }).data;
}

test.describe("desktop", () => {
  test.use(DESKTOP);

  test("[devolved] the countdown bands, the large preview, download, restore, delete after confirmation, then 'Sem documentos'; axe", async ({
    page,
    request,
    company,
  }) => {
    const data = await company();
    const tokens = await apiLogin(request, data.owner.email);
    // the office's reason for returning the block of one document
    const reasonOf = await db().document.findUniqueOrThrow({
      where: { id: data.returned.days[0] },
      select: { blockId: true },
    });
    await db().block.update({
      where: { id: reasonOf.blockId! },
      data: { devolveReason: "Nota ilegível: envie outra foto." },
    });
    await openLoggedIn(page, tokens, "bussiness", "/devolveds");
    await expect(page.getByRole("heading", { level: 1, name: "Devolvidos" })).toBeVisible();
    await expect(page.getByTestId("devolved-document")).toHaveCount(4);
    await expect(page.getByTestId("devolved-preview")).toContainText("Selecione um documento");

    // soonest deadline first; each band as spec §4 writes it
    const [clock] = data.returned.clock;
    const [oneDay] = data.returned.oneDay;
    const [days, days2] = data.returned.days;
    await expect(page.getByTestId("devolved-document").first()).toHaveAttribute("data-document-id", String(clock));
    const timer = item(page, clock).getByRole("timer");
    await expect(timer).toHaveText(/^\d\d:\d\d:\d\d$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? "");
    await expect(timer).toHaveAttribute("aria-label", /^Excluído automaticamente em \d\d:\d\d:\d\d$/);
    await expect(item(page, oneDay).getByRole("timer")).toHaveText("1 dia");
    await expect(item(page, days).getByRole("timer")).toHaveText(/^[56] dias$/);

    // the name: a photo sent without its file name shows its date, never the storage key; download names the file
    const docs = await returned(request, tokens.access);
    const doc = docs.find((entry) => entry.id === days);
    expect(doc).toBeDefined();
    expect(doc?.name).toMatch(/^Documento de \d\d\/\d\d\/\d{4}$/);
    expect(doc?.url.split("?")[0].endsWith(`/${doc?.name}`)).toBe(false);
    await expect(item(page, days).getByTestId("devolved-name")).toHaveText(doc?.name ?? "");
    await expect(item(page, days).getByTestId("devolved-reason")).toHaveText(
      "Motivo da devolução: Nota ilegível: envie outra foto.",
    );
    await expect(item(page, oneDay).getByTestId("devolved-reason")).toHaveCount(0);
    const fileName = (doc?.name ?? "").replaceAll("/", "-");
    const download = item(page, days).getByRole("link", { name: `Baixar ${doc?.name}` });
    await expect(download).toHaveAttribute("download", fileName);
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe(`${fileName}.webp`); // Chromium adds the type's extension
    await expectNoAxeViolations(page, "/devolveds");

    // select → large preview
    await item(page, days)
      .getByRole("button", { name: new RegExp(doc?.name ?? "") })
      .first()
      .click();
    const preview = page.getByTestId("devolved-preview");
    await expect(preview.getByRole("img", { name: "Imagem 1 de 1" })).toBeVisible();
    await expect(preview.getByTestId("devolved-preview-reason")).toHaveText(
      "Motivo da devolução: Nota ilegível: envie outra foto.",
    );
    expect((await preview.getByRole("img", { name: "Imagem 1 de 1" }).boundingBox())?.height).toBeGreaterThan(300);
    await expectNoAxeViolations(page, "/devolveds with a preview");

    // restore → leaves the list, back in the gallery as rescued
    await item(page, days)
      .getByRole("button", { name: /^Restaurar/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Documento restaurado" })).toBeVisible();
    await expect(item(page, days)).toHaveCount(0);
    await expect(preview).toContainText("Selecione um documento");
    const gallery = await request.post("/api/library/documents", {
      data: {},
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    const galleryDocs = ((await gallery.json()) as { data: { id: number; rescued: boolean }[] }).data;
    expect(galleryDocs.find((entry) => entry.id === days)?.rescued).toBe(true);

    // delete: the confirmation (axe), Cancelar keeps it, Continuar removes it
    await item(page, days2)
      .getByRole("button", { name: /^Excluir/ })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Atenção" });
    await expect(confirm).toContainText(CONFIRM);
    await expectNoAxeViolations(page, "delete confirmation");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(item(page, days2)).toBeVisible();
    await item(page, days2)
      .getByRole("button", { name: /^Excluir/ })
      .click();
    await confirm.getByRole("button", { name: "Continuar" }).click();
    await expect(item(page, days2)).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Documento excluído." })).toBeVisible();

    // the rest by keyboard: restore one, delete the other
    const restore = item(page, oneDay).getByRole("button", { name: /^Restaurar/ });
    await tabTo(page, restore, 60);
    await page.keyboard.press("Enter");
    await expect(item(page, oneDay)).toHaveCount(0);
    const remove = item(page, clock).getByRole("button", { name: /^Excluir/ });
    await tabTo(page, remove, 60);
    await page.keyboard.press("Enter");
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm.getByRole("button", { name: "Continuar" }), 5);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Sem documentos")).toBeVisible();
    expect(await returned(request, tokens.access)).toEqual([]);
  });
});

test.describe("phone", () => {
  test.use(PHONE);

  test("[devolved] at 390 px: 44 px actions, the preview full screen, delete after confirmation; axe", async ({
    page,
    request,
    company,
  }) => {
    const data = await company();
    await openLoggedIn(page, await apiLogin(request, data.owner.email), "bussiness", "/devolveds");
    const [clock] = data.returned.clock;
    await expect(item(page, clock).getByRole("timer")).toHaveText(/^\d\d:\d\d:\d\d$/);
    for (const action of await item(page, clock).getByRole("button").all()) {
      const box = await action.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    expect((await item(page, clock).getByRole("link").boundingBox())?.width).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "/devolveds at 390 px");

    await item(page, clock).getByRole("button").first().tap();
    const preview = page.getByRole("dialog");
    await expect(preview.getByRole("img", { name: "Imagem 1 de 1" })).toBeVisible();
    await expectNoAxeViolations(page, "/devolveds preview at 390 px");
    await preview.getByRole("button", { name: "Fechar pré-visualização" }).tap();
    await expect(preview).toHaveCount(0);

    await item(page, clock)
      .getByRole("button", { name: /^Excluir/ })
      .tap();
    const confirm = page.getByRole("alertdialog", { name: "Atenção" });
    await expect(confirm).toContainText(CONFIRM);
    await expectNoAxeViolations(page, "delete confirmation at 390 px");
    await confirm.getByRole("button", { name: "Continuar" }).tap();
    await expect(item(page, clock)).toHaveCount(0);
  });
});
