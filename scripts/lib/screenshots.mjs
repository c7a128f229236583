// What every screenshot script shares: where the app is, where PNGs go, the four views the project
// reviews (1440px and 390px, light and dark), the browser, and one `shoot` of a page.
// Usage of each script: node scripts/<script>.mjs [baseUrl] (default BASE_URL or http://127.0.0.1:3000).
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "./chromium.mjs";

export const baseUrl = process.argv[2] ?? process.env.BASE_URL ?? "http://127.0.0.1:3000";
export const outDir = resolve(process.env.SCREENSHOT_DIR ?? ".data/screenshots");
export const VIEWPORTS = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } };
export const THEMES = ["light", "dark"];

export async function launchBrowser() {
  mkdirSync(outDir, { recursive: true });
  return chromium.launch({ executablePath: chromiumExecutablePath(), args: CHROMIUM_ARGS });
}

/** Opens `path` in a fresh context, runs `prepare`, lets the 500 ms transitions settle, saves `name`.png. */
export async function shoot(browser, { name, path, viewport, theme, prepare, fullPage = true }) {
  const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1, locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto(baseUrl + path, { waitUntil: "networkidle" });
  if (prepare) await prepare(page);
  await page.waitForTimeout(700);
  const file = resolve(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`saved ${file}`);
  await context.close();
}

/** Logs `page` in as a demo user (password demo1234) through the API; returns the access token. */
export async function loginAs(page, username, platform) {
  await page.goto(`${baseUrl}/register`);
  const access = await page.evaluate(
    async ({ user, chosen }) => {
      const response = await fetch("/api/token/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: user, password: "demo1234" }) });
      const { data } = await response.json();
      localStorage.setItem("bloco.access", data.access);
      localStorage.setItem("bloco.refresh", data.refresh);
      localStorage.setItem("bloco.platform", chosen ?? (data.isAccouting ? "accounting" : "bussiness"));
      localStorage.setItem("bloco.allowChangePlatform", String(data.isAccouting && data.isBussiness));
      return data.access;
    },
    { user: username, chosen: platform },
  );
  return access;
}

/** Opens /home/client for the client `{id, name, logoUrl}` (the tab's selection, lib/client-selection.ts). */
export async function openClient(page, client) {
  await page.evaluate((value) => sessionStorage.setItem("bloco.client", JSON.stringify(value)), client);
  await page.goto(`${baseUrl}/home/client`);
}
