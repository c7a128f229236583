// Screenshots of the categorization screen at 1440px and 390px, light and dark, into
// .data/screenshots/: the screen on a demo client with uncategorised blocks (form filled halfway, the
// account list open), the 'Reportar problema' dialog, the devolve confirmation, and the empty text (a demo
// client without uncategorised blocks). Nothing is saved: opening the screen only claims blocks for 15 s.
// Usage: node scripts/screenshots-categorization.mjs [baseUrl] (a server with the demo data). SCENES=a,b limits.
import { baseUrl, shootScenes } from "./lib/screenshots.mjs";

/** The demo clients with and without uncategorised blocks, as the tab's selection carries them. */
async function findClients(page, access) {
  return page.evaluate(async (token) => {
    const clients = (await (await fetch("/api/clients", { headers: { authorization: `Bearer ${token}` } })).json())
      .data;
    const selection = (client) =>
      client ? { id: client.id, name: client.name, logoUrl: client.pictureUrl ?? null } : null;
    return {
      busy: selection(clients.find((client) => client.hasUncategorizedBlocks && !client.busy)),
      empty: selection(clients.find((client) => !client.hasUncategorizedBlocks && !client.busy)),
    };
  }, access);
}

async function openScreen(page, client) {
  if (!client) throw new Error("no demo client for this scene");
  await page.evaluate((value) => sessionStorage.setItem("bloco.client", JSON.stringify(value)), client);
  await page.goto(`${baseUrl}/home/client/categorization`);
  await page.getByRole("heading", { level: 1, name: "Categorizar blocos" }).waitFor();
}

async function openBlock(page, clients) {
  await openScreen(page, clients.busy);
  await page.locator("img[data-block-image]").first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll("main img")].every((img) => img.complete));
}

await shootScenes({
  prefix: "categorization",
  user: "dono@escritorio.demo",
  platform: "accounting",
  setup: (page, { access }) => findClients(page, access),
  scenes: {
    screen: async (page, clients) => {
      await openBlock(page, clients);
      await page.getByLabel("Valor").fill("12345");
    },
    "account-list": async (page, clients) => {
      await openBlock(page, clients);
      await page.getByRole("combobox", { name: "Conta" }).click();
    },
    report: async (page, clients) => {
      await openBlock(page, clients);
      await page.getByRole("button", { name: "Reportar problema" }).click();
      await page.getByRole("dialog", { name: "Reportar problema" }).waitFor();
    },
    devolve: async (page, clients) => {
      await openBlock(page, clients);
      await page.getByRole("button", { name: "Devolver bloco" }).click();
      await page.getByRole("alertdialog").waitFor();
    },
    empty: async (page, clients) => {
      await openScreen(page, clients.empty);
      await page.getByText("Não há blocos disponíveis para serem categorizados.").waitFor();
    },
  },
});
