import { expect, test } from "@playwright/test";
import { apiLogin, openLoggedIn, USERS } from "./support/session";

// The route table of spec §2, as a browser sees it (lib/routes.ts is unit-tested exhaustively).

test("[guard] an anonymous visitor on /home goes to /login", async ({ page }) => {
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Acesse sua conta" })).toBeVisible();
});

test("[guard] an unknown path goes to /login", async ({ page }) => {
  await page.goto("/nao-existe/de-jeito-nenhum");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
});

test("[guard] the public pages open for an anonymous visitor", async ({ page }) => {
  for (const path of ["/", "/register", "/login"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : `${path}$`}`));
  }
});

test("[guard] a logged-in user on /login and / goes to /home", async ({ page, request }) => {
  const tokens = await apiLogin(request, USERS.owner);
  await openLoggedIn(page, tokens, "accounting", "/login");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
});

test("[guard] an accounting user on /createblock goes to /home", async ({ page, request }) => {
  const tokens = await apiLogin(request, USERS.owner);
  await openLoggedIn(page, tokens, "accounting", "/createblock");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
});

test("[guard] a business user on /home/client goes to /home", async ({ page, request }) => {
  const tokens = await apiLogin(request, USERS.client);
  await openLoggedIn(page, tokens, "bussiness", "/home/client");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle("Bloco | Empresa");
});

test("[guard] 'not-choosed' on the device is logged out", async ({ page, request }) => {
  const tokens = await apiLogin(request, USERS.owner);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await page.evaluate(() => localStorage.setItem("bloco.platform", "not-choosed"));
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login$/);
});
