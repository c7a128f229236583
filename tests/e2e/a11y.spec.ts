import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn, PASSWORD } from "./support/session";

// axe on every page and every open drawer and dialog, light and dark: 0 violations.
// Each scene is opened the way a person would; people and invites are the test's own.

type OutboxMail = { to: string; text: string };

async function linkFor(request: APIRequestContext, to: string, kind: "convite" | "redefinir-senha"): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => {
      const { data } = (await (await request.get("/api/dev/outbox")).json()) as { data: OutboxMail[] };
      path = data
        .find((mail) => mail.to === to && mail.text.includes(`/${kind}/`))
        ?.text.match(new RegExp(`(/${kind}/[\\w-]+)`))?.[1];
      return path;
    })
    .toBeTruthy();
  return path ?? "";
}

const PHOTO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="#f39a52"/></svg>`;

// The longest file of the suite, and every test makes its own people: its tests spread over the workers.
test.describe.configure({ mode: "parallel" });

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`[a11y] ${colorScheme}`, () => {
    test.use({ colorScheme });
    // An axe pass over a page takes 1–5 s on a busy 2-core machine and these tests make up to four.
    test.describe.configure({ timeout: 120_000 }); // measured: up to 60 s at load 10 on 2 cores

    test(`[a11y] landing and its dialog (${colorScheme})`, async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, "/");
      await page.getByRole("banner").locator("[aria-haspopup=dialog]").click();
      await expect(page.getByRole("dialog", { name: "Criar conta" })).toBeVisible();
      await expectNoAxeViolations(page, "/ 'Criar conta' dialog");
    });

    // The fourth step follows a real sign-up: tests/e2e/office-signup.spec.ts checks it (and the link page).
    test(`[a11y] the sign-up slides, empty and with their errors (${colorScheme})`, async ({ page }) => {
      await page.goto("/register");
      const heading = page.getByRole("heading", { level: 1 });
      for (const step of ["Dados do perfil", "Dados da empresa"]) {
        await expect(heading).toHaveText(step);
        await expectNoAxeViolations(page, `/register ${step}`);
        await page.getByRole("button", { name: "Continuar" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "Confira os campos destacados." })).toBeVisible();
        await expectNoAxeViolations(page, `/register ${step} with errors`);
        const values: Record<string, string> =
          step === "Dados do perfil"
            ? { Nome: "Mariana", Sobrenome: "Albuquerque", CPF: "52998224725", Telefone: "11987654321" }
            : {
                "Nome da empresa": "Escritório",
                CNPJ: "11222333000181",
                "E-mail para contato": "a@b.com.br",
                Telefone: "11333344445",
                CEP: "01310100",
                Rua: "Rua",
                Numero: "1",
                Bairro: "Centro",
                Cidade: "São Paulo",
                Estado: "SP",
              };
        for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
        await page.getByRole("button", { name: "Continuar" }).click();
      }
      await expect(heading).toHaveText("Informações de pagamento");
      await expectNoAxeViolations(page, "/register Informações de pagamento");
    });

    test(`[a11y] login, colorlab and an invalid invite (${colorScheme})`, async ({ page }) => {
      await page.goto("/login");
      await expectNoAxeViolations(page, "/login");
      await page.getByRole("textbox", { name: "E-mail" }).fill("nao-e-email");
      await page.getByLabel("Senha").fill("123");
      await page.getByRole("button", { name: "Entrar" }).click();
      await expect(page.getByText("Este e-mail não é válido")).toBeVisible();
      await page.getByRole("button", { name: "Recuperar senha" }).click();
      const panel = page.getByRole("region", { name: "Esqueceu a senha?" });
      await panel.getByRole("textbox", { name: "E-mail" }).fill("");
      await panel.getByRole("button", { name: "Recuperar senha" }).click();
      await expect(panel.getByRole("alert")).toBeVisible();
      await expectNoAxeViolations(page, "/login with errors and the recovery panel");

      await page.goto("/colorlab");
      await expect(page.getByRole("region", { name: "Tema escuro" })).toBeVisible();
      await expectNoAxeViolations(page, "/colorlab");

      await page.goto("/convite/token-que-nao-existe");
      await expect(page.getByRole("alert").filter({ hasText: "Convite inválido ou expirado." })).toBeVisible();
      await expectNoAxeViolations(page, "/convite (invalid)");
    });

    test(`[a11y] the e-mailed links and the platform chooser (${colorScheme})`, async ({ page, request, people }) => {
      const team = await people.accountingTeam();
      const owner = await apiLogin(request, team.owner.email);
      const invited = `a11y.${Date.now()}@escritorio.teste`;
      expect(
        (
          await request.post("/api/invited/add", {
            data: { email: invited },
            headers: { authorization: `Bearer ${owner.access}` },
          })
        ).status(),
      ).toBe(200);
      await page.goto(await linkFor(request, invited, "convite"));
      await expect(page.getByRole("heading", { name: "Aceitar convite" })).toBeVisible();
      await expectNoAxeViolations(page, "/convite/<token>");

      expect((await request.post("/api/password/forgot", { data: { email: team.operator.email } })).status()).toBe(200);
      await page.goto(await linkFor(request, team.operator.email, "redefinir-senha"));
      await expect(page.getByRole("heading", { name: "Redefinir senha" })).toBeVisible();
      await page.getByLabel("Nova senha").fill("123");
      await page.getByLabel("Confirmar senha").fill("1234");
      await page.getByRole("button", { name: "Salvar nova senha" }).click();
      await expect(page.getByText("A senha deve ter no mínimo 6 caracteres")).toBeVisible();
      await expectNoAxeViolations(page, "/redefinir-senha/<token> with an error");

      await page.goto("/dev/outbox"); // holds this test's two mails at least
      await expect(page.getByRole("listitem").filter({ hasText: team.operator.email }).first()).toBeVisible();
      await expectNoAxeViolations(page, "/dev/outbox");

      const partner = await people.bothPlatforms();
      await page.goto("/login");
      await page.getByRole("textbox", { name: "E-mail" }).fill(partner.email);
      await page.getByLabel("Senha").fill(PASSWORD);
      await page.getByRole("button", { name: "Entrar" }).click();
      await expect(page.getByRole("heading", { name: "Escolha qual plataforma acessar:" })).toBeVisible();
      await expectNoAxeViolations(page, "/login platform chooser");
    });

    test(`[a11y] accounting home, 'Conta', 'Escritório' and the photo dialog (${colorScheme})`, async ({
      page,
      request,
      people,
    }) => {
      const team = await people.accountingTeam();
      await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
      await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
      await expectNoAxeViolations(page, "/home (accounting)");

      await page.getByTestId("profile-button").click();
      const drawer = page.getByRole("dialog", { name: "Conta" });
      await drawer.getByRole("button", { name: "Perfil" }).click();
      await drawer.getByRole("button", { name: "Editar" }).click();
      await drawer.getByLabel("CPF").fill("111");
      await drawer.getByRole("button", { name: "Salver" }).click();
      await expect(drawer.getByText("CPF inválido")).toBeVisible();
      await expectNoAxeViolations(page, "'Conta' with 'Perfil' errors");
      await drawer.getByRole("button", { name: "Cancelar" }).click();

      await drawer.getByRole("button", { name: "Escritório" }).click();
      const office = page.getByRole("dialog", { name: "Escritório" });
      await office.getByRole("button", { name: "Editar" }).click();
      await office.getByLabel("CEP").fill("1");
      await office.getByRole("button", { name: "Salver" }).click();
      await expect(office.getByText("CEP inválido")).toBeVisible();
      await expectNoAxeViolations(page, "'Escritório' dialog");
      await office.getByRole("button", { name: "Cancelar" }).click();
      await office.getByRole("button", { name: "Fechar" }).click();

      const png = await sharp(Buffer.from(PHOTO_SVG)).png().toBuffer();
      await drawer.getByTestId("photo-input").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png });
      await expect(page.getByRole("dialog", { name: "Reposicione a imagem utilizando o mouse" })).toBeVisible();
      await expectNoAxeViolations(page, "reposition dialog");
    });

    test(`[a11y] 'Buscar operador': list, blocked operator, invites and the confirmation (${colorScheme})`, async ({
      page,
      request,
      people,
    }) => {
      const team = await people.accountingTeam();
      await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
      await page.getByRole("button", { name: "Buscar operador" }).click();
      const drawer = page.getByRole("dialog", { name: "Buscar operador" });
      const blocked = drawer.getByTestId("operator-item").filter({ hasText: team.blocked.name });
      await blocked.getByRole("button", { name: new RegExp(team.blocked.name) }).click();
      await expect(blocked.getByRole("button", { name: "Desbloquear" })).toBeVisible();
      await expectNoAxeViolations(page, "'Buscar operador' list with a blocked operator open");

      await blocked.getByRole("button", { name: "Excluir" }).click();
      await expect(page.getByRole("alertdialog", { name: "Atenção" })).toBeVisible();
      await expectNoAxeViolations(page, "'Atenção' removal confirmation");
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();

      await drawer.getByRole("button", { name: "Adicionar operador" }).click();
      await drawer.getByLabel("E-mail").fill(`novo.${Date.now()}@escritorio.teste`);
      await drawer.getByRole("button", { name: "Adicionar", exact: true }).click();
      await expect(drawer.getByText("Novo", { exact: true })).toBeVisible();
      await drawer.getByLabel("E-mail").fill("invalido");
      await drawer.getByRole("button", { name: "Adicionar", exact: true }).click();
      await expect(drawer.getByText("Este e-mail não é válido")).toBeVisible();
      await expectNoAxeViolations(page, "'Adicionar operador' with an error and a new invite");
    });

    test(`[a11y] business home, 'Contato', the company dialog and the client's operators (${colorScheme})`, async ({
      page,
      request,
      people,
    }) => {
      const company = await people.clientCompany();
      await openLoggedIn(page, await apiLogin(request, company.owner.email), "bussiness", "/home");
      await expect(page.getByRole("heading", { level: 1, name: company.clientName })).toBeVisible();
      await expectNoAxeViolations(page, "/home (business)");

      await page.getByTestId("profile-button").click();
      const drawer = page.getByRole("dialog", { name: "Conta" });
      await drawer.getByRole("button", { name: "Contato" }).click();
      await expect(drawer.getByText("Operador", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, "'Conta' with 'Contato'");
      await drawer.getByRole("button", { name: /^(Empresa|Endereço)$/ }).click();
      const dialog = page.getByRole("dialog", { name: /^(Empresa|Endereço)$/ });
      await expect(dialog.getByRole("button", { name: "Editar" })).toBeVisible();
      await expectNoAxeViolations(page, "company dialog");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Buscar operador" }).click();
      const operators = page.getByRole("dialog", { name: "Buscar operador" });
      await operators.getByTestId("operator-item").nth(1).getByRole("button").first().click();
      await expect(
        operators.getByRole("switch", { name: "Compartilhar galeria e blocos enviados" }).first(),
      ).toBeVisible();
      await expectNoAxeViolations(page, "client's 'Buscar operador'");
    });
  });
}
