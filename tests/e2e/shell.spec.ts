import type { Page } from "@playwright/test";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn, readStorage, STORAGE_KEYS, USERS } from "./support/session";

// The logged-in shell: header, generic drawer (dark mode, logout), platform switch.
const account = (page: Page) => page.getByRole("dialog", { name: "Conta" });

test.use({ colorScheme: "light" });

test("[shell] 'Modo Escuro' persists across reloads", async ({ page, request }) => {
  const tokens = await apiLogin(request, USERS.operator);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await page.getByTestId("profile-button").click();
  const dark = account(page).getByRole("switch", { name: "Modo Escuro" });
  await expect(dark).not.toBeChecked();
  await dark.click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByTestId("profile-button").click();
  await expect(account(page).getByRole("switch", { name: "Modo Escuro" })).toBeChecked();
  await account(page).getByRole("switch", { name: "Modo Escuro" }).click();
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
});

test("[shell] the both-platform user switches platform from the header", async ({ page, request, people }) => {
  // the switch is stored on the user (users.last_platform): a person of the test's own
  const tokens = await apiLogin(request, (await people.bothPlatforms()).email);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await expect(page).toHaveTitle("Bloco | Contabilidade");
  await expect(page.getByRole("button", { name: "Trocar plataforma: Ir para Empresa" })).toBeVisible();
  await page.getByRole("button", { name: "Trocar plataforma" }).click();
  await expect(page).toHaveTitle("Bloco | Empresa");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Clientes");
  expect(await readStorage(page, STORAGE_KEYS.platform)).toBe("bussiness");
  await page.getByRole("button", { name: "Trocar plataforma" }).click();
  await expect(page).toHaveTitle("Bloco | Contabilidade");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
});

test("[shell] a platform switch that cannot reach the server says so, and changes nothing", async ({
  page,
  request,
  people,
}) => {
  const tokens = await apiLogin(request, (await people.bothPlatforms()).email);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  // The connection drops on the way (a network fault, not an answer of ours).
  await page.route("**/api/user/platform", (route) => route.abort("failed"));
  await page.getByRole("button", { name: "Trocar plataforma" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Erro de conexão" })).toBeVisible();
  await expect(page).toHaveTitle("Bloco | Contabilidade");
  expect(await readStorage(page, STORAGE_KEYS.platform)).toBe("accounting");
  await page.unroute("**/api/user/platform");
  await page.getByRole("button", { name: "Trocar plataforma" }).click();
  await expect(page).toHaveTitle("Bloco | Empresa");
  await expect(page.getByRole("alert").filter({ hasText: "Erro de conexão" })).toHaveCount(0);
});

test("[shell] a single-platform user has no platform switch", async ({ page, request }) => {
  const tokens = await apiLogin(request, USERS.owner);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await expect(page.getByRole("button", { name: "Buscar operador" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Trocar plataforma" })).toHaveCount(0);
});

test("[shell] logout from the drawer goes to /login", async ({ page, request }) => {
  const tokens = await apiLogin(request, USERS.client);
  await openLoggedIn(page, tokens, "bussiness", "/home");
  await page.getByTestId("profile-button").click();
  await account(page).getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await readStorage(page, STORAGE_KEYS.refresh)).toBeNull();
});

test("[shell] a long operator name ends in an ellipsis in the header at 1440 and 390 px, whole in its tooltip", async ({
  page,
  request,
  factories,
}) => {
  const office = await factories.createOffice();
  const name = "Maria Aparecida dos Santos Albuquerque de Oliveira e Vasconcelos";
  const operator = await factories.createAccountingOperator({
    office,
    type: 0,
    user: { email: factories.uniqueEmail("e2e-nome"), name },
  });
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await openLoggedIn(page, await apiLogin(request, operator.user.email), "accounting", "/home");
    const shown = page.getByTestId("user-name");
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute("title", name);
    const cut = await shown.evaluate((node) => ({
      overflow: node.scrollWidth > node.clientWidth,
      ellipsis: getComputedStyle(node).textOverflow,
    }));
    expect(cut).toEqual({ overflow: true, ellipsis: "ellipsis" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
});
