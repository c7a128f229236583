// Screenshots of the login flow at 1440px and 390px, light and dark, into .data/screenshots/.
// Usage: node scripts/screenshots.mjs [baseUrl]   (default BASE_URL or http://127.0.0.1:3000; the app
// must be running, e.g. `npm start`). /home shots need the demo data (dono@escritorio.demo).
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "./lib/chromium.mjs";

const baseUrl = process.argv[2] ?? process.env.BASE_URL ?? "http://127.0.0.1:3000";
const outDir = resolve(process.env.SCREENSHOT_DIR ?? ".data/screenshots");
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } };
const THEMES = ["light", "dark"];
const DEMO = { username: "dono@escritorio.demo", password: "demo1234" };
const BOTH = { username: "socio@empresa.demo", password: "demo1234" };

async function shoot(browser, { name, path, viewport, theme, prepare }) {
  const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1, locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto(baseUrl + path, { waitUntil: "networkidle" });
  if (prepare) await prepare(page);
  await page.waitForTimeout(700); // let the 500 ms transitions settle
  const file = resolve(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`saved ${file}`);
  await context.close();
}

async function loginAs(page, { username, password }) {
  await page.getByLabel("E-mail").fill(username);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumExecutablePath(), args: CHROMIUM_ARGS });
  try {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of THEMES) {
        const tag = `${size}-${theme}`;
        await shoot(browser, { name: `login-${tag}`, path: "/login", viewport, theme });
        await shoot(browser, {
          name: `login-error-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: async (page) => {
            await loginAs(page, { username: DEMO.username, password: "wrong-password" });
            await page.locator("form").getByRole("alert").waitFor();
          },
        });
        await shoot(browser, {
          name: `login-recovery-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: (page) => page.getByRole("button", { name: "Recuperar senha" }).click(),
        });
        await shoot(browser, {
          name: `login-chooser-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: async (page) => {
            await loginAs(page, BOTH);
            await page.getByText("Escolha qual plataforma acessar:").waitFor();
          },
        }).catch((error) => console.warn(`chooser ${tag}: ${error.message.split("\n")[0]}`));
        await shoot(browser, {
          name: `home-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: async (page) => {
            await loginAs(page, DEMO);
            await page.waitForURL("**/home");
            await page.getByRole("heading", { level: 1 }).waitFor();
          },
        }).catch((error) => console.warn(`home ${tag}: ${error.message.split("\n")[0]}`));
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
