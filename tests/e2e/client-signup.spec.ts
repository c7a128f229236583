import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";
import { conviteLink, fillClientAddress, randomCnpj, randomCpf } from "./support/signup";

// An office owner invites a client company through 'Adicionar Cliente' on /home; the company
// opens the e-mailed link (read from GET /api/dev/outbox), registers itself and its first user by
// keyboard, and lands on the business /home. The owner then sees the new client in its list.

const maskedCnpj = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

/** Focuses `label`'s field with Tab and types `text` there (keyboard only). */
async function typeInto(page: Page, form: ReturnType<Page["locator"]>, label: string, text: string) {
  await tabTo(page, form.getByLabel(label, { exact: true }), 60);
  await page.keyboard.type(text);
}

test("[client-signup] an owner invites a company; its user registers through the e-mailed link and reaches the business /home", async ({
  page,
  browser,
  request,
  people,
}) => {
  test.fixme(
    (await request.get("/api/dev/outbox")).status() === 404,
    "GET /api/dev/outbox is not available on this server",
  );
  test.setTimeout(120_000); // a whole registration typed key by key, with three axe passes
  const team = await people.accountingTeam();
  const email = `empresa.${Date.now()}@cliente.teste`;
  const companyName = `Padaria Pão Quente ${Date.now().toString(36)} Ltda`;
  const cnpj = randomCnpj();

  // The owner invites the company from the 'Adicionar Cliente' drawer.
  await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
  await page.getByRole("button", { name: "Adicionar Cliente" }).click();
  const drawer = page.getByRole("dialog", { name: "Adicionar Cliente" });
  await drawer.getByLabel("E-mail").fill(email);
  await drawer.getByLabel("E-mail").press("Enter");
  await expect(
    drawer.getByRole("list", { name: "Adicionados recentemente (aguardando cadastro)" }).getByText(email),
  ).toBeVisible();

  // The company opens the link on a device of its own.
  const link = await conviteLink(request, email);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "Cadastro da empresa" })).toBeVisible();
  await expect(
    visitor.getByText(`${team.officeName} convidou a sua empresa para o Bloco.`, { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(visitor, "client registration page");

  const form = visitor.locator("form");
  // Submitting nothing: §5 messages beside the labels; typing clears the field's message.
  await tabTo(visitor, form.getByRole("button", { name: "Cadastrar empresa" }), 80);
  await visitor.keyboard.press("Enter");
  await expect(visitor.getByRole("alert").filter({ hasText: "Confira os campos destacados." })).toBeVisible();
  await expect(form.getByLabel("Razão Social")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("A senha deve ter no mínimo 6 caracteres")).toBeVisible();
  await expectNoAxeViolations(visitor, "client registration page with errors");

  // The fields are typed in the form's own Tab order, so each one is one Tab after the last.
  await typeInto(visitor, form, "Razão Social", companyName);
  await expect(form.getByLabel("Razão Social")).not.toHaveAttribute("aria-invalid", "true");
  await typeInto(visitor, form, "CNPJ", "11111111111111");
  await expect(form.getByLabel("CNPJ")).toHaveValue("11.111.111/1111-11");
  await visitor.keyboard.press("Enter");
  await expect(form.getByText("CNPJ inválido")).toBeVisible();

  await form.getByLabel("CNPJ").fill("");
  await typeInto(visitor, form, "CNPJ", cnpj);
  await expect(form.getByLabel("CNPJ")).toHaveValue(maskedCnpj(cnpj));
  // Two phone fields and two CPF fields: the company's and the user's, in that order.
  const phones = form.getByLabel("Telefone", { exact: true });
  await tabTo(visitor, phones.nth(0), 60);
  await visitor.keyboard.type("11987654321");
  await expect(phones.nth(0)).toHaveValue("(11) 9 8765-4321");
  await expect(form.getByLabel("E-mail")).toHaveValue(email);
  await typeInto(visitor, form, "CEP", "01310100");
  await expect(form.getByLabel("CEP")).toHaveValue("01310-100");
  await typeInto(visitor, form, "Número", "1000");
  await typeInto(visitor, form, "Rua", "Av. Paulista");
  await typeInto(visitor, form, "Bairro", "Bela Vista");
  await typeInto(visitor, form, "Cidade", "São Paulo");
  await typeInto(visitor, form, "Estado", "sp");
  await expect(form.getByLabel("Estado")).toHaveValue("SP");
  await typeInto(visitor, form, "Nome", "Joana Padeira");
  await tabTo(visitor, form.getByLabel("CPF", { exact: true }), 60);
  await visitor.keyboard.type(randomCpf());
  await tabTo(visitor, phones.nth(1), 60);
  await visitor.keyboard.type("11912345678");
  await typeInto(visitor, form, "Senha", "segredo1");
  await typeInto(visitor, form, "Confirmar senha", "segredo1");
  await visitor.keyboard.press("Enter");

  await expect(visitor).toHaveURL(/\/home$/);
  await expect(visitor.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
  await context.close();

  // The office sees its new client, and the invite left the pending list.
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByText(companyName)).toBeVisible();
});

test("[client-signup] a CNPJ already active in the office is refused with a clear message", async ({
  browser,
  request,
  people,
}) => {
  test.fixme(
    (await request.get("/api/dev/outbox")).status() === 404,
    "GET /api/dev/outbox is not available on this server",
  );
  const team = await people.officeWithClient();
  const owner = await apiLogin(request, team.operator.email);
  const detail = await request.post("/api/client", {
    data: { clientId: team.client.id },
    headers: { authorization: `Bearer ${owner.access}` },
  });
  const code = ((await detail.json()) as { data: { person: { code: string } } }).data.person.code;
  const email = `repetida.${Date.now()}@cliente.teste`;
  const added = await request.post("/api/invited/add", {
    data: { email, kind: "client" },
    headers: { authorization: `Bearer ${owner.access}` },
  });
  expect(added.status()).toBe(200);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(await conviteLink(request, email));
  const form = visitor.locator("form");
  await form.getByLabel("Razão Social").fill("Mesma Empresa Ltda");
  await form.getByLabel("CNPJ").fill(code);
  await form.getByLabel("Telefone", { exact: true }).nth(0).fill("11987654321");
  await form.getByLabel("E-mail").fill("mesma@empresa.com.br");
  await fillClientAddress(form);
  await form.getByLabel("Nome", { exact: true }).fill("Pedro");
  await form.getByLabel("CPF", { exact: true }).fill(randomCpf());
  await form.getByLabel("Telefone", { exact: true }).nth(1).fill("11912345678");
  await form.getByLabel("Senha", { exact: true }).fill("segredo1");
  await form.getByLabel("Confirmar senha").fill("segredo1");
  await form.getByRole("button", { name: "Cadastrar empresa" }).click();
  await expect(
    visitor.getByRole("alert").filter({ hasText: "Esta empresa (CPF/CNPJ) já é cliente ativo deste escritório." }),
  ).toBeVisible();
  await expect(visitor).toHaveURL(/\/convite\//);
  await context.close();
});

test("[client-signup] an e-mail with a login confirms its password, gets the company and chooses the platform", async ({
  browser,
  request,
  people,
}) => {
  test.fixme(
    (await request.get("/api/dev/outbox")).status() === 404,
    "GET /api/dev/outbox is not available on this server",
  );
  const inviter = await people.accountingTeam();
  const operator = await people.operator(); // an accounting operator of another office
  const owner = await apiLogin(request, inviter.owner.email);
  const added = await request.post("/api/invited/add", {
    data: { email: operator.email, kind: "client" },
    headers: { authorization: `Bearer ${owner.access}` },
  });
  expect(added.status()).toBe(200);
  const companyName = `Operador Empresário ${Date.now().toString(36)}`;

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(await conviteLink(request, operator.email));
  await expect(visitor.getByText("Este e-mail já tem uma conta no Bloco.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(visitor, "client registration page, existing login");
  const form = visitor.locator("form");
  await expect(form.getByLabel("Nome", { exact: true })).toHaveCount(0);
  await form.getByRole("radio", { name: "Pessoa física" }).check();
  await form.getByLabel("Nome Completo").fill(companyName);
  await form.getByLabel("CPF", { exact: true }).fill(randomCpf());
  await fillClientAddress(form);
  await form.getByLabel("Senha", { exact: true }).fill("senha-errada");
  await form.getByRole("button", { name: "Cadastrar empresa" }).click();
  await expect(form.getByText("Senha incorreta para este e-mail.")).toBeVisible();
  await form.getByLabel("Senha", { exact: true }).fill("demo1234");
  await form.getByRole("button", { name: "Cadastrar empresa" }).click();

  await expect(visitor.getByRole("heading", { name: "Escolha qual plataforma acessar:" })).toBeVisible();
  await visitor.getByRole("button", { name: /^Business/ }).click();
  await expect(visitor).toHaveURL(/\/home$/);
  await expect(visitor.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
  await context.close();
});
