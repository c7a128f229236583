// Screenshots of the block viewer at 1440px and 390px, light and dark, into
// .data/screenshots/: a categorised block (edit-view, then editing with the account list open), a
// contabilised one, one with an open pendency (when the demo has one; the e2e spec shoots it with
// VIEWER_SHOTS=1), zoomed in, full screen and the devolve confirmation.
// Usage: node scripts/screenshots-viewer.mjs [baseUrl] (the dev server with demo data). SCENES=a,b limits.
import { resolve } from "node:path";
import { baseUrl, launchBrowser, outDir, THEMES, VIEWPORTS } from "./lib/screenshots.mjs";

const OWNER = "dono@escritorio.demo";

async function login(page) {
  await page.goto(`${baseUrl}/register`);
  return page.evaluate(async (user) => {
    const response = await fetch("/api/token/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: user, password: "demo1234" }),
    });
    const { data } = await response.json();
    localStorage.setItem("bloco.access", data.access);
    localStorage.setItem("bloco.refresh", data.refresh);
    localStorage.setItem("bloco.platform", "accounting");
    localStorage.setItem("bloco.allowChangePlatform", String(data.isAccouting && data.isBussiness));
    return data.access;
  }, OWNER);
}

/** The demo client with the most blocks, and one block of each kind (categorised, contabilised, pendency). */
async function findBlocks(page, access) {
  return page.evaluate(async (token) => {
    const call = async (path, body) => {
      const response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return (await response.json()).data;
    };
    const clients = (await (await fetch("/api/clients", { headers: { authorization: `Bearer ${token}` } })).json())
      .data;
    let best = null;
    for (const client of clients) {
      const answer = await call("/api/block/list", { clientId: client.id });
      const all = [];
      for (const [year, months] of Object.entries(answer.blocks)) {
        for (const [month, accounts] of Object.entries(months)) {
          for (const [account, list] of Object.entries(accounts)) {
            if (account === "null") continue;
            for (const block of list) all.push({ ...block, year: Number(year), month: Number(month) });
          }
        }
      }
      const pick = {
        categorized:
          all.find((b) => !b.contabilizedDatetime && !b.hasPendency && b.documentsUrl.length > 1) ??
          all.find((b) => !b.contabilizedDatetime && !b.hasPendency),
        contabilized: all.find((b) => b.contabilizedDatetime),
        pendency: all.find((b) => b.hasPendency && !b.contabilizedDatetime),
      };
      const score = Object.values(pick).filter(Boolean).length;
      if (!best || score > best.score)
        best = { score, client: { id: client.id, name: client.name, logoUrl: client.pictureUrl ?? null }, pick };
    }
    return best;
  }, access);
}

async function openBlock(page, client, block) {
  await page.evaluate((value) => sessionStorage.setItem("bloco.client", JSON.stringify(value)), client);
  await page.goto(`${baseUrl}/home/client`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  const main = page.locator("main");
  await main.getByLabel("Ano", { exact: true }).first().selectOption(String(block.year));
  await main.getByLabel("Mês", { exact: true }).first().selectOption(String(block.month));
  await page.getByRole("button", { name: "Visualizar Blocos" }).click();
  await page.locator(`[data-block-id="${block.id}"]`).first().click();
  const dialog = page.getByRole("dialog", { name: "Bloco" });
  await dialog.waitFor();
  await dialog.getByRole("img").first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll("[role=dialog] img")].every((img) => img.complete));
  return dialog;
}

const SCENES = {
  "edit-view": async (page, found) => openBlock(page, found.client, found.pick.categorized),
  editing: async (page, found) => {
    const dialog = await openBlock(page, found.client, found.pick.categorized);
    await dialog.getByRole("button", { name: "Editar bloco" }).click();
    await dialog.getByRole("combobox", { name: "Conta" }).click();
  },
  "search-none": async (page, found) => {
    const dialog = await openBlock(page, found.client, found.pick.categorized);
    await dialog.getByRole("button", { name: "Editar bloco" }).click();
    await dialog.getByRole("combobox", { name: "Conta" }).fill("zzzz");
  },
  contabilized: async (page, found) => openBlock(page, found.client, found.pick.contabilized),
  pendency: async (page, found) => openBlock(page, found.client, found.pick.pendency),
  zoomed: async (page, found) => {
    const dialog = await openBlock(page, found.client, found.pick.categorized);
    await dialog.getByRole("button", { name: "Aumentar zoom" }).click();
    await dialog.getByRole("button", { name: "Aumentar zoom" }).click();
  },
  "full-screen": async (page, found) => {
    const dialog = await openBlock(page, found.client, found.pick.categorized);
    if ((page.viewportSize()?.width ?? 0) < 768) return; // a phone is always full screen (no toggle)
    await dialog.getByRole("button", { name: "Tela cheia" }).click();
  },
  devolve: async (page, found) => {
    const dialog = await openBlock(page, found.client, found.pick.categorized);
    await dialog.getByRole("button", { name: "Devolver bloco" }).click();
    await page.getByRole("alertdialog").waitFor();
  },
};

async function main() {
  const only = process.env.SCENES?.split(",");
  const sizes = process.env.SIZES?.split(",");
  const browser = await launchBrowser();
  try {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      if (sizes && !sizes.includes(size)) continue;
      for (const theme of THEMES) {
        if (process.env.THEME && process.env.THEME !== theme) continue;
        const context = await browser.newContext({
          viewport,
          colorScheme: theme,
          deviceScaleFactor: 1,
          locale: "pt-BR",
        });
        const page = await context.newPage();
        const access = await login(page);
        const found = await findBlocks(page, access);
        for (const [name, prepare] of Object.entries(SCENES)) {
          if (only && !only.includes(name)) continue;
          try {
            await prepare(page, found);
            await page.waitForTimeout(600); // let the transitions settle
            const file = resolve(outDir, `viewer-${name}-${size}-${theme}.png`);
            await page.screenshot({ path: file });
            console.log(`saved ${file}`);
          } catch (error) {
            console.warn(`${name} ${size}-${theme}: ${error.message.split("\n")[0]}`);
          }
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
