import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { receiptPhoto, type Degradation } from "@/scripts/bench/quality-photos";
import { createRandom } from "@/server/seed/random";
import { expectNoAxeViolations, shots } from "./support/axe";
import { chooseFiles, company, db, stripImages } from "./support/create-block";
import { expect, test } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// The photo check before sending, in Criar bloco and Blocos com pendencia: receipts drawn at 2000 px
// (scripts/bench/quality-photos.ts), one blurred (σ 5) or darkened; the flagged photo says why on its
// thumbnail, is announced, offers 'Tirar outra' (a keyboard reaches it; it replaces the photo in its
// place) and is sent as it is when kept: nothing is blocked.

test.describe.configure({ timeout: 240_000 });

/** Photos are downscaled and checked in the browser: a loaded machine needs its time. */
const CHECKED = { timeout: 120_000 };

async function receipts(dir: string, cases: Record<string, Degradation>): Promise<Record<string, string>> {
  mkdirSync(dir, { recursive: true });
  const paths: Record<string, string> = {};
  for (const [index, [name, degradation]] of Object.entries(cases).entries()) {
    const path = join(dir, `${name}.jpg`);
    writeFileSync(path, (await receiptPhoto(createRandom(300 + index), degradation)).bytes);
    paths[name] = path;
  }
  return paths;
}

const flagText = (page: Page, text: string) => page.getByRole("list", { name: "Imagens selecionadas" }).getByText(text);
const retakeButtons = (page: Page) => page.getByRole("button", { name: /^Tirar outra: imagem \d+ de \d+$/ });
/** The polite announcement of the last photo flagged (screen-reader text). */
const announcement = (page: Page) => page.locator("section[aria-labelledby='panel-strip'] p[aria-live='polite']");

test.describe("phone (390 px, touch)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("[photo check] a blurred photo is flagged with 'Foto desfocada' and 'Tirar outra', announced, and the block is sent anyway; axe", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const firm = await company(factories);
    const photos = await receipts(testInfo.outputPath("photos"), {
      nitida: { kind: "sharp" },
      tremida: { kind: "gaussian", sigma: 5 },
    });
    await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");
    await chooseFiles(page, "Escolher arquivos", [photos.nitida, photos.tremida]);
    await expect(stripImages(page)).toHaveCount(2, CHECKED);

    await expect(flagText(page, "Foto desfocada")).toBeVisible(CHECKED);
    await expect(retakeButtons(page)).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Tirar outra: imagem 2 de 2" })).toBeVisible();
    await expect(stripImages(page).nth(1)).toHaveAccessibleDescription("Foto desfocada");
    await expect(announcement(page)).toHaveText(
      "Imagem 2 de 2: Foto desfocada. Você pode tirar outra ou enviar assim mesmo.",
    );
    // the sharp one is not flagged
    await expect(stripImages(page).nth(0)).not.toHaveAttribute("aria-describedby");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "Criar bloco, a blurred photo flagged, phone");
    await shots(page, "photo-check-flagged");

    // nothing asks: the block goes with both photos
    await page.getByRole("button", { name: "Enviar bloco" }).click();
    await expect(page.getByText("Bloco enviado!")).toBeVisible({ timeout: 60_000 });
    await expect(stripImages(page)).toHaveCount(0);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    const blocks = await db().block.findMany({ where: { clientId: firm.clientId }, include: { documents: true } });
    expect(blocks).toHaveLength(1);
    expect(blocks[0].documents).toHaveLength(2);
  });

  test("[photo check] in Blocos com pendencia a dark photo is flagged 'Foto escura'; 'Tirar outra' replaces it and the solution is sent", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const firm = await company(factories);
    const block = await factories.createBlock({
      client: firm.client,
      state: "pendency",
      documents: 1,
      sentBy: { id: firm.owner.operatorId },
      sentAt: new Date(Date.now() - 90 * 60_000),
      reportedAt: new Date(Date.now() - 30 * 60_000),
      issue: 0,
      observations: "A foto está escura",
    });
    const photos = await receipts(testInfo.outputPath("photos"), {
      escura: { kind: "dark", gain: 0.2 },
      nova: { kind: "sharp" },
    });
    await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/pendencyblock");
    await expect(page.getByRole("heading", { level: 1, name: "Blocos com pendencia" })).toBeVisible();
    await expect(stripImages(page)).toHaveCount(1, CHECKED);
    await chooseFiles(page, "Escolher arquivos", [photos.escura]);
    await expect(stripImages(page)).toHaveCount(2, CHECKED);
    await expect(flagText(page, "Foto escura")).toBeVisible(CHECKED);
    await expectNoAxeViolations(page, "Blocos com pendencia, a dark photo flagged, phone");
    await shots(page, "photo-check-pendency");

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Tirar outra: imagem 2 de 2" }).tap();
    await (await chooser).setFiles(photos.nova);
    await expect(flagText(page, "Foto escura")).toHaveCount(0, CHECKED);
    await expect(stripImages(page)).toHaveCount(2);
    // the new photo is in the place of the old one, in the preview
    await expect(page.getByRole("img", { name: "Imagem 2 de 2" })).toBeVisible();
    await expect(retakeButtons(page)).toHaveCount(0, CHECKED);

    await page.getByRole("button", { name: "Enviar solução" }).click();
    await expect(page.getByText("Pendência resolvida!")).toBeVisible({ timeout: 60_000 });
    const solved = await db().pendency.findFirstOrThrow({ where: { blockId: block.id } });
    expect(solved.solvedAt).not.toBeNull();
    expect(await db().document.count({ where: { blockId: block.id } })).toBe(2);
  });
});

test.describe("desktop (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("[photo check] by keyboard alone: 'Tirar outra' replaces the flagged photo in its place, then the block is sent; axe", async ({
    page,
    request,
    factories,
  }, testInfo) => {
    const firm = await company(factories);
    const photos = await receipts(testInfo.outputPath("photos"), {
      primeira: { kind: "sharp" },
      tremida: { kind: "motion", length: 30 },
      terceira: { kind: "sharp" },
      nova: { kind: "sharp" },
    });
    const bodies: Array<Array<{ id: string | number }>> = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/block/create") && request.method() === "POST")
        bodies.push(request.postDataJSON() as Array<{ id: string | number }>);
    });
    await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");
    await chooseFiles(page, "Adicionar imagens", [photos.primeira, photos.tremida, photos.terceira]);
    await expect(stripImages(page)).toHaveCount(3, CHECKED);
    await expect(flagText(page, "Foto desfocada")).toBeVisible(CHECKED);
    await expect(retakeButtons(page)).toHaveCount(1);
    const kept = [
      await stripImages(page).nth(0).locator("img").getAttribute("src"),
      await stripImages(page).nth(2).locator("img").getAttribute("src"),
    ];
    await expectNoAxeViolations(page, "Criar bloco, a shaken photo flagged, desktop");
    await shots(page, "photo-check-desktop");

    // Tab reaches 'Tirar outra' (named after its photo); Enter opens the chooser
    const retake = page.getByRole("button", { name: "Tirar outra: imagem 2 de 3" });
    await tabTo(page, retake);
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(photos.nova);
    await expect(retakeButtons(page)).toHaveCount(0, CHECKED);
    await expect(stripImages(page)).toHaveCount(3);
    // the keyboard is not lost: the focus is on the new photo's thumbnail
    await expect(stripImages(page).nth(1)).toBeFocused();
    await expect(page.getByRole("img", { name: "Imagem 2 de 3" })).toBeVisible();
    expect([
      await stripImages(page).nth(0).locator("img").getAttribute("src"),
      await stripImages(page).nth(2).locator("img").getAttribute("src"),
    ]).toEqual(kept);

    const send = page.getByRole("button", { name: "Enviar bloco" });
    await tabTo(page, send);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Bloco enviado!")).toBeVisible({ timeout: 60_000 });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toHaveLength(3);
    const blocks = await db().block.findMany({ where: { clientId: firm.clientId }, include: { documents: true } });
    expect(blocks[0].documents).toHaveLength(3);
  });
});
