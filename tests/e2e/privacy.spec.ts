import type { Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT, shots } from "./support/axe";
import { db } from "./support/create-block";
import { expect, test } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// Retention and a person's data (docs/decisions/0310-retention.md, 0311-personal-data.md): the owner's
// 'Política de retenção' in the office dialog, a client's 'Suspender exclusão' in its 'Histórico'
// drawer, 'Meus dados' in the profile and the public /privacidade page. Each test on an office of its
// own (people.officeWithClient); the office's own settings at 1440 px with axe at 1440
// and 390 px, 'Meus dados' and /privacidade run at both sizes; axe on every state, keyboard only.

test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { name: "1440", viewport: { width: 1440, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;

const account = (page: Page) => page.getByRole("dialog", { name: "Conta" });

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} px`, () => {
    test.use({ viewport });

    test(`[privacy] 'Meus dados': 'Baixar meus dados' asks for the ZIP, 'Excluir minha conta' refused for the only owner (${name}); axe, keyboard`, async ({
      page,
      request,
      people,
    }) => {
      const team = await people.officeWithClient();
      const tokens = await apiLogin(request, team.owner.email);
      await openLoggedIn(page, tokens, "accounting", "/home");
      await page.getByTestId("profile-button").click();
      const panelButton = account(page).getByRole("button", { name: "Meus dados" });
      await tabTo(page, panelButton);
      await page.keyboard.press("Enter");
      const panel = account(page).getByTestId("personal-data");
      const download = panel.getByRole("button", { name: "Baixar meus dados" });
      await tabTo(page, download);
      await page.keyboard.press("Enter");
      await expect(panel.getByRole("status")).toHaveText(
        `Pedido recebido. Enviaremos o link para ${team.owner.email} em instantes.`,
      );
      await expectNoAxeViolations(page, `personal data requested (${name})`);
      await shots(page, "personal-data");

      await tabTo(page, panel.getByRole("button", { name: "Excluir minha conta" }));
      await page.keyboard.press("Enter");
      const password = panel.getByLabel("Confirme com sua senha");
      await tabTo(page, password);
      await page.keyboard.type("demo1234");
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("Tem certeza que deseja excluir sua conta?");
      await expectNoAxeViolations(page, `delete account confirmation (${name})`);
      await confirm.getByRole("button", { name: "Continuar" }).click();
      await expect(panel.getByRole("alert")).toHaveText(
        "Você é o único proprietário. Transfira a propriedade antes de excluir a conta.",
      );
      await expectNoAxeViolations(page, `delete account refused (${name})`);
      await shots(page, "personal-data-refused");
    });

    test(`[privacy] /privacidade is public and stays open for a logged-in user (${name}); axe`, async ({
      page,
      request,
      people,
    }) => {
      await page.goto("/privacidade");
      await expect(page.getByRole("heading", { level: 1, name: "Privacidade" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Por quanto tempo" })).toBeVisible();
      await expectNoAxeViolations(page, `privacy page (${name})`);
      await shots(page, "privacy-page");

      const team = await people.officeWithClient();
      const tokens = await apiLogin(request, team.owner.email);
      await openLoggedIn(page, tokens, "accounting", "/home");
      await page.goto("/privacidade");
      await expect(page.getByRole("heading", { level: 1, name: "Privacidade" })).toBeVisible();
      await expect(page).toHaveURL(/\/privacidade$/);
    });
  });
}

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[privacy] the owner sets the office's 'Política de retenção': below 5 refused, 7 saved; axe, keyboard`, async ({
    page,
    request,
    people,
  }) => {
    const team = await people.officeWithClient();
    const tokens = await apiLogin(request, team.owner.email);
    await openLoggedIn(page, tokens, "accounting", "/home");
    await page.getByTestId("profile-button").click();
    await account(page).getByRole("button", { name: "Escritório" }).click();
    const dialog = page.getByRole("dialog", { name: "Escritório" });
    const policy = dialog.getByTestId("retention-policy");
    await expect(policy.getByRole("heading", { name: "Política de retenção" })).toBeVisible();
    const years = policy.getByLabel("Anos de guarda");
    await expect(years).toHaveValue("5");
    await expect(policy).toContainText("1º de janeiro de X + 5 + 2");
    await expectNoAxeViolationsAtBothWidths(page, `retention policy`);
    await shots(page, "retention-policy");

    await tabTo(page, years);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("4");
    await page.keyboard.press("Enter");
    await expect(policy.getByText("Informe um número inteiro de 5 a 50 anos.")).toBeVisible();
    await expect(years).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolationsAtBothWidths(page, `retention policy refused`);
    await shots(page, "retention-policy-error");

    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("7");
    await expect(policy.getByText("Informe um número inteiro de 5 a 50 anos.")).toHaveCount(0);
    await tabTo(page, policy.getByRole("button", { name: "Salvar política" }));
    await page.keyboard.press("Enter");
    await expect(policy.getByRole("status")).toHaveText("Política de retenção salva.");
    await expect(policy).toContainText("1º de janeiro de X + 7 + 2");
    await expect
      .poll(
        async () => (await db().accountingOffice.findFirstOrThrow({ where: { name: team.officeName } })).retentionYears,
      )
      .toBe(7);
    await expectNoAxeViolationsAtBothWidths(page, `retention policy saved`);
  });

  test(`[privacy] 'Suspender exclusão' in the client's history drawer, on and off with the keyboard; axe`, async ({
    page,
    request,
    people,
  }) => {
    const team = await people.officeWithClient();
    const tokens = await apiLogin(request, team.operator.email);
    await openLoggedIn(page, tokens, "accounting", "/register");
    await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), team.client);
    await page.goto("/home/client");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(team.client.name);
    const entry = page.getByRole("navigation", { name: "Ações do cliente" }).getByRole("button", { name: "Histórico" });
    await tabTo(page, entry);
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Histórico do cliente" });
    const hold = drawer.getByRole("switch", { name: "Suspender exclusão" });
    await expect(hold).toHaveAttribute("aria-checked", "false");
    await expectNoAxeViolationsAtBothWidths(page, `retention hold off`);
    await shots(page, "retention-hold-off");

    await tabTo(page, hold);
    await page.keyboard.press("Space");
    await expect(hold).toHaveAttribute("aria-checked", "true");
    await expect(drawer.getByTestId("retention-hold")).toContainText("Exclusão suspensa desde");
    await expect
      .poll(async () => (await db().client.findUniqueOrThrow({ where: { id: team.client.id } })).retentionHoldAt)
      .not.toBeNull();
    await expectNoAxeViolationsAtBothWidths(page, `retention hold on`);
    await shots(page, "retention-hold-on");

    await page.keyboard.press("Space");
    await expect(hold).toHaveAttribute("aria-checked", "false");
    await expect
      .poll(async () => (await db().client.findUniqueOrThrow({ where: { id: team.client.id } })).retentionHoldAt)
      .toBeNull();
  });

  test(`[privacy] the owner erases the personal data of a blocked operator who left; axe, keyboard`, async ({
    page,
    request,
    people,
  }) => {
    const team = await people.accountingTeam();
    await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
    await page.getByRole("button", { name: "Buscar operador" }).click();
    const drawer = page.getByRole("dialog", { name: "Buscar operador" });
    const items = drawer.getByTestId("operator-item");
    await expect(items).toHaveCount(4);
    const left = items.filter({ hasText: team.blocked.name });
    const row = left.getByRole("button", { name: team.blocked.name });
    await tabTo(page, row);
    await page.keyboard.press("Enter");
    const erase = left.getByRole("button", { name: "Apagar dados pessoais" });
    await expect(erase).toBeVisible();
    // Only the blocked operator offers it.
    await expect(drawer.getByRole("button", { name: "Apagar dados pessoais" })).toHaveCount(1);
    await expectNoAxeViolationsAtBothWidths(page, `operator who left`);
    await shots(page, "erase-operator");
    await tabTo(page, erase);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Apagar para sempre os dados pessoais de ${team.blocked.name}?`);
    await expectNoAxeViolationsAtBothWidths(page, `erase confirmation`);
    await confirm.getByRole("button", { name: "Continuar" }).click();
    await expect(items).toHaveCount(3);
    await expect(drawer).not.toContainText(team.blocked.name);
    await expect
      .poll(async () => (await db().user.findFirst({ where: { email: team.blocked.email } })) === null)
      .toBe(true);
  });
});
