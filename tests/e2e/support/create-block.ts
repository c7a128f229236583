import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

// What the Criar bloco and Blocos com pendencia journeys share: real JPEG photos written with sharp,
// a company of the test's own (its business owner, a colleague who shares the gallery), the database,
// a slow upload link (CDP) and the panel's locators.

type Factories = typeof import("../../helpers/factories");
type Db = ReturnType<(typeof import("@/server/db/client"))["getDb"]>;

export const db = (): Db => (require("@/server/db/client") as typeof import("@/server/db/client")).getDb();

/**
 * `count` photo-like JPEGs (a gradient, a darker "receipt" band, a blotchy texture and mild noise, so they
 * compress like a photo and not like a flat colour) of `width`×`height` in `dir`; returns their paths.
 * The texture keeps them from passing for a sheet of paper (server/fiscal/ocr.ts `showsPaper`): a photo
 * of nothing legible is not sent to OCR, which would spend seconds of the machine on each for nothing.
 */
export async function writePhotos(
  dir: string,
  count: number,
  width = 1000,
  height = 750,
  prefix = "foto",
): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const paths: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const pixels = Buffer.alloc(width * height * 3);
    const tint = (index * 47) % 255;
    // Blotches about a 120th of the width across, each a little lighter or darker than its neighbours.
    const cell = Math.max(2, Math.round(width / 120));
    const columns = Math.ceil(width / cell);
    const blotches = Array.from({ length: columns * Math.ceil(height / cell) }, () => Math.random() * 80 - 40);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const at = (y * width + x) * 3;
        const band = x > width * 0.25 && x < width * 0.75 ? 60 : 0;
        const noise = Math.floor(Math.random() * 24) + blotches[Math.floor(y / cell) * columns + Math.floor(x / cell)]!;
        pixels[at] = (x * 255) / width - band + noise;
        pixels[at + 1] = (y * 255) / height - band + noise;
        pixels[at + 2] = tint + noise;
      }
    }
    const path = join(dir, `${prefix}-${index + 1}.jpg`);
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 88 })
      .toFile(path);
    paths.push(path);
  }
  return paths;
}

export type Company = {
  client: Awaited<ReturnType<Factories["createClient"]>>;
  clientId: number;
  owner: { email: string; name: string; operatorId: number };
  colleague: { email: string; name: string; operatorId: number };
};

/** A client company with its owner (type 0) and a colleague (type 2) who shares the gallery. */
export async function company(f: Factories): Promise<Company> {
  const client = await f.createClient();
  const tag = Math.random().toString(36).slice(2, 7);
  const owner = await f.createClientOperator({
    client,
    type: 0,
    user: { email: f.uniqueEmail("e2e-bloco"), name: `Helena Envia ${tag}` },
  });
  const colleague = await f.createClientOperator({
    client,
    type: 2,
    sharedGallery: true,
    user: { email: f.uniqueEmail("e2e-bloco"), name: `Igor Colega ${tag}` },
  });
  const person = (operator: typeof owner) => ({
    email: operator.user.email,
    name: operator.user.name,
    operatorId: operator.id,
  });
  return { client, clientId: client.id, owner: person(owner), colleague: person(colleague) };
}

/** Chromium's own network throttling (DevTools protocol): `bytesPerSecond` up, download untouched. */
export async function throttleUpload(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: bytesPerSecond === null ? 0 : 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

export const strip = (page: Page) => page.getByRole("list", { name: "Imagens selecionadas" });
export const stripImages = (page: Page) => strip(page).getByRole("button", { name: /^Imagem \d+ de \d+$/ });
export const galleryTiles = (page: Page) => page.getByRole("button", { name: /^Documento de / });

/** Chooses `paths` through the button `name` ('Escolher arquivos', 'Adicionar imagens') and its file chooser. */
export async function chooseFiles(page: Page, name: string, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name, exact: true }).click();
  await (await chooser).setFiles(paths);
}

/**
 * Records, inside the page, every value the send's progress bar shows (aria-valuenow, or its text while
 * it is indeterminate), from before the click until the bar goes. Playwright's own click can return only
 * after a throttled upload is nearly over, so polling the bar from the test would race with it.
 */
export async function recordProgress(page: Page): Promise<{ values: () => Promise<string[]> }> {
  await page.evaluate((name) => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const note = () => {
      const bar = [...document.querySelectorAll('[role="progressbar"]')].find(
        (element) => element.getAttribute("aria-label") === name,
      );
      const value = bar ? (bar.getAttribute("aria-valuenow") ?? `(${bar.getAttribute("aria-valuetext")})`) : "gone";
      if (seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, "Enviando bloco…");
  return { values: () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen) };
}

/**
 * The bar showed a determinate value while the body left, its values never went back, and it advanced:
 * to a higher percentage, or on to the server's work ('Processando imagens…'), before it went. A busy
 * renderer may deliver few of the upload's progress events, so how many percentages show is not
 * asserted. Waits on the recorded state, never on time.
 */
export async function expectProgressMoved(progress: { values: () => Promise<string[]> }): Promise<void> {
  const isPercent = (value: string) => /^\d+$/.test(value);
  const shownThenGone = (seen: string[]) => seen.some(isPercent) && seen.at(-1) === "gone";
  await expect.poll(async () => shownThenGone(await progress.values()), { timeout: 60_000 }).toBe(true);
  const seen = await progress.values();
  const why = `values seen: ${seen.join(" → ")}`;
  const percents = seen.filter(isPercent).map(Number);
  expect(percents, why).toEqual([...percents].sort((a, b) => a - b));
  expect(percents[0], why).toBeLessThan(100);
  const lastPercent = seen.findLastIndex(isPercent);
  const advanced = percents.at(-1)! > percents[0] || seen.slice(lastPercent).includes("(Processando imagens…)");
  expect(advanced, why).toBe(true);
}
