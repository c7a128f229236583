import type { Page, Request } from "@playwright/test";
import { expect, test } from "./support/data";
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

/** Every /api call the page makes from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/")) calls.push(path);
  });
  return calls;
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
  const calls = apiCalls(page);
  await fillLogin(page, USERS.owner, "12345");
  await enter(page).click();
  // The check runs before any call: once its message shows, a call would already have been made.
  await expect(formAlert(page)).toHaveText("A senha deve ter no mínimo 6 caracteres");
  await expect(password(page)).toHaveAttribute("aria-invalid", "true");
  expect(calls).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);
});

test("[login] an e-mail of the wrong shape is refused beside the field before any call", async ({ page }) => {
  const calls = apiCalls(page);
  await fillLogin(page, "nao-e-um-email", PASSWORD);
  await enter(page).click();
  await expect(page.getByText("Este e-mail não é válido")).toBeVisible();
  await expect(email(page)).toHaveAttribute("aria-invalid", "true");
  await expect(email(page)).toHaveAccessibleDescription("Este e-mail não é válido");
  await expect(password(page)).not.toHaveAttribute("aria-invalid", "true");
  expect(calls).toEqual([]);
  await email(page).fill("nao-e-um-email@"); // typing clears it
  await expect(page.getByText("Este e-mail não é válido")).toHaveCount(0);
});

test("[login] the logo leads to '/' and 'Criar conta' to the sign-up", async ({ page }) => {
  await page.getByRole("link", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dados do perfil" })).toBeVisible();
  await page.goto("/login");
  await page.getByRole("link", { name: "Bloco" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Documentos contábeis sem papel, sem atraso.");
});

test("[login] wrong password marks both fields", async ({ page, people }) => {
  // failures count towards the account's login limit: a person of the test's own
  await fillLogin(page, (await people.operator()).email, "senha-errada");
  await enter(page).click();
  await expect(formAlert(page)).toHaveText("Usuário ou senha incorretos");
  await expect(email(page)).toHaveAttribute("aria-invalid", "true");
  await expect(password(page)).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/login$/);
  await password(page).fill("x"); // typing clears the error
  await expect(formAlert(page)).toHaveCount(0);
  await expect(email(page)).not.toHaveAttribute("aria-invalid", "true");
});

test("[login] a blocked user reads 'Seu acesso foi bloqueado' on both fields", async ({ page, people }) => {
  await fillLogin(page, (await people.accountingTeam()).blocked.email, PASSWORD);
  await enter(page).click();
  await expect(formAlert(page)).toHaveText("Seu acesso foi bloqueado");
  await expect(email(page)).toHaveAttribute("aria-invalid", "true");
  await expect(password(page)).toHaveAttribute("aria-invalid", "true");
  expect(await readStorage(page, STORAGE_KEYS.refresh)).toBeNull();
});

test("[login] the recovery panel says what to do, then asks for a reset link and answers neutrally", async ({
  page,
  people,
}) => {
  const calls = apiCalls(page);
  const panel = page.getByRole("region", { name: "Esqueceu a senha?" });
  const recoveryEmail = panel.getByRole("textbox", { name: "E-mail" });
  await expect(panel).toHaveCount(0);
  await page.getByRole("button", { name: "Recuperar senha" }).click();
  await expect(panel).toBeVisible();
  // empty: the panel stays and says what to do, no call
  await panel.getByRole("button", { name: "Recuperar senha" }).click();
  await expect(panel.getByText("Informe o e-mail cadastrado para receber o link")).toBeVisible();
  await expect(recoveryEmail).toHaveAttribute("aria-invalid", "true");
  // the wrong shape: refused before any call
  await recoveryEmail.fill("sem-arroba");
  await expect(recoveryEmail).not.toHaveAttribute("aria-invalid", "true");
  await panel.getByRole("button", { name: "Recuperar senha" }).click();
  await expect(panel.getByText("Este e-mail não é válido")).toBeVisible();
  expect(calls).toEqual([]);
  // The panel's button asks for a reset link and answers with one neutral sentence.
  await recoveryEmail.fill((await people.operator()).email);
  await panel.getByRole("button", { name: "Recuperar senha" }).click();
  await expect(panel.getByRole("status")).toHaveText(
    "Se este e-mail estiver cadastrado, você receberá um link para redefinir a senha.",
  );
  expect(calls).toEqual(["/api/password/forgot"]);
  await page.getByRole("button", { name: "Recuperar senha" }).first().click(); // the link above toggles it
  await expect(panel).toHaveCount(0);
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
