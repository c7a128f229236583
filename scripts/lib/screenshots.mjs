// What every screenshot script shares: where the app is, where PNGs go, the four views the project
// reviews (1440px and 390px, light and dark), the browser, one `shoot` of a page, logging in as a demo
// user, and `shootScenes`, the loop over the four views and a script's scenes.
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

/** A fresh browser context of `view` ({ viewport, theme }): `run(page)`, then the context is closed. */
export async function withPage(browser, { viewport, theme }, run) {
  const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1, locale: "pt-BR" });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Lets the transitions settle (`settle` ms), then saves the page as `name`.png in outDir. */
export async function saveShot(page, name, { fullPage = false, settle = 600 } = {}) {
  await page.waitForTimeout(settle);
  const file = resolve(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`saved ${file}`);
}

/** Opens `path` in a fresh context, runs `prepare`, lets the 500 ms transitions settle, saves `name`.png. */
export async function shoot(browser, { name, path, viewport, theme, prepare, fullPage = true }) {
  await withPage(browser, { viewport, theme }, async (page) => {
    await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    if (prepare) await prepare(page);
    await saveShot(page, name, { fullPage, settle: 700 });
  });
}

/**
 * Runs `run(browser, view)` for each of the four views ({ size, viewport, theme, tag: "<size>-<theme>" }) in
 * one browser; a view that fails is reported and the next one runs.
 */
export async function forEachView(run) {
  const browser = await launchBrowser();
  try {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of THEMES) {
        const view = { size, viewport, theme, tag: `${size}-${theme}` };
        try {
          await run(browser, view);
        } catch (error) {
          console.warn(`${view.tag}: ${error.message.split("\n")[0]}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
}

/**
 * The scene loop of the screenshot scripts. For each view: a browser context (one per scene when `fresh`),
 * logged in as `user` (or the scene's own `user`; loginAs with `platform`), `setup(page, { ...view, access })`
 * once per context, whose answer is the `state`; then for each scene: open its `path` (if any), `before(page,
 * state)`, its `prepare(page, state)`, settle, save `<prefix>-<name>-<size>-<theme>.png`.
 * `scenes` maps a name to its prepare, or to { prepare, path, user, fullPage }. SCENES=a,b runs only those.
 * A scene that fails is reported and the next one runs.
 */
export async function shootScenes({
  prefix,
  scenes,
  user,
  platform,
  setup,
  before,
  fresh = false,
  fullPage = false,
  settle = 600,
}) {
  const only = process.env.SCENES?.split(",");
  const list = Object.entries(scenes)
    .map(([name, scene]) => ({ name, ...(typeof scene === "function" ? { prepare: scene } : scene) }))
    .filter(({ name }) => !only || only.includes(name));
  const start = async (page, view, login) => {
    const access = login ? await loginAs(page, login, platform) : undefined;
    return setup ? setup(page, { ...view, access }) : undefined;
  };
  const shootOne = async (page, view, state, scene) => {
    if (scene.path !== undefined) await page.goto(baseUrl + scene.path, { waitUntil: "networkidle" });
    if (before) await before(page, state);
    if (scene.prepare) await scene.prepare(page, state);
    await saveShot(page, [prefix, scene.name, view.tag].filter(Boolean).join("-"), {
      fullPage: scene.fullPage ?? fullPage,
      settle,
    });
  };
  const report = (scene, view, error) => console.warn(`${scene.name} ${view.tag}: ${error.message.split("\n")[0]}`);
  await forEachView(async (browser, view) => {
    if (fresh) {
      for (const scene of list) {
        await withPage(browser, view, async (page) =>
          shootOne(page, view, await start(page, view, scene.user ?? user), scene),
        ).catch((error) => report(scene, view, error));
      }
      return;
    }
    if (list.length === 0) return;
    await withPage(browser, view, async (page) => {
      const state = await start(page, view, user);
      for (const scene of list) await shootOne(page, view, state, scene).catch((error) => report(scene, view, error));
    });
  });
}

/** Logs `page` in as a demo user (password demo1234) through the API; returns the access token. */
export async function loginAs(page, username, platform) {
  await page.goto(`${baseUrl}/register`);
  const access = await page.evaluate(
    async ({ user, chosen }) => {
      const response = await fetch("/api/token/", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: user, password: "demo1234" }),
      });
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
