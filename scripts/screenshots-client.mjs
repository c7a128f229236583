// Screenshots of /home/client at 1440px and 390px, light and dark, into .data/screenshots/:
// the accounts of this month with a row open, the flat block list, 'Todos', a month without accounts and
// the pendency dialog. Usage: node scripts/screenshots-client.mjs [baseUrl] (dev server with demo data).
import { openClient, shootScenes } from "./lib/screenshots.mjs";

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
  "pendency-dialog": {
    fullPage: false,
    prepare: async (page) => {
      const panel = page.locator("section[aria-labelledby=pendencies-title]");
      await panel
        .getByRole("button", { name: /pendência/ })
        .first()
        .click();
      await panel.locator("ol button").first().click();
      await page.getByRole("dialog").waitFor();
    },
  },
};

await shootScenes({
  prefix: "client",
  scenes: SCENES,
  user: OWNER,
  platform: "accounting",
  fullPage: true,
  // The showcase client: every state in this month.
  setup: async (page, { access }) => {
    const clients = await page.evaluate(
      async (token) =>
        (await (await fetch("/api/clients", { headers: { authorization: `Bearer ${token}` } })).json()).data,
      access,
    );
    return clients.find((c) => c.name.startsWith("Padaria")) ?? clients[0];
  },
  before: async (page, client) => {
    await openClient(page, { id: client.id, name: client.name, logoUrl: client.pictureUrl });
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("button", { name: /Visualizar Contas/ }).waitFor();
  },
});
