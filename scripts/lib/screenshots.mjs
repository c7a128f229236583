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
