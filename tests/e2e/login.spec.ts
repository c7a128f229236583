import { expect, test, type Page } from "@playwright/test";
import { apiLogin, apiMe, PASSWORD, readStorage, STORAGE_KEYS, USERS } from "./support/session";

const email = (page: Page) => page.getByRole("textbox", { name: "E-mail" });
const password = (page: Page) => page.getByLabel("Senha");
const enter = (page: Page) => page.getByRole("button", { name: "Entrar" });
// The form's own alert (Next's route announcer is an alert too).
const formAlert = (page: Page) => page.locator("form").getByRole("alert");

async function fillLogin(page: Page, username: string, secret: string) {
  await email(page).fill(username);
  await password(page).fill(secret);
}

test.beforeEach(async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Acesse sua conta" })).toBeVisible();
});

test("[login] Entrar is disabled while either field is empty", async ({ page }) => {
  await expect(enter(page)).toBeDisabled();
  await email(page).fill(USERS.owner);
  await expect(enter(page)).toBeDisabled();
  await password(page).fill(PASSWORD);
  await expect(enter(page)).toBeEnabled();
  await email(page).fill("");
  await expect(enter(page)).toBeDisabled();
  await expect(page).toHaveTitle("Bloco");
  await expect(page.locator("footer")).toContainText("Bloco");
});

test("[login] a short password shows the message and makes no call", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) calls.push(request.url());
  });
  await fillLogin(page, USERS.owner, "12345");
  await enter(page).click();
  await expect(formAlert(page)).toHaveText("A senha deve ter no mínimo 6 caracteres");
  await expect(password(page)).toHaveAttribute("aria-invalid", "true");
  await page.waitForTimeout(300);
  expect(calls).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);
});

test("[login] wrong password marks both fields", async ({ page }) => {
  await fillLogin(page, USERS.otherOwner, "senha-errada");
  await enter(page).click();
  await expect(formAlert(page)).toHaveText("Usuário ou senha incorretos");
  await expect(email(page)).toHaveAttribute("aria-invalid", "true");
  await expect(password(page)).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/login$/);
  await password(page).fill("x"); // typing clears the error
  await expect(formAlert(page)).toHaveCount(0);
  await expect(email(page)).not.toHaveAttribute("aria-invalid", "true");
});

test("[login] a blocked user reads 'Seu acesso foi bloqueado' on both fields", async ({ page }) => {
  await fillLogin(page, USERS.blocked, PASSWORD);
  await enter(page).click();
  await expect(formAlert(page)).toHaveText("Seu acesso foi bloqueado");
  await expect(email(page)).toHaveAttribute("aria-invalid", "true");
  await expect(password(page)).toHaveAttribute("aria-invalid", "true");
  expect(await readStorage(page, STORAGE_KEYS.refresh)).toBeNull();
});

test("[login] the recovery panel asks for a reset link and answers neutrally", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) calls.push(request.url());
  });
  const panel = page.getByRole("region", { name: "Esqueceu a senha?" });
  await expect(panel).toHaveCount(0);
  await page.getByRole("button", { name: "Recuperar senha" }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole("textbox", { name: "E-mail" }).fill(USERS.owner);
  // Issue 3: the panel's button asks for a reset link and answers with one neutral sentence.
  await panel.getByRole("button", { name: "Recuperar senha" }).click();
  await expect(panel.getByRole("status")).toHaveText("Se este e-mail estiver cadastrado, você receberá um link para redefinir a senha.");
  expect(calls.map((url) => new URL(url).pathname)).toEqual(["/api/password/forgot"]);
  await page.getByRole("button", { name: "Recuperar senha" }).first().click();
  await expect(panel).toHaveCount(0);
  await page.getByRole("button", { name: "Recuperar senha" }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Recuperar senha" }).click(); // empty e-mail: only closes
  await expect(panel).toHaveCount(0);
  expect(calls).toHaveLength(1);
});

test("[login] an accounting-only login lands on /home with the accounting placeholder", async ({ page, request }) => {
  await fillLogin(page, USERS.owner, PASSWORD);
  await enter(page).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  const me = await apiMe(request, (await apiLogin(request, USERS.owner)).access);
  await expect(page.getByTestId("user-name")).toHaveText(me.name);
  await expect(page).toHaveTitle("Bloco | Contabilidade");
  expect(await readStorage(page, STORAGE_KEYS.platform)).toBe("accounting");
  expect(await readStorage(page, STORAGE_KEYS.allowChangePlatform)).toBe("false");
});

test("[login] a business-only login lands on /home with the client's name", async ({ page, request }) => {
  const me = await apiMe(request, (await apiLogin(request, USERS.client)).access);
  await fillLogin(page, USERS.client, PASSWORD);
  await enter(page).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: me.business?.clientName })).toBeVisible();
  await expect(page).toHaveTitle("Bloco | Empresa");
  expect(await readStorage(page, STORAGE_KEYS.platform)).toBe("bussiness");
});

test("[login] both platforms: the chooser comes before any token, then Business", async ({ page, request }) => {
  const me = await apiMe(request, (await apiLogin(request, USERS.partner)).access);
  await fillLogin(page, USERS.partner, PASSWORD);
  await enter(page).click();
  await expect(page.getByRole("heading", { name: "Escolha qual plataforma acessar:" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accounting" })).toBeVisible();
  expect(await readStorage(page, STORAGE_KEYS.refresh)).toBeNull(); // the user picks before tokens are set
  await page.getByRole("button", { name: "Business" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: me.business?.clientName })).toBeVisible();
  expect(await readStorage(page, STORAGE_KEYS.platform)).toBe("bussiness");
  expect(await readStorage(page, STORAGE_KEYS.allowChangePlatform)).toBe("true");
  expect(await readStorage(page, STORAGE_KEYS.refresh)).not.toBeNull();
});

test("[login] both platforms: picking Accounting opens the accounting home", async ({ page }) => {
  await fillLogin(page, USERS.partner, PASSWORD);
  await enter(page).click();
  await page.getByRole("button", { name: "Accounting" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await expect(page).toHaveTitle("Bloco | Contabilidade");
});
