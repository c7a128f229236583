// Screenshots of Criar bloco and Blocos com pendencia at 1440px and 390px, light and
// dark, into .data/screenshots/: the empty panel, a mixed selection (gallery documents and new photos),
// the 13-image limit with the refusal, a send in progress (throttled upload), the Excluir confirmation;
// the head pendency, Proximo's confirmation with 'Nao mostrar novamente', the no-change confirmation and
// 'Voce nao tem pendencias.' (that last answer is faked in the page: the demo company has pendencies).
// The demo company's owner (cliente@empresa.demo) first gets gallery documents when it has fewer than four:
// a block of four receipts sent and undone through the API (the documents return to the gallery).
// Usage: node scripts/screenshots-create-block.mjs [baseUrl] (the server with demo data). SCENES=a,b limits.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import sharp from "sharp";
import { outDir, shootScenes } from "./lib/screenshots.mjs";

const COMPANY = "cliente@empresa.demo";
const inputDir = resolve(outDir, "create-block-input");

function receiptSvg(index) {
  const width = 1200;
  const height = 1700;
  const lines = Array.from(
    { length: 14 },
    (_, i) => `<rect x="140" y="${330 + i * 70}" width="${760 - ((i + index) % 4) * 90}" height="20" fill="#4a4a4a"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#d9d4c7"/>
    <rect x="90" y="80" width="1020" height="1540" fill="#fbfaf5"/>
    <text x="140" y="210" font-family="sans-serif" font-size="64" font-weight="bold" fill="#222">NOTA ${index + 1}</text>${lines.join("")}
    <text x="140" y="1450" font-family="sans-serif" font-size="70" font-weight="bold" fill="#222">TOTAL R$ ${(37.9 + index * 11.35).toFixed(2).replace(".", ",")}</text></svg>`;
}

/** Fourteen receipt photos on disk for the file chooser. */
async function writeReceipts() {
  mkdirSync(inputDir, { recursive: true });
  const paths = [];
  for (let index = 0; index < 14; index += 1) {
    const path = resolve(inputDir, `recibo-${index + 1}.jpg`);
    await sharp(Buffer.from(receiptSvg(index)))
      .jpeg({ quality: 85 })
      .toFile(path);
    paths.push(path);
  }
  return paths;
}

/** In the page: four gallery documents at least (a block sent and undone). */
async function ensureGallery(page, access) {
  const images = [];
  for (let index = 0; index < 4; index += 1) {
    const jpeg = await sharp(Buffer.from(receiptSvg(index + 20)))
      .resize({ width: 600 })
      .jpeg({ quality: 80 })
      .toBuffer();
    images.push(`data:image/jpeg;base64,${jpeg.toString("base64")}`);
  }
  await page.evaluate(
    async ({ token, images }) => {
      const call = async (path, body) => {
        const response = await fetch(path, {
          method: body === undefined ? "GET" : "POST",
          headers: { "Content-Type": "application/json", authorization: `Bearer ${token}` },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return (await response.json()).data;
      };
      const gallery = (await call("/api/library/documents", {})) ?? [];
      if (gallery.filter((document) => !document.rescued).length >= 4) return;
      const stamp = Date.now().toString(36);
      const block = await call(
        "/api/block/create",
        images.map((base64url, index) => ({ id: `shot${stamp}x${index}`, base64url })),
      );
      await call("/api/block/sent/undo", { blockId: block.id });
    },
    { token: access, images },
  );
}

const settledImages = (page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll("main img, [role=dialog] img")].every((img) => img.complete),
  );
const stripImages = (page) =>
  page.getByRole("list", { name: "Imagens selecionadas" }).getByRole("button", { name: /^Imagem \d+ de \d+$/ });

async function createPage(page) {
  await page.getByRole("heading", { level: 1, name: "Criar bloco" }).waitFor();
  await page
    .getByRole("button", { name: /^Documento de / })
    .first()
    .waitFor();
  await settledImages(page);
}

async function addFiles(page, paths) {
  const mobile = (page.viewportSize()?.width ?? 1440) < 640;
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: mobile ? "Escolher arquivos" : "Adicionar imagens", exact: true }).click();
  await (await chooser).setFiles(paths);
}

async function pendencyPage(page) {
  await page.getByRole("heading", { level: 1, name: "Blocos com pendencia" }).waitFor();
  await page.locator("#pendency-issue").waitFor();
  await settledImages(page);
}

let receipts = [];

const SCENES = {
  "create-empty": { path: "/createblock", prepare: createPage },
  "create-selected": {
    path: "/createblock",
    prepare: async (page) => {
      await createPage(page);
      const tiles = page.getByRole("button", { name: /^Documento de / });
      await tiles.nth(0).click();
      await tiles.nth(1).click();
      await addFiles(page, receipts.slice(0, 2));
      await stripImages(page).nth(3).waitFor();
      await settledImages(page);
    },
  },
  "create-full": {
    path: "/createblock",
    fullPage: true,
    prepare: async (page) => {
      await createPage(page);
      await addFiles(page, receipts.slice(0, 12));
      await stripImages(page).nth(11).waitFor();
      await addFiles(page, receipts.slice(12, 14));
      await page.getByText(/Limite de 13 imagens/).waitFor();
      await stripImages(page).nth(12).waitFor();
      await settledImages(page);
    },
  },
  "create-sending": {
    path: "/createblock",
    prepare: async (page) => {
      await createPage(page);
      await addFiles(page, receipts.slice(0, 6));
      await stripImages(page).nth(5).waitFor();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 200 * 1024,
      });
      await page.getByRole("button", { name: "Enviar bloco" }).click();
      await page.waitForFunction(
        () => Number(document.querySelector("[role=progressbar]")?.getAttribute("aria-valuenow") ?? 0) >= 30,
      );
    },
  },
  "create-delete": {
    path: "/createblock",
    prepare: async (page) => {
      await createPage(page);
      await page
        .getByRole("button", { name: /^Excluir documento de / })
        .first()
        .click();
      await page.getByRole("alertdialog").waitFor();
    },
  },
  pendency: { path: "/pendencyblock", prepare: pendencyPage },
  "pendency-skip": {
    path: "/pendencyblock",
    prepare: async (page) => {
      await pendencyPage(page);
      await page.getByRole("button", { name: "Proximo" }).click();
      await page.getByRole("alertdialog").waitFor();
    },
  },
  "pendency-nochange": {
    path: "/pendencyblock",
    prepare: async (page) => {
      await pendencyPage(page);
      await page.getByRole("button", { name: "Enviar solução" }).click();
      await page.getByRole("alertdialog").waitFor();
    },
  },
  "pendency-none": {
    prepare: async (page) => {
      await page.route("**/api/pendency/tosolve", (route) =>
        route.fulfill({ json: { data: { pendency: null, pendencyNumber: 0 } } }),
      );
      await page.route("**/api/operator/sync/pendency", (route) =>
        route.fulfill({
          json: { data: { pendencyNumber: 0, operators: [{ name: "Roberto Carlos Nunes", pictureUrl: null }] } },
        }),
      );
      await page.goto(new URL("/pendencyblock", page.url()).toString());
      await page.getByText("Voce nao tem pendencias.").waitFor();
      await page.getByText("0 pendências").waitFor();
    },
  },
};

receipts = await writeReceipts();
await shootScenes({
  prefix: "create-block",
  user: COMPANY,
  platform: "bussiness",
  fresh: true,
  setup: (page, { access }) => ensureGallery(page, access),
  scenes: SCENES,
});
