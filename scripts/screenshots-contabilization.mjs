// Screenshots of the desktop contabilization page at 1440px and 390px, light and dark,
// into .data/screenshots/: an account chosen with its next block, an account with 'Sem blocos!', the
// 'Visualizar Historico' drawer, the QR panel open, a Desfazer expanded (not confirmed), and the page while another operator holds the client.
// Nothing is posted: the demo data stays as it is (the held scene takes the lease as the demo operator
// for 15 s).
// Usage: node scripts/screenshots-contabilization.mjs [baseUrl] (default http://127.0.0.1:3000, a server
// with demo data). SCENES=a,b limits the scenes.
import { baseUrl, shootScenes } from "./lib/screenshots.mjs";

const OWNER = "dono@escritorio.demo";
const OPERATOR = "operador@escritorio.demo";
const DESK = "/home/client/contabilization";

/** In the page: a token of `username`, without touching the page's own session. */
async function tokenOf(page, username) {
  return page.evaluate(async (user) => {
    const response = await fetch("/api/token/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: user, password: "demo1234" }),
    });
    return (await response.json()).data.access;
  }, username);
}

/** The demo operator's client with the most blocks to post, and its accounts of this month. */
async function pickClient(page) {
  const access = await tokenOf(page, OPERATOR);
  return page.evaluate(async (token) => {
    const call = (path, body) =>
      fetch(path, {
        method: body ? "POST" : "GET",
        headers: { authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body && JSON.stringify(body),
      }).then((r) => r.json());
    const cards = (await call("/api/clients")).data.filter((card) => card.isResponsable);
    // this month and the two before: the one with blocks to post AND posted ones shows the most
    const now = new Date();
    const periods = [0, 1, 2].map((back) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15));
      return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
    });
    const score = (month) => Math.min(month.uncontabilizedCount, 5) + 2 * month.lastContabilized.length;
    let best = null;
    for (const card of cards) {
      for (const period of periods) {
        const month = (await call("/api/operator/sync/contabilize", { clientId: card.id, ...period })).data;
        if (month && (!best || score(month) > score(best.month))) best = { card, month };
      }
      await call("/api/operator/unsync/contabilize", { clientId: card.id });
    }
    if (!best) throw new Error("no client to contabilize");
    const accounts = best.month.accounts;
    const busiest = [...accounts].sort((a, b) => b.uncontabilizedCount - a.uncontabilizedCount)[0];
    const posted = best.month.lastContabilized[0]?.accountId ?? busiest.id;
    const empty =
      accounts.find((account) => account.uncontabilizedCount === 0 && account.id === posted) ??
      accounts.find((account) => account.uncontabilizedCount === 0) ??
      null;
    return {
      client: { id: best.card.id, name: best.card.name, logoUrl: best.card.pictureUrl },
      year: best.month.year,
      month: best.month.month,
      busiest: busiest.id,
      empty: empty?.id ?? null,
      posted,
    };
  }, access);
}

const account = (page, id) => page.locator(`[data-account-id="${id}"]`);

async function choose(page, id, state) {
  await page.getByRole("combobox", { name: "Ano" }).selectOption(String(state.year));
  await page.getByRole("combobox", { name: "Mês" }).selectOption(String(state.month));
  await account(page, id).click();
  await page.getByTestId("next-button").waitFor();
}

const scenes = {
  account: { path: DESK, prepare: (page, state) => choose(page, state.busiest, state) },
  "sem-blocos": {
    path: DESK,
    prepare: async (page, state) => {
      if (state.empty === null) throw new Error("no account without blocks to post");
      await choose(page, state.empty, state);
    },
  },
  history: {
    path: DESK,
    prepare: async (page, state) => {
      await choose(page, state.posted, state);
      await page.getByRole("button", { name: "Visualizar Historico" }).click();
      await page.getByRole("dialog", { name: "Visualizar Historico" }).waitFor();
      await page.getByTestId("history-list").or(page.getByText("Sem itens nesta lista")).waitFor();
    },
  },
  qr: {
    path: DESK,
    fullPage: true,
    prepare: async (page, state) => {
      await choose(page, state.busiest, state);
      await page.getByRole("button", { name: "Contabilizar pelo celular" }).click();
      await page.getByTestId("qr-code").waitFor();
      await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page draws the sticky header mid-page
    },
  },
  "undo-armed": {
    path: DESK,
    prepare: async (page, state) => {
      await choose(page, state.busiest, state);
      await page.getByRole("button", { name: "Desfazer", exact: true }).first().click(); // expanded only: nothing is undone
      await page.getByRole("button", { name: "Confirmar desfazer" }).waitFor();
    },
  },
  held: {
    prepare: async (page, state) => {
      await page.goto(`${baseUrl}/register`); // the desk unmounts: its lease is let go
      const token = await tokenOf(page, OPERATOR);
      await page.evaluate(
        async ({ clientId, token: access }) => {
          for (let attempt = 0; attempt < 40; attempt++) {
            const response = await fetch("/api/operator/sync/contabilize", {
              method: "POST",
              headers: { authorization: `Bearer ${access}`, "Content-Type": "application/json" },
              body: JSON.stringify({ clientId }),
            });
            if (response.ok) return;
            await new Promise((done) => setTimeout(done, 500));
          }
          throw new Error("the operator could not take the lease");
        },
        { clientId: state.client.id, token },
      );
      await page.goto(baseUrl + DESK);
      await page.getByTestId("lease-held").waitFor();
    },
  },
};

shootScenes({
  prefix: "contabilization",
  user: OWNER,
  platform: "accounting",
  setup: async (page) => {
    const state = await pickClient(page);
    await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), state.client);
    return state;
  },
  scenes,
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
