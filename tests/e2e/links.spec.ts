import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/data";
import { apiLogin } from "./support/session";

// The e-mailed links. Links are read from GET /api/dev/outbox (DEV_OUTBOX=true on the e2e server).

type OutboxMail = { id: number; to: string; subject: string; text: string; createdAt: string; sentAt: string | null };

async function outbox(request: APIRequestContext): Promise<OutboxMail[] | null> {
  const response = await request.get("/api/dev/outbox");
  if (response.status() === 404) return null;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: OutboxMail[] }).data;
}

/** The path of the newest link `kind` sent to `to` (the outbox is newest first). */
async function latestLink(
  request: APIRequestContext,
  to: string,
  kind: "redefinir-senha" | "convite",
  not?: string,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox(request))?.find((item) => item.to === to && item.text.includes(`/${kind}/`));
      found = mail?.text.match(new RegExp(`https?://\\S+?(/${kind}/[A-Za-z0-9_-]+)`))?.[1];
      return found !== undefined && found !== not;
    })
    .toBe(true);
  return found ?? "";
}

async function requestReset(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Recuperar senha" }).click();
  const panel = page.getByRole("region", { name: "Esqueceu a senha?" });
  await panel.getByRole("textbox", { name: "E-mail" }).fill(email);
  await panel.getByRole("button", { name: "Recuperar senha" }).click();
  await expect(panel.getByRole("status")).toHaveText(
    "Se este e-mail estiver cadastrado, você receberá um link para redefinir a senha.",
  );
}

test("[links] password reset: e-mailed link, new password, login with it", async ({ page, request, people }) => {
  test.fixme((await outbox(request)) === null, "GET /api/dev/outbox is not available on this server");
  // A person of the test's own: the reset ends every session of the account and changes its password.
  const user = (await people.operator()).email;
  const newPassword = "nova-senha-123";
  await requestReset(page, user);
  const link = await latestLink(request, user, "redefinir-senha");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Redefinir senha" })).toBeVisible();
  await page.getByLabel("Nova senha").fill("12345");
  await page.getByLabel("Confirmar senha").fill("12345");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("A senha deve ter no mínimo 6 caracteres")).toBeVisible();
  await page.getByLabel("Nova senha").fill(newPassword);
  await page.getByLabel("Confirmar senha").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();
  await page.getByLabel("Confirmar senha").fill(newPassword);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("status")).toContainText("Senha alterada");
  await page.getByRole("link", { name: "Ir para o login" }).click();
  await page.getByRole("textbox", { name: "E-mail" }).fill(user);
  await page.getByLabel("Senha").fill(newPassword);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/home$/);
  // the link is single use
  const reused = await request.post("/api/password/reset", {
    data: { token: link.split("/").pop(), password: "outra-senha-1" },
  });
  expect(reused.status()).toBe(404);
});

// An unknown token, and one whose escapes are malformed (decodeURIComponent refuses it): the page
// renders (200, never a 500) and the server's answer says the link is no good.
const BAD_TOKENS = ["token-que-nao-existe", "%E0%A4%A"];

for (const token of BAD_TOKENS) {
  test(`[links] an invalid reset link reads 'Link inválido ou expirado.' (${token})`, async ({ page }) => {
    expect((await page.goto(`/redefinir-senha/${token}`))?.status()).toBe(200);
    // Said when the page opens: no password is asked for a link that cannot be used.
    await expect(page.getByRole("alert").filter({ hasText: "Link inválido ou expirado." })).toBeVisible();
    await expect(page.getByLabel("Nova senha")).toHaveCount(0);
    await page.getByRole("link", { name: "Ir para o login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(`[links] an invalid invite reads 'Convite inválido ou expirado.' (${token})`, async ({ page }) => {
    expect((await page.goto(`/convite/${token}`))?.status()).toBe(200);
    await expect(page.getByRole("alert").filter({ hasText: "Convite inválido ou expirado." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir para o login" })).toHaveAttribute("href", "/login");
  });
}

test("[links] an invited operator creates the account and lands on /home", async ({ page, request, people }) => {
  test.fixme((await outbox(request)) === null, "GET /api/dev/outbox is not available on this server");
  const owner = await apiLogin(request, (await people.accountingTeam()).owner.email);
  const email = `novo.${Date.now()}@escritorio.demo`;
  const added = await request.post("/api/invited/add", {
    data: { email },
    headers: { authorization: `Bearer ${owner.access}` },
  });
  expect(added.status()).toBe(200);
  await page.goto(await latestLink(request, email, "convite"));
  await expect(page.getByRole("heading", { name: "Aceitar convite" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Nova Operadora");
  await page.getByLabel("Senha", { exact: true }).fill("senha-nova-1");
  await page.getByLabel("Confirmar senha").fill("senha-nova-1");
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
});
