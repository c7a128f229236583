// Screenshots of the phone's contabilization pages at 390px and 360px, light and dark,
// into .data/screenshots/: the main page before an account is chosen, the account list, the main page
// with an account and its next block, after one Proximo (the last posted with Desfazer armed), the
// history, a month with nothing to post, and the 'scan again' page after a reload.
// For each view the demo office owner (dono@escritorio.demo) asks a fresh QR link through the API for the
// first of its clients with blocks to post this month; the phone opens it in a context with no login.
// The one block posted for the pictures is undone again (the demo data stays as it was).
// Usage: node scripts/screenshots-contabilization-mobile.mjs [baseUrl] (the server with demo data).
import { baseUrl, launchBrowser, saveShot, THEMES } from "./lib/screenshots.mjs";

const OFFICE = "dono@escritorio.demo";
const MOBILE = "/home/client/contabilization/mobile";
const SIZES = { 390: { width: 390, height: 844 }, 360: { width: 360, height: 780 } };

async function api(path, body, access) {
  const response = await fetch(baseUrl + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", ...(access ? { authorization: `Bearer ${access}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${json?.error?.message ?? ""}`);
  return json.data;
}

/** A fresh one-time link of the first client with something to post this month. */
async function freshLink() {
  const { access } = await api("/api/token/", { username: OFFICE, password: "demo1234" });
  const clients = await api("/api/clients", undefined, access);
  for (const client of clients) {
    const answer = await api("/api/operator/contabilization/link", { clientId: client.id }, access).catch(() => null);
    if (!answer) continue;
    const blocks = Object.values(answer.categorizedBlocks).flatMap((months) =>
      Object.values(months).flatMap((accounts) => Object.values(accounts).flat()),
    );
    if (blocks.some((block) => !block.contabilizedDatetime)) return { link: answer.link, client: client.name };
  }
  throw new Error("no demo client with blocks to post this month");
}

const settledImages = (page) =>
  page.waitForFunction(() => [...document.querySelectorAll("main img")].every((img) => img.complete));

async function shootView(browser, size, theme) {
  const tag = `${size}-${theme}`;
  const name = (scene) => `contabilization-mobile-${scene}-${tag}`;
  const { link, client } = await freshLink();
  console.log(`${tag}: ${client}`);
  const context = await browser.newContext({
    viewport: SIZES[size],
    colorScheme: theme,
    deviceScaleFactor: 1,
    locale: "pt-BR",
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${MOBILE}/${link}`, { waitUntil: "networkidle" });
    await page.getByTestId("mobile-operator").waitFor();
    await saveShot(page, name("start"));

    await page.getByRole("link", { name: /Selecione uma conta/ }).click();
    await page.getByRole("searchbox", { name: "Buscar conta" }).waitFor();
    await saveShot(page, name("list"), { fullPage: true });

    await page.getByRole("list", { name: "Contas" }).getByRole("button").first().click();
    await page.getByTestId("mobile-next-block").getByRole("img").first().waitFor();
    await settledImages(page);
    await saveShot(page, name("main"), { fullPage: true });

    await page.getByRole("button", { name: "Proximo", exact: true }).click();
    const last = page.getByTestId("mobile-last").getByRole("listitem").first();
    await last.waitFor();
    await last.getByRole("button", { name: /^Desfazer/ }).click();
    await settledImages(page);
    await saveShot(page, name("undo-armed"), { fullPage: true });

    await page.getByRole("link", { name: "Visualizar Historico" }).click();
    await page.getByTestId("mobile-history").waitFor();
    await settledImages(page);
    await saveShot(page, name("history"), { fullPage: true });

    // back, and the posted block undone: the demo data stays as it was
    await page.getByRole("link", { name: "Voltar" }).click();
    const armed = page.getByTestId("mobile-last").getByRole("listitem").first();
    await armed.getByRole("button", { name: /^Desfazer/ }).click();
    await armed.getByRole("button", { name: /^Confirmar/ }).click();
    await page.getByRole("button", { name: "Proximo", exact: true }).waitFor();

    await page.getByRole("combobox", { name: "Ano" }).selectOption("2020");
    await page.getByText("Sem blocos a serem contabilizados para a data selecionada").waitFor();
    await saveShot(page, name("empty"));

    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Escaneie o QR code novamente" }).waitFor();
    await saveShot(page, name("scan-again"));
  } finally {
    await context.close();
  }
}

console.log(`mobile contabilization from ${baseUrl}`);
const browser = await launchBrowser();
try {
  for (const size of Object.keys(SIZES)) {
    for (const theme of THEMES) {
      await shootView(browser, size, theme).catch((error) =>
        console.warn(`${size}-${theme}: ${error.message.split("\n")[0]}`),
      );
    }
  }
} finally {
  await browser.close();
}
