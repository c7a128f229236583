// Screenshots of the business screens at 1440px and 390px, light and dark,
// into .data/screenshots/: the home (by account, flat, a block open, the company dialog, the side bar
// collapsed), Blocos enviados (a block just sent counting down, its preview) and Devolvidos (the list
// with its countdowns, a preview, the delete confirmation).
// The demo company's owner (cliente@empresa.demo) sends a block through the API first, so a countdown
// shows; while the company has fewer than three returned documents, its office (dono@escritorio.demo)
// devolves one more block.
// Usage: node scripts/screenshots-business.mjs [baseUrl] (the server with demo data). SCENES=a,b limits.
import sharp from "sharp";
import { baseUrl, shootScenes } from "./lib/screenshots.mjs";

const COMPANY = "cliente@empresa.demo";
const OFFICE = "dono@escritorio.demo";

async function receipt() {
  const lines = Array.from(
    { length: 9 },
    (_, i) => `<rect x="90" y="${150 + i * 60}" width="${420 - (i % 3) * 60}" height="14" fill="#444"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#fbfaf5"/>
    <text x="90" y="100" font-family="sans-serif" font-size="40" font-weight="bold" fill="#222">CUPOM FISCAL</text>${lines.join("")}
    <text x="90" y="780" font-family="sans-serif" font-size="44" font-weight="bold" fill="#222">TOTAL R$ 87,40</text></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

/** In the page: a block sent now by the company; one devolved by its office while it has few returned ones. */
async function prepareData(page, access) {
  const image = await receipt();
  await page.evaluate(
    async ({ token, image, office }) => {
      const call = async (path, body, bearer = token) => {
        const response = await fetch(path, {
          method: body === undefined ? "GET" : "POST",
          headers: { "Content-Type": "application/json", authorization: `Bearer ${bearer}` },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return (await response.json()).data;
      };
      const send = () =>
        call("/api/block/create", [
          { id: `shot-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, base64url: image },
        ]);
      await send();
      const returned = (await call("/api/document/devolved")) ?? [];
      if (returned.length < 3) {
        const login = await fetch("/api/token/", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username: office, password: "demo1234" }),
        });
        const officeAccess = (await login.json()).data.access;
        const block = await send();
        await call("/api/block/devolve", { blockId: block.id }, officeAccess);
      }
    },
    { token: access, image, office: OFFICE },
  );
}

const settledImages = (page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll("main img, [role=dialog] img")].every((img) => img.complete),
  );

const home = async (page) => {
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.getByRole("region", { name: "Inicio" }).getByRole("button", { name: "Visualizar Contas" }).waitFor();
};

const SCENES = {
  home: {
    path: "/home",
    prepare: async (page) => {
      await home(page);
      const first = page.getByRole("region", { name: "Inicio" }).locator("h3 button").first();
      if (await first.count()) await first.click();
      await settledImages(page);
    },
  },
  "home-blocks": {
    path: "/home",
    prepare: async (page) => {
      await home(page);
      await page.getByRole("button", { name: "Visualizar Blocos" }).click();
    },
  },
  "home-block": {
    path: "/home",
    prepare: async (page) => {
      await home(page);
      await page.getByRole("button", { name: "Visualizar Blocos" }).click();
      await page.locator("[data-block-id]").first().click();
      await page.getByRole("dialog", { name: "Bloco" }).getByRole("img").first().waitFor();
      await settledImages(page);
    },
  },
  "home-company": {
    path: "/home",
    prepare: async (page) => {
      await home(page);
      await page.getByRole("heading", { level: 1 }).getByRole("button").click();
      await page.getByRole("dialog", { name: "Dados do cliente" }).getByText("CNPJ").first().waitFor();
    },
  },
  sent: {
    path: "/sentblock",
    prepare: async (page) => {
      await page.getByRole("timer").first().waitFor();
      await settledImages(page);
    },
  },
  "sent-preview": {
    path: "/sentblock",
    prepare: async (page) => {
      await page.getByTestId("sent-block").first().getByRole("button").first().click();
      await page.getByTestId("sent-preview").getByRole("img").first().waitFor();
      await settledImages(page);
    },
  },
  devolved: {
    path: "/devolveds",
    prepare: async (page) => {
      await page.getByTestId("devolved-document").first().waitFor();
      await settledImages(page);
    },
  },
  "devolved-preview": {
    path: "/devolveds",
    prepare: async (page) => {
      await page.getByTestId("devolved-document").first().getByRole("button").first().click();
      await page.getByTestId("devolved-preview").getByRole("img").first().waitFor();
      await settledImages(page);
    },
  },
  "devolved-confirm": {
    path: "/devolveds",
    prepare: async (page) => {
      await page.getByTestId("devolved-remove").first().click();
      await page.getByRole("alertdialog").waitFor();
    },
  },
  // last: the choice stays on the device (this view's context) for any scene after it
  "nav-collapsed": {
    path: "/home",
    prepare: async (page) => {
      await home(page);
      const toggle = page.getByRole("button", { name: "Recolher menu" });
      if (await toggle.isVisible()) await toggle.click();
    },
  },
};

console.log(`business screens from ${baseUrl}`);
await shootScenes({
  prefix: "business",
  scenes: SCENES,
  user: COMPANY,
  platform: "bussiness",
  setup: async (page, { access }) => prepareData(page, access),
});
