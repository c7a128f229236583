// Screenshots of the client detail's side bar and its actions at 1440px and
// 390px, light and dark, into .data/screenshots/: the side bar expanded and collapsed, its disabled entries
// (a client the viewer is not responsible for), 'Gerenciar plano de Contas' and 'Adicionar contas' (with
// the help tooltip), the share drawer, the transfer drawer with its confirm panel and the removal
// confirmation. Nothing is confirmed: the demo data stays as it is.
// Usage: node scripts/screenshots-client-actions.mjs [baseUrl] (default http://127.0.0.1:3000, the dev
// server with demo data). SCENES=a,b, SIZES=desktop,mobile and THEMES=light,dark limit what is shot.
import { resolve } from "node:path";
import { baseUrl, launchBrowser, outDir, THEMES, VIEWPORTS } from "./lib/screenshots.mjs";

const OWNER = "dono@escritorio.demo";

async function login(page, username) {
  await page.goto(`${baseUrl}/register`);
  await page.evaluate(async (user) => {
    const response = await fetch("/api/token/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: user, password: "demo1234" }),
    });
    const { data } = await response.json();
    localStorage.setItem("bloco.access", data.access);
    localStorage.setItem("bloco.refresh", data.refresh);
    localStorage.setItem("bloco.platform", data.isAccouting ? "accounting" : "bussiness");
    localStorage.setItem("bloco.allowChangePlatform", String(data.isAccouting && data.isBussiness));
  }, username);
}

/** The owner's clients: one it is responsible for, one it is not. */
async function pickClients(page) {
  return page.evaluate(async () => {
    const response = await fetch("/api/clients", {
      headers: { authorization: `Bearer ${localStorage.getItem("bloco.access")}` },
    });
    const { data } = await response.json();
    const pick = (card) => card && { id: card.id, name: card.name, logoUrl: card.pictureUrl };
    return { mine: pick(data.find((c) => c.isResponsable)), other: pick(data.find((c) => !c.isResponsable)) };
  });
}

async function openClient(page, client) {
  await page.goto(`${baseUrl}/register`);
  await page.evaluate((value) => sessionStorage.setItem("bloco.client", JSON.stringify(value)), client);
  await page.goto(`${baseUrl}/home/client`);
  await page.getByRole("navigation", { name: "Ações do cliente" }).waitFor();
  await page.waitForLoadState("networkidle"); // the card (isResponsable) and the counts
}

const bar = (page) => page.getByRole("navigation", { name: "Ações do cliente" });
const entry = (page, name) => bar(page).getByRole(name === "Visualizar" ? "generic" : "button", { name });

const SCENES = {
  "side-bar": { client: "mine", prepare: async () => {} },
  "side-bar-toggled": {
    client: "mine",
    prepare: async (page) =>
      bar(page)
        .getByRole("button", { name: /^(Recolher|Expandir) menu$/ })
        .click(),
  },
  "side-bar-disabled": {
    client: "other",
    prepare: async (page) => {
      await entry(page, "Transferir cliente").focus();
      await page.getByRole("tooltip").first().waitFor();
    },
  },
  "accounts-active": {
    client: "mine",
    prepare: async (page) => {
      await entry(page, "Gerenciar contas").click();
      await page.getByRole("list", { name: "Contas ativas" }).waitFor();
    },
  },
  "accounts-add": {
    client: "mine",
    prepare: async (page) => {
      await entry(page, "Gerenciar contas").click();
      await page.getByRole("button", { name: "Adicionar contas" }).click();
      await page.getByRole("list", { name: "Resultados da busca" }).waitFor();
      await page.getByRole("button", { name: "Como funcionam as contas ativas" }).click();
    },
  },
  "accounts-search": {
    client: "mine",
    prepare: async (page) => {
      await entry(page, "Gerenciar contas").click();
      await page.getByRole("button", { name: "Adicionar contas" }).click();
      await page.getByRole("searchbox", { name: "Buscar conta" }).fill("CAIXA");
    },
  },
  share: {
    client: "mine",
    prepare: async (page) => {
      await entry(page, "Compartilhar cliente").click();
      await page.getByTestId("share-item").first().waitFor();
    },
  },
  "transfer-confirm": {
    client: "mine",
    prepare: async (page) => {
      await entry(page, "Transferir cliente").click();
      await page.getByTestId("transfer-item").first().click();
      await page.getByRole("button", { name: "Transferir clientes" }).click();
      await page.getByText(/^Transferir cliente para .+\?$/).waitFor();
    },
  },
  "transfer-select": {
    client: "mine",
    prepare: async (page) => {
      await entry(page, "Transferir cliente").click();
      await page.getByTestId("transfer-item").first().waitFor();
    },
  },
  "remove-confirm": {
    client: "mine",
    prepare: async (page) => {
      await entry(page, "Excluir cliente").click();
      await page.getByRole("alertdialog").waitFor();
    },
  },
};

async function shootScenes(browser, { size, viewport, theme, only }) {
  const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1, locale: "pt-BR" });
  const page = await context.newPage();
  await login(page, OWNER);
  const clients = await pickClients(page);
  for (const [name, scene] of Object.entries(SCENES)) {
    if (only && !only.includes(name)) continue;
    try {
      await openClient(page, clients[scene.client]);
      await scene.prepare(page);
      await page.waitForTimeout(600); // let the transitions settle
      const file = resolve(outDir, `client-actions-${name}-${size}-${theme}.png`);
      await page.screenshot({ path: file });
      console.log(`saved ${file}`);
    } catch (error) {
      console.warn(`${name} ${size}-${theme}: ${error.message.split("\n")[0]}`);
    }
  }
  await context.close();
}

async function main() {
  const only = process.env.SCENES?.split(",");
  const browser = await launchBrowser();
  try {
    const sizes = process.env.SIZES?.split(",");
    const themes = process.env.THEMES?.split(",") ?? THEMES;
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      if (sizes && !sizes.includes(size)) continue;
      for (const theme of themes) await shootScenes(browser, { size, viewport, theme, only });
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
