import type { Page } from "@playwright/test";
import sharp from "sharp";
import { commonMessages } from "@/lib/i18n/sections/common";
import { pwaMessages } from "@/lib/i18n/sections/pwa";
import { BUSINESS_SESSION_FLAG, PAGES_CACHE, WORKER_URL } from "@/lib/pwa/cache-rules";
import { CANVAS } from "@/lib/pwa/palette";
import { expectNoAxeViolations, shots } from "./support/axe";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// The installable business app: the web manifest and its icons, the theme colours, the app's service
// worker (active with scope '/', controlling the business pages after a reload, their scripts answered
// from its cache), the business shell opening offline while accounting pages and /api never come from
// it, logout forgetting the kept pages, and 'Instalar aplicativo' in the 'Conta' drawer only when the
// browser offers to install. The project's config blocks service workers for the other specs.

test.use({ serviceWorkers: "allow" });

const VIEWPORTS = [
  { name: "1440", viewport: { width: 1440, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string;
  lang: string;
  start_url: string;
  display: string;
  scope: string;
  icons: ManifestIcon[];
};

/** Waits for the worker to be active and returns its scope and state. */
async function activeWorker(
  page: Page,
): Promise<{ scope: string; state: string | undefined; script: string | undefined }> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state)))
    .toBe("activated");
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, state: registration.active?.state, script: registration.active?.scriptURL };
  });
}

const hasCache = (page: Page, name: string) => page.evaluate((cache) => caches.has(cache), name);

/** Fires the browser's install offer the way Chromium does, with a prompt() that counts its calls. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const offer = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    offer.prompt = async () => {
      w.prompted += 1;
    };
    offer.userChoice = Promise.resolve({ outcome: "accepted" });
    window.dispatchEvent(offer);
  });
}

test("[app install] the web manifest, its icons at their declared sizes, the apple-touch-icon and the theme colours of every page", async ({
  page,
  request,
}) => {
  const manifestResponse = await request.get("/manifest.webmanifest");
  expect(manifestResponse.status()).toBe(200);
  const manifest = (await manifestResponse.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: "Bloco",
    lang: "pt-BR",
    start_url: "/home",
    display: "standalone",
    scope: "/",
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  const sizeOf = async (src: string) => {
    const answer = await request.get(src);
    expect(answer.status(), src).toBe(200);
    expect(answer.headers()["content-type"], src).toBe("image/png");
    const { width, height, format } = await sharp(await answer.body()).metadata();
    return `${width}x${height} ${format}`;
  };
  for (const icon of manifest.icons) expect(await sizeOf(icon.src)).toBe(`${icon.sizes} png`);

  for (const path of ["/", "/login"]) {
    await page.goto(path);
    const head = page.locator("head");
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    const apple = head.locator('link[rel="apple-touch-icon"]');
    await expect(apple).toHaveAttribute("sizes", "180x180");
    expect(await sizeOf((await apple.getAttribute("href")) ?? "")).toBe("180x180 png");
    await expect(head.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute(
      "content",
      CANVAS.light,
    );
    await expect(head.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute(
      "content",
      CANVAS.dark,
    );
  }
  // The worker's script: revalidated on every update check, allowed to control '/', with its own policy.
  const worker = await request.get(WORKER_URL);
  expect(worker.status()).toBe(200);
  expect(worker.headers()["service-worker-allowed"]).toBe("/");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  expect(worker.headers()["content-security-policy"]).toContain("default-src 'self'");
});

for (const { name, viewport } of VIEWPORTS) {
  test(`[app install] ${name}: the worker controls the business pages, keeps their scripts and shell, never accounting pages or /api; 'Instalar aplicativo'; logout forgets the pages; axe`, async ({
    page,
    context,
    request,
    people,
  }) => {
    await page.setViewportSize(viewport);
    const company = await people.clientCompany();
    await openLoggedIn(page, await apiLogin(request, company.owner.email), "bussiness", "/home");
    await expect(page.getByRole("link", { name: "Blocos enviados" })).toBeVisible();

    // Registered with scope '/', active; after a reload it controls the page and answers its scripts.
    const worker = await activeWorker(page);
    expect(worker.scope).toBe(new URL("/", page.url()).href);
    expect(worker.state).toBe("activated");
    expect(worker.script).toBe(new URL(WORKER_URL, page.url()).href);
    await expect.poll(() => hasCache(page, BUSINESS_SESSION_FLAG)).toBe(true);

    const scripts: { url: string; fromWorker: boolean }[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && response.url().includes("/_next/static/"))
        scripts.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
    });
    await page.reload();
    await expect(page.getByRole("link", { name: "Blocos enviados" })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(worker.script);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => !script.fromWorker)).toEqual([]);

    // 'Instalar aplicativo' shows only once the browser offers to install; it calls the offer's prompt().
    await page.getByTestId("profile-button").click();
    const drawer = page.getByRole("dialog", { name: "Conta" });
    await expect(drawer.getByRole("button", { name: "Perfil" })).toBeVisible();
    const install = drawer.getByRole("button", { name: new RegExp(pwaMessages.install) });
    await expect(install).toHaveCount(0);
    await offerInstall(page);
    await expect(install).toBeVisible();
    if (name === "390") await expectNoAxeViolations(page, "'Conta' drawer with 'Instalar aplicativo'");
    await shots(page, "app-install-entry");
    await install.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
    await expect(install).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);

    // A business page visited online is kept; offline its shell and scripts still open from the worker.
    await page.goto("/sentblock");
    await expect(page.getByRole("heading", { level: 1, name: "Blocos enviados" })).toBeVisible();
    await context.setOffline(true);
    await page.goto("/sentblock");
    await expect(page.getByRole("link", { name: "Inicio" })).toBeVisible();
    await page.goto("/home");
    await expect(page.getByRole("link", { name: "Blocos enviados" })).toBeVisible();
    // An /api answer and an accounting page's navigation never come from the worker: offline they fail.
    expect(
      await page.evaluate(() =>
        fetch("/api/health").then(
          () => "answered",
          () => "failed",
        ),
      ),
    ).toBe("failed");
    await expect(page.goto("/home/client")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(false);
    await page.goto("about:blank");

    // Logout deletes the kept pages: offline, the business home no longer opens for the next person.
    await page.goto("/home");
    await page.getByTestId("profile-button").click();
    await page.getByRole("dialog", { name: "Conta" }).getByRole("button", { name: commonMessages.logout }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await hasCache(page, PAGES_CACHE)).toBe(false);
    expect(await hasCache(page, BUSINESS_SESSION_FLAG)).toBe(false);
    await context.setOffline(true);
    await expect(page.goto("/home")).rejects.toThrow(/net::ERR_/);
    await context.setOffline(false);
    await page.goto("about:blank");
  });
}

test("[app install] an accounting user gets no worker and no kept pages", async ({ page, request, people }) => {
  const team = await people.accountingTeam();
  await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((list) => list.length))).toBe(0);
  expect(await hasCache(page, PAGES_CACHE)).toBe(false);
  expect(await hasCache(page, BUSINESS_SESSION_FLAG)).toBe(false);
});
