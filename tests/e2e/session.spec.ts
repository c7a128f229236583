import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn, readStorage, STORAGE_KEYS, writeStorage } from "./support/session";

// Token rotation and logout end sessions: each test has a person of its own.

test("[session] an expired access token is refreshed once, with a NEW refresh token stored", async ({
  page,
  request,
  people,
}) => {
  const tokens = await apiLogin(request, (await people.operator()).email);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();

  const refreshCalls: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/token/refresh/") refreshCalls.push(response.status());
  });
  await writeStorage(page, STORAGE_KEYS.access, "expired.or.garbage");
  await page.reload();
  await expect(page.getByTestId("user-name")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  expect(refreshCalls).toEqual([200]);
  const rotated = await readStorage(page, STORAGE_KEYS.refresh);
  expect(rotated).not.toBeNull();
  expect(rotated).not.toBe(tokens.refresh);
  expect(await readStorage(page, STORAGE_KEYS.access)).not.toBe("expired.or.garbage");

  // Both tokens unusable: the refresh is refused and the user ends on /login, logged out.
  await writeStorage(page, STORAGE_KEYS.access, "expired.or.garbage");
  await writeStorage(page, STORAGE_KEYS.refresh, "corrupted.refresh.token");
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  expect(await readStorage(page, STORAGE_KEYS.refresh)).toBeNull();
  expect(await readStorage(page, STORAGE_KEYS.access)).toBeNull();
});

test("[session] logout revokes the session and goes to /login", async ({ page, request, people }) => {
  const tokens = await apiLogin(request, (await people.accountingTeam()).owner.email);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  const refresh = await readStorage(page, STORAGE_KEYS.refresh);

  await page.getByTestId("profile-button").click(); // logout lives in the drawer (spec §2)
  await page.getByRole("dialog", { name: "Conta" }).getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle("Bloco");
  expect(await readStorage(page, STORAGE_KEYS.refresh)).toBeNull();
  expect(await readStorage(page, STORAGE_KEYS.platform)).toBe("not-choosed");

  const reuse = await request.post("/api/token/refresh/", { data: { refresh } });
  expect(reuse.status()).toBe(401); // revoked on the server, not only forgotten on the device

  await page.goto("/home");
  await expect(page).toHaveURL(/\/login$/);
});
