import { readFileSync } from "node:fs";
import { expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT, shots } from "./support/axe";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// 'Exportar lançamentos': a month of a client's contabilised blocks exported from the client detail —
// the check's list, fixed (an account given its code in the accounting system, the counterpart set in
// the drawer), the Domínio file downloaded and read back, the 'already exported' warning and the
// viewer's 'Exportado em'; the office's ZIP from the profile drawer. At 1440 px, axe-clean at
// 1440 and 390 px.

test.describe.configure({ timeout: 240_000 });

const saoPauloMonth = () => {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "numeric",
  }).formatToParts(new Date());
  return {
    year: Number(parts.find((p) => p.type === "year")!.value),
    month: Number(parts.find((p) => p.type === "month")!.value),
  };
};

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[export] a month exported: the check's list, fixed, the Domínio file downloaded and read back; axe`, async ({
    page,
    request,
    factories: f,
  }) => {
    const tag = Math.random().toString(36).slice(2, 7);
    const { year, month } = saoPauloMonth();
    const office = await f.createOffice();
    const owner = await f.createAccountingOperator({
      office,
      type: 0,
      user: { email: f.uniqueEmail("e2e-export"), name: `Dona ${tag}` },
    });
    const operator = await f.createAccountingOperator({
      office,
      type: 2,
      user: { email: f.uniqueEmail("e2e-export"), name: `Ana Exporta ${tag}` },
    });
    const client = await f.createClient({ office, responsible: operator, name: `Exporta Teste ${tag} Ltda` });
    await f.createClientOperator({ client, type: 0 });
    const rent = await f.createAccount({
      office,
      code: "3.1.01.001",
      description: `Aluguel ${tag}`,
      reducedCode: "31",
      yearOfExercise: year,
    });
    const long = await f.createAccount({
      office,
      code: "3.1.01.002.0001.00001.01",
      description: `Energia ${tag}`,
      reducedCode: null,
      yearOfExercise: year,
    });
    for (const account of [rent, long])
      await f.activateAccount({ client, account, activatedAt: new Date(Date.UTC(year, 0, 1, 12)) });
    const day = (d: number) => new Date(Date.UTC(year, month - 1, d, 12));
    const sentAt = new Date(Date.now() - 3 * 3_600_000);
    const posted = (account: { id: number }, d: number, valueCents: number) =>
      f.createBlock({
        client,
        state: "contabilized",
        account,
        operator: { id: operator.id },
        paymentDate: day(d),
        valueCents,
        documents: 1,
        sentAt,
        categorizedAt: sentAt,
        contabilizedAt: sentAt,
      });
    const first = await posted(rent, 1, 10000);
    await posted(long, 2, 25050);

    const tokens = await apiLogin(request, operator.user.email);
    await openLoggedIn(page, tokens, "accounting", "/register");
    await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), {
      id: client.id,
      name: client.name,
      logoUrl: null,
    });
    await page.goto("/home/client");
    await expect(page.getByTestId("side-export")).toBeVisible();
    await shots(page, "export-client");
    await page.getByTestId("side-export").click();
    const drawer = page.getByRole("dialog", { name: "Exportar lançamentos" });
    await expect(drawer).toBeVisible();

    // the check: no counterpart, and an account whose code the accounting system cannot take
    const errors = drawer.getByTestId("export-errors");
    await expect(errors).toContainText("2 pendências impedem a exportação:");
    await expect(errors).toContainText("Defina a conta de contrapartida nas Configurações de exportação.");
    await expect(errors).toContainText(
      `A conta 3.1.01.002.0001.00001.01 – Energia ${tag} não tem Código no sistema contábil utilizável`,
    );
    await expect(drawer.getByRole("button", { name: "Baixar arquivo" })).toBeDisabled();
    await expectNoAxeViolationsAtBothWidths(page, `export drawer, refused`);
    await shots(page, "export-refused");

    // fixed: the chart gives the account its code (the office's owner), the counterpart typed here
    const ownerTokens = await apiLogin(request, owner.user.email);
    const update = await request.post("/api/account/update", {
      headers: { authorization: `Bearer ${ownerTokens.access}` },
      data: { accountId: long.id, reducedCode: "32" },
    });
    expect(update.status()).toBe(200);
    await drawer.getByLabel("Conta de contrapartida (crédito)").fill("2.1.01");
    await drawer.getByLabel("Código do histórico padrão").fill("7");
    await drawer.getByLabel("Complemento").fill("Pagamento {fornecedor}");
    await drawer.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(drawer.getByText("Configurações salvas.")).toBeVisible();
    await expect(drawer.getByTestId("export-ok")).toHaveText("Tudo certo: 2 lançamentos serão exportados.");
    await expectNoAxeViolationsAtBothWidths(page, `export drawer, ready`);
    await shots(page, "export-ready");

    // the download, read back
    const downloading = page.waitForEvent("download");
    await drawer.getByRole("button", { name: "Baixar arquivo" }).click();
    const download = await downloading;
    const mm = String(month).padStart(2, "0");
    expect(download.suggestedFilename()).toBe(`lancamentos-exporta-teste-${tag}-ltda-${client.code}-${year}-${mm}.txt`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.toString("latin1")).toBe(
      `|0000|${client.code}|\r\n` +
        "|6000|X||||\r\n" +
        `|6100|01/${mm}/${year}|31|2.1.01|100,00|7|Pagamento||||\r\n` +
        "|6000|X||||\r\n" +
        `|6100|02/${mm}/${year}|32|2.1.01|250,50|7|Pagamento||||\r\n`,
    );

    // the warning of a repeat, with who and how many
    const previous = drawer.getByTestId("export-previous");
    await expect(previous).toContainText("Este mês já foi exportado:");
    await expect(previous).toContainText(`por Ana Exporta ${tag}: 2 lançamentos`);
    await expect(drawer.getByRole("button", { name: "Exportar novamente" })).toBeEnabled();
    await expectNoAxeViolationsAtBothWidths(page, `export drawer, exported`);
    await shots(page, "export-done");

    // the viewer marks the block
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Visualizar Blocos" }).click();
    await page.locator(`[data-block-id="${first.id}"]`).click();
    await expect(page.getByTestId("viewer-exported")).toContainText(
      /^Exportado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/,
    );
    await expectNoAxeViolationsAtBothWidths(page, `viewer, exported`);
    await shots(page, "export-viewer");
  });

  test(`[export] the office's ZIP from the profile drawer; axe`, async ({ page, request, people }) => {
    const team = await people.officeWithClient();
    await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
    await page.getByTestId("profile-button").click();
    const drawer = page.getByRole("dialog", { name: "Conta" });
    await drawer.getByRole("button", { name: "Exportar lançamentos de todos os clientes" }).click();
    await expect(drawer.getByRole("button", { name: "Baixar ZIP" })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page, `office export`);
    await shots(page, "export-office");
    const downloading = page.waitForEvent("download");
    await drawer.getByRole("button", { name: "Baixar ZIP" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^lancamentos-.*\.zip$/);
    const zip = readFileSync((await download.path())!);
    expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");
  });
});
