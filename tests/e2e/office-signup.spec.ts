import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/data";
import { tabTo } from "./support/keyboard";
import { conviteLink, randomCnpj, randomCpf } from "./support/signup";

// A new office signs up through /register by keyboard alone (axe on every step), the card
// never leaves the browser, the fourth step says to check the e-mail, the e-mailed link (read from GET
// /api/dev/outbox) sets the owner's password and opens the office's empty client list.

async function typeInto(page: Page, label: string, text: string) {
  await tabTo(page, page.getByLabel(label, { exact: true }), 40);
  await page.keyboard.type(text);
}

test("[office-signup] /register by keyboard → e-mailed link → password → the empty client list", async ({
  page,
  request,
}) => {
  test.fixme(
    (await request.get("/api/dev/outbox")).status() === 404,
    "GET /api/dev/outbox is not available on this server",
  );
  test.setTimeout(90_000); // four steps typed key by key, with six axe passes
  const email = `escritorio.${Date.now()}@contabil.teste`;
  const officeName = `Contabilidade Nova ${Date.now().toString(36)}`;
  const sent: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/register")) sent.push(req.postData() ?? "");
  });

  await page.goto(`/register?email=${encodeURIComponent(email)}`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Dados do perfil");
  await expectNoAxeViolations(page, "/register step 1");

  // 'Continuar' checks the slide: §5 messages under the fields; typing clears them.
  await tabTo(page, page.getByRole("button", { name: "Continuar" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Confira os campos destacados." })).toBeVisible();
  await expect(page.getByLabel("CPF")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "/register step 1 with errors");
  await typeInto(page, "Nome", "Mariana");
  await expect(page.getByLabel("Nome", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await typeInto(page, "Sobrenome", "Albuquerque");
  await typeInto(page, "CPF", "12345678909");
  await typeInto(page, "Telefone", "11987654321");
  await page.keyboard.press("Enter");
  await expect(page.getByText("CPF inválido")).toBeVisible();
  await page.getByLabel("CPF").fill("");
  await typeInto(page, "CPF", randomCpf());
  await page.keyboard.press("Enter");

  await expect(heading).toHaveText("Dados da empresa");
  await expectNoAxeViolations(page, "/register step 2");
  await expect(page.getByLabel("E-mail para contato")).toHaveValue(email);
  await typeInto(page, "Nome da empresa", officeName);
  await typeInto(page, "CNPJ", randomCnpj());
  await typeInto(page, "Telefone", "113123456");
  await typeInto(page, "CEP", "01310100");
  await typeInto(page, "Rua", "Av. Paulista");
  await typeInto(page, "Numero", "1000");
  await typeInto(page, "Bairro", "Bela Vista");
  await typeInto(page, "Cidade", "São Paulo");
  await typeInto(page, "Estado", "SP");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Telefone inválido")).toBeVisible();
  await page.getByLabel("Telefone").fill("");
  await typeInto(page, "Telefone", "11312345678");
  await page.keyboard.press("Enter");

  await expect(heading).toHaveText("Informações de pagamento");
  await expect(
    page.getByText("O pagamento ainda não é cobrado: seu escritório começa em período de teste."),
  ).toBeVisible();
  await expectNoAxeViolations(page, "/register step 3");
  await typeInto(page, "Numero do cartao", "4111111111111111");
  await typeInto(page, "Validade", "1230");
  await typeInto(page, "CVV", "123");
  await typeInto(page, "Nome como escrito no cartao", "MARIANA A");
  await tabTo(page, page.getByRole("button", { name: "Continuar" })); // spec §2: 'Continuar' on each step; this one creates the office
  await page.keyboard.press("Enter");

  await expect(heading).toHaveText("Verifique o seu e-mail");
  await expect(page.getByRole("status")).toContainText(`Enviamos um link para ${email}.`);
  await expectNoAxeViolations(page, "/register step 4");
  // The card never left the browser.
  expect(sent).toHaveLength(1);
  expect(sent[0]).not.toMatch(/card|cvv|expiry|4111/i);

  // The e-mailed link sets the owner's password and opens the empty client list.
  await page.goto(await conviteLink(request, email, "Ative o seu escritório no Bloco"));
  await expect(page.getByRole("heading", { name: "Ative o seu escritório" })).toBeVisible();
  await expect(page.getByText(`Crie a sua senha para entrar no Bloco com ${officeName}.`)).toBeVisible();
  await expectNoAxeViolations(page, "sign-up link page");
  await typeInto(page, "Senha", "minha-senha-1");
  await typeInto(page, "Confirmar senha", "minha-senha-1");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nenhum cliente ainda" })).toBeVisible();

  // The same e-mail cannot sign up twice.
  const again = await request.post("/api/register", {
    data: JSON.parse(sent[0]!) as Record<string, unknown>,
  });
  expect(again.status()).toBe(409);
});

test("[office-signup] Back, Forward and reload keep the slide and what was typed, never the card; the storage goes with the office", async ({
  page,
  request,
}) => {
  test.fixme(
    (await request.get("/api/dev/outbox")).status() === 404,
    "GET /api/dev/outbox is not available on this server",
  );
  const email = `escritorio.volta.${Date.now()}@contabil.teste`;
  const heading = page.getByRole("heading", { level: 1 });
  const stored = () => page.evaluate(() => sessionStorage.getItem("bloco.register") ?? "");
  const cpf = randomCpf();
  const cnpj = randomCnpj();
  const bodies: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/register")) bodies.push(req.postData() ?? "");
  });

  await page.goto(`/register?email=${encodeURIComponent(email)}`);
  await page.getByLabel("Nome", { exact: true }).fill("Vera");
  await page.getByLabel("Sobrenome").fill("Voltas");
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Telefone").fill("3133334444"); // a landline
  await expect(page.getByLabel("Telefone")).toHaveValue("(31) 3333-4444");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(heading).toHaveText("Dados da empresa");
  await page.getByLabel("Nome da empresa").fill("Contas de Ida e Volta");
  await page.getByLabel("CNPJ").fill(cnpj);
  await page.getByLabel("Telefone").fill("31333344445");
  await page.getByLabel("CEP").fill("30130000");
  await page.getByLabel("Rua").fill("Av. Afonso Pena");
  await page.getByLabel("Numero").fill("1500");
  await page.getByLabel("Bairro").fill("Centro");
  await page.getByLabel("Cidade").fill("Belo Horizonte");
  await page.getByLabel("Estado").fill("MG");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(heading).toHaveText("Informações de pagamento");
  await page.getByLabel("Numero do cartao").fill("4111111111111111");
  await page.getByLabel("CVV").fill("123");
  const starter = page.getByRole("checkbox", { name: "Começar com um plano de contas inicial (ano atual e anterior)" });
  await expect(starter).toBeChecked();

  // The browser's Back: slide 2 with its values; Forward: slide 3.
  await page.goBack();
  await expect(heading).toHaveText("Dados da empresa");
  await expect(page.getByLabel("Nome da empresa")).toHaveValue("Contas de Ida e Volta");
  await expect(page.getByLabel("Cidade")).toHaveValue("Belo Horizonte");
  await page.goForward();
  await expect(heading).toHaveText("Informações de pagamento");
  await expect(page.getByLabel("Numero do cartao")).toHaveValue("4111 1111 1111 1111"); // same page: kept in memory

  // A reload keeps the slide and what was typed, but the card was never stored.
  await page.reload();
  await expect(heading).toHaveText("Informações de pagamento");
  await expect(page.getByLabel("Numero do cartao")).toHaveValue("");
  await expect(page.getByLabel("CVV")).toHaveValue("");
  const kept = await stored();
  expect(kept).toContain("Contas de Ida e Volta");
  expect(kept).not.toMatch(/4111|cardNumber|cvv|expiry|cardName/);
  await page.getByRole("button", { name: "Voltar" }).click();
  await expect(heading).toHaveText("Dados da empresa");
  await expect(page.getByLabel("CNPJ")).toHaveValue(/\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
  await page.goBack();
  await expect(heading).toHaveText("Dados do perfil");
  await expect(page.getByLabel("Sobrenome")).toHaveValue("Voltas");
  await expectNoAxeViolations(page, "/register step 1 after Back");

  await page.goForward();
  await page.goForward();
  await expect(heading).toHaveText("Informações de pagamento");
  await page.getByLabel("Numero do cartao").fill("4111111111111111");
  await page.getByLabel("Validade").fill("1230");
  await page.getByLabel("CVV").fill("123");
  await page.getByLabel("Nome como escrito no cartao").fill("VERA V");
  await expectNoAxeViolations(page, "/register step 3 with the starter chart");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(heading).toHaveText("Verifique o seu e-mail");
  expect(await stored()).toBe("");
  expect(bodies).toHaveLength(1);
  expect(JSON.parse(bodies[0]!)).toMatchObject({
    starterChart: true,
    phone: "(31) 3333-4444",
    companyName: "Contas de Ida e Volta",
  });
  expect(bodies[0]).not.toMatch(/card|cvv|expiry|4111/i);
});
