import { expect, test, type Page } from "@playwright/test";
import { apiLogin, openLoggedIn, USERS } from "./support/session";

// 'Buscar operador': the owner invites an operator, who accepts the e-mailed link, and is then blocked.
const drawer = (page: Page) => page.getByRole("dialog", { name: "Buscar operador" });
const pending = (page: Page) => drawer(page).getByRole("list", { name: "Adicionados recentemente (aguardando cadastro)" });

type OutboxEntry = { to: string; text: string };

/** The path of the invite link in the e-mail (the origin is APP_URL, which the test server may lack). */
async function inviteLink(page: Page, email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get("/api/dev/outbox");
      const { data } = (await response.json()) as { data: OutboxEntry[] };
      token = data.find((entry) => entry.to === email)?.text.match(/\/convite\/([\w-]+)/)?.[1];
      return token;
    })
    .toBeTruthy();
  return `/convite/${token}`;
}

test("[operators] the list is sorted by type and shows the admin stars of spec §2", async ({ page, request }) => {
  const tokens = await apiLogin(request, USERS.owner);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await page.getByRole("button", { name: "Buscar operador" }).click();
  const items = drawer(page).getByTestId("operator-item");
  await expect(items.first()).toContainText("(Você)");
  await expect(items.first().getByRole("img", { name: "Administrador" })).toBeVisible(); // the owner: read-only
  await expect(drawer(page).getByRole("button", { name: "Remover administração" }).first()).toBeVisible();
  await expect(drawer(page).getByRole("button", { name: "Tornar administrador" }).first()).toBeVisible();
  // Excluir asks first
  await items.nth(1).getByRole("button").first().click();
  await items.nth(1).getByRole("button", { name: "Excluir" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toContainText("Você tem certeza que deseja prosseguir com a remoção do(a) operador(a)");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
});

test("[operators] invite, duplicate refused, accept by link, then blocked", async ({ page, request, browser }) => {
  const email = `convidado.${Date.now()}@escritorio.demo`;
  const tokens = await apiLogin(request, USERS.owner);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await page.getByRole("button", { name: "Buscar operador" }).click();
  await drawer(page).getByRole("button", { name: "Adicionar operador" }).click();

  const field = drawer(page).getByLabel("E-mail");
  await field.fill("nao-e-email");
  await drawer(page).getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(drawer(page).getByText("Este e-mail não é válido")).toBeVisible();
  await field.fill(email);
  await drawer(page).getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(pending(page).getByText(email)).toBeVisible();
  await field.fill(email);
  await drawer(page).getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(drawer(page).getByText("E-mail já convidado")).toBeVisible();

  // The invited person opens the e-mailed link on another device.
  const path = await inviteLink(page, email);
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(path);
  await guestPage.getByLabel("Nome", { exact: true }).fill("Operador Convidado");
  await guestPage.getByLabel("Senha", { exact: true }).fill("convite123");
  await guestPage.getByLabel("Confirmar senha").fill("convite123");
  await guestPage.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(guestPage).toHaveURL(/\/home$/);
  await expect(guestPage.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();

  // The owner sees the new operator and blocks them.
  await drawer(page).getByRole("button", { name: "Voltar" }).click();
  const item = drawer(page).getByTestId("operator-item").filter({ hasText: "Operador Convidado" });
  await item.getByRole("button", { name: /Operador Convidado/ }).click();
  const blocked = page.waitForResponse((response) => response.url().includes("/api/operator/block/change"));
  await item.getByRole("button", { name: "Bloquear" }).click();
  expect((await blocked).status()).toBe(200);
  await expect(item.getByRole("button", { name: "Desbloquear" })).toBeVisible();

  // Their next call fails and they end on /login.
  await guestPage.reload();
  await expect(guestPage).toHaveURL(/\/login$/);
  await guest.close();
});
