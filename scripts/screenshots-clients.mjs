// Screenshots of the accounting /home 'Clientes' at 1440px and 390px, light and dark,
// into .data/screenshots/: the list, a search, a busy card, the empty state of a new office, the
// 'Adicionar Cliente' drawer, the read-only client dialog and the 'Contato' panel of an open client.
// Usage: node scripts/screenshots-clients.mjs [baseUrl] (the dev server with demo data).
// The empty and busy scenes rewrite the /api/clients answer in the browser (the demo office has clients
// and nobody categorising); everything else is the demo data as served.
import { baseUrl, shootScenes } from "./lib/screenshots.mjs";

const OWNER = "dono@escritorio.demo";
const OPERATOR = "operador@escritorio.demo";

const cards = (page) => page.getByTestId("client-card");
const openHome = async (page) => {
  await page.goto(`${baseUrl}/home`);
  await cards(page).first().waitFor();
};

/** Opens the first client the way a click does, then waits for /home/client. */
async function openFirstClient(page) {
  await openHome(page);
  await cards(page).first().locator("a, button").click();
  await page.waitForURL("**/home/client");
}

async function rewriteClients(page, rewrite) {
  await page.route("**/api/clients", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, data: rewrite(body.data) } });
  });
}

const SCENES = {
  home: { user: OWNER, prepare: openHome },
  "home-operator": { user: OPERATOR, prepare: openHome },
  "home-search": {
    user: OWNER,
    prepare: async (page) => {
      await openHome(page);
      await page.getByRole("searchbox", { name: "Buscar conta" }).fill("padaria");
    },
  },
  "home-tooltip": {
    user: OWNER,
    prepare: async (page) => {
      await openHome(page);
      await page.locator("[data-status]").first().hover();
    },
  },
  "home-busy": {
    user: OWNER,
    prepare: async (page) => {
      await rewriteClients(page, (list) =>
        list.map((card, index) =>
          index === 1 ? { ...card, busy: { name: "Carla Operadora", pictureUrl: null } } : card,
        ),
      );
      await openHome(page);
    },
  },
  "home-empty": {
    user: OWNER,
    prepare: async (page) => {
      await rewriteClients(page, () => []);
      await page.goto(`${baseUrl}/home`);
      await page.getByRole("heading", { name: "Nenhum cliente ainda" }).waitFor();
    },
  },
  "drawer-add": {
    user: OWNER,
    prepare: async (page) => {
      await openHome(page);
      await page.getByRole("button", { name: "Adicionar Cliente" }).click();
      const drawer = page.getByRole("dialog", { name: "Adicionar Cliente" });
      await drawer.getByLabel("E-mail").fill("empresa-invalida");
      await drawer.getByRole("button", { name: "Adicionar", exact: true }).click();
      await drawer.getByText("Este e-mail não é válido").waitFor();
    },
  },
  "client-dialog": {
    user: OWNER,
    prepare: async (page) => {
      await openFirstClient(page);
      const name = await page.evaluate(() => JSON.parse(sessionStorage.getItem("bloco.client")).name);
      await page.getByRole("button", { name }).first().click();
      await page
        .getByRole("dialog", { name: "Dados do cliente" })
        .getByText("Razão Social")
        .or(page.getByText("Nome Completo"))
        .first()
        .waitFor();
    },
  },
  "contact-panel": {
    user: OWNER,
    prepare: async (page) => {
      await openFirstClient(page);
      await page.getByTestId("profile-button").click();
      await page.getByRole("button", { name: "Contato" }).click();
      await page.getByText("Operador", { exact: true }).waitFor();
    },
  },
};

// One fresh context per scene: each logs in as its own user.
await shootScenes({ prefix: "clients", scenes: SCENES, platform: "accounting", fresh: true, settle: 700 });
