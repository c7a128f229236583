// Screenshots of /home/client (issue 7 item 3) at 1440px and 390px, light and dark, into .data/screenshots/:
// the accounts of this month with a row open, the flat block list, 'Todos', a month without accounts and
// the pendency dialog. Usage: node scripts/screenshots-client.mjs [baseUrl] (dev server with demo data).
import { resolve } from "node:path";
import { launchBrowser, loginAs, openClient, outDir, THEMES, VIEWPORTS } from "./lib/screenshots.mjs";

const OWNER = "dono@escritorio.demo";

const SCENES = {
  accounts: async (page) => {
    const rows = page.locator("main section").first().getByRole("button", { expanded: false });
    await rows.first().click();
  },
  blocks: async (page) => {
    await page.getByRole("button", { name: "Visualizar Blocos" }).click();
  },
  "all-months": async (page) => {
    await page.getByLabel("Mês", { exact: true }).selectOption("0");
  },
  "empty-year": async (page) => {
    await page.getByLabel("Ano", { exact: true }).first().selectOption("2020");
    await page.getByText("Nenhuma conta adicionada").waitFor();
  },
  "pendency-dialog": async (page) => {
    const panel = page.locator("section[aria-labelledby=pendencies-title]");
    await panel.getByRole("button", { name: /pendência/ }).first().click();
    await panel.locator("ol button").first().click();
    await page.getByRole("dialog").waitFor();
  },
};

async function main() {
  const only = process.env.SCENES?.split(",");
  const browser = await launchBrowser();
  try {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of THEMES) {
        const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1, locale: "pt-BR" });
        const page = await context.newPage();
        const access = await loginAs(page, OWNER, "accounting");
        const clients = await page.evaluate(async (token) => (await (await fetch("/api/clients", { headers: { authorization: `Bearer ${token}` } })).json()).data, access);
        // The showcase client: every state in this month.
        const client = clients.find((c) => c.name.startsWith("Padaria")) ?? clients[0];
        for (const [name, prepare] of Object.entries(SCENES)) {
          if (only && !only.includes(name)) continue;
          try {
            await openClient(page, { id: client.id, name: client.name, logoUrl: client.pictureUrl });
            await page.getByRole("heading", { level: 1 }).waitFor();
            await page.getByRole("button", { name: /Visualizar Contas/ }).waitFor();
            await prepare(page);
            await page.waitForTimeout(600); // let the transitions settle
            const file = resolve(outDir, `client-${name}-${size}-${theme}.png`);
            await page.screenshot({ path: file, fullPage: name !== "pendency-dialog" });
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
