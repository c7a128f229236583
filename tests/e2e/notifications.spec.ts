import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, OFFICE_VIEWPORT, settled } from "./support/axe";
import { db } from "./support/create-block";
import { expect, test, type CategorizationClient } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// The notifications: 'Avisar por WhatsApp' in 'Reportar problema' and its prepared message, the
// pendency's e-mail in the outbox with the link that opens that pendency, the profile's 'Notificações
// por e-mail' switches, and the unsubscribe page of an e-mail's link (no login). Each at 1440 and 390 px,
// but the office's screen of a client without a phone: at 1440 px, axe at both sizes.

const VIEWPORTS = [
  { name: "1440", viewport: { width: 1440, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
] as const;

/** UI_SHOTS=1: the screen as it stands, light and dark, into ../notify-shots/ (for review, not asserted). */
async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.UI_SHOTS) return;
  const folder = process.env.UI_SHOTS_DIR ?? ".data/screenshots";
  mkdirSync(folder, { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await settled(page);
    await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width}-${theme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

type OutboxMail = { to: string; subject: string; text: string };

/** The latest mail to `to` whose subject matches, as /api/dev/outbox lists it. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        // A keep-alive socket the server closed as it was reused answers ECONNRESET: asked again.
        const response = await request.get("/api/dev/outbox").catch(() => null);
        if (!response?.ok()) return false;
        const answer = (await response.json()) as { data: OutboxMail[] };
        found = answer.data.find((mail) => mail.to === to && subject.test(mail.subject));
        return Boolean(found);
      },
      { message: `a mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function raiseByApi(request: APIRequestContext, access: string, blockId: number, observations: string) {
  const response = await request.post("/api/pendency/create", {
    headers: { authorization: `Bearer ${access}` },
    data: { blockId, issue: 0, observations },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function businessPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`at ${name} px`, () => {
    test.use({ viewport });

    test(`[notifications] a pendency raised: the WhatsApp link's message, the company's e-mail in the outbox, its link opens that pendency (${name})`, async ({
      page,
      request,
      people,
      browser,
    }) => {
      const data: CategorizationClient = await people.categorizationClient({ blocks: 2 });
      const [first, second] = data.blocks.map((block) => block.id) as [number, number];
      const client = await db().client.findUniqueOrThrow({
        where: { id: data.client.id },
        select: { phone: true, office: { select: { name: true } } },
      });
      expect(client.phone).toMatch(/^\d{10,11}$/);
      const owner = await apiLogin(request, data.owner.email);
      // An older open pendency on the second block: it heads the company's queue.
      await raiseByApi(request, owner.access, second, "Foto tremida");

      await openLoggedIn(page, owner, "accounting", "/register");
      await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), data.client);
      await page.goto("/home/client/categorization");
      await expect(page.getByTestId("categorize-block")).toHaveAttribute("data-current-block", String(first));
      await page.keyboard.press("Alt+KeyP");
      const dialog = page.getByRole("dialog", { name: "Reportar problema" });
      await dialog.getByLabel("O que aconteceu?").selectOption("2");
      await dialog.getByLabel("Observação").fill("Falta a nota da segunda compra");

      const whatsapp = dialog.getByRole("link", { name: "Avisar por WhatsApp" });
      await expect(whatsapp).toHaveAttribute("target", "_blank");
      const href = new URL((await whatsapp.getAttribute("href"))!);
      expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/55${client.phone}`);
      const origin = new URL(page.url()).origin;
      expect(href.searchParams.get("text")).toBe(
        [
          `Olá, ${data.client.name}! Aqui é do escritório ${client.office.name}.`,
          "Registramos uma pendência em um bloco de vocês: Bloco incompleto.",
          "Observação: Falta a nota da segunda compra",
          `Para resolver, acesse Blocos com pendencia no Bloco: ${origin}/pendencyblock?bloco=${first}`,
        ].join("\n"),
      );
      await expectNoAxeViolations(page, `report dialog with the WhatsApp link (${name})`);
      await shots(page, "notify-report-dialog");
      await dialog.getByRole("button", { name: "Enviar" }).click();
      await expect(dialog).toHaveCount(0);

      // the company's user has the e-mail, in the development outbox page too
      const mail = await mailTo(request, data.business.email, /^Pendência em um bloco de /);
      expect(mail.subject).toBe(`Pendência em um bloco de ${data.client.name}`);
      expect(mail.text).toContain("O que aconteceu: Bloco incompleto");
      expect(mail.text).toContain("Observação: Falta a nota da segunda compra");
      const link = /https?:\/\/\S+\/pendencyblock\?pendencia=\d+/.exec(mail.text)![0];
      expect(mail.text).toMatch(/\/descadastrar\/\d+\.pendency\.[A-Za-z0-9_-]{43}/);
      await page.goto("/dev/outbox");
      const item = page.getByRole("listitem").filter({ hasText: data.business.email }).first();
      await expect(item.getByRole("heading", { name: mail.subject })).toBeVisible();
      await expect(item.getByRole("link", { name: link })).toBeVisible();

      // the e-mail's link and the WhatsApp message's link open that pendency, not the queue's head
      const business = await businessPage(browser, viewport);
      try {
        const tokens = await apiLogin(request, data.business.email);
        const path = new URL(link).pathname + new URL(link).search;
        await openLoggedIn(business.page, tokens, "bussiness", path);
        await expect(business.page.locator("#pendency-issue")).toHaveText("Bloco incompleto");
        await expect(business.page.getByText("Falta a nota da segunda compra")).toBeVisible();
        await shots(business.page, "notify-pendency-link");
        await business.page.goto("/pendencyblock");
        await expect(business.page.getByText("Foto tremida")).toBeVisible();
        await business.page.goto(`/pendencyblock?bloco=${first}`);
        await expect(business.page.getByText("Falta a nota da segunda compra")).toBeVisible();
      } finally {
        await business.context.close();
      }
    });

    test(`[notifications] 'Notificações por e-mail' in the profile: switches by keyboard, saved, kept after a reload; axe (${name})`, async ({
      page,
      request,
      people,
    }) => {
      const company = await people.clientCompany();
      await openLoggedIn(page, await apiLogin(request, company.owner.email), "bussiness", "/home");
      await page.getByTestId("profile-button").click();
      const drawer = page.getByRole("dialog", { name: "Conta" });
      const panel = drawer.getByRole("button", { name: "Notificações por e-mail" });
      await panel.focus();
      await page.keyboard.press("Enter");
      const pendency = drawer.getByRole("switch", { name: "Pendências nos meus blocos" });
      const returned = drawer.getByRole("switch", { name: "Blocos devolvidos pelo escritório" });
      await expect(pendency).toHaveAttribute("aria-checked", "true");
      await expect(returned).toHaveAttribute("aria-checked", "true");
      await expect(drawer.getByRole("switch", { name: "Resumo diário de blocos novos" })).toHaveCount(0);
      await expect(pendency).toHaveAccessibleDescription("Quando o escritório pede algo sobre um bloco enviado.");
      await page.keyboard.press("Tab");
      await expect(pendency).toBeFocused();
      await page.keyboard.press("Space");
      await expect(pendency).toHaveAttribute("aria-checked", "false");
      await expect(drawer.getByText("Preferência salva.")).toBeVisible();
      await expectNoAxeViolations(page, `notification switches (${name})`);
      await shots(page, "notify-profile-company");

      await page.reload();
      await page.getByTestId("profile-button").click();
      await drawer.getByRole("button", { name: "Notificações por e-mail" }).click();
      await expect(pendency).toHaveAttribute("aria-checked", "false");
      await expect(returned).toHaveAttribute("aria-checked", "true");

      // an office operator has the daily digest only
      const operator = await people.operator();
      await openLoggedIn(page, await apiLogin(request, operator.email), "accounting", "/home");
      await page.getByTestId("profile-button").click();
      await drawer.getByRole("button", { name: "Notificações por e-mail" }).click();
      const digest = drawer.getByRole("switch", { name: "Resumo diário de blocos novos" });
      await expect(digest).toHaveAttribute("aria-checked", "true");
      await expect(drawer.getByTestId("notification-settings").getByRole("switch")).toHaveCount(1);
      await digest.click();
      await expect(digest).toHaveAttribute("aria-checked", "false");
      await expectNoAxeViolations(page, `office notification switch (${name})`);
      await shots(page, "notify-profile-office");
    });

    test(`[notifications] the unsubscribe page of an e-mail's link: no login, one click, that kind only; a broken link says so (${name})`, async ({
      page,
      request,
      people,
    }) => {
      const data = await people.categorizationClient({ blocks: 1 });
      const owner = await apiLogin(request, data.owner.email);
      await raiseByApi(request, owner.access, data.blocks[0]!.id, "Documento ilegível");
      const mail = await mailTo(request, data.business.email, /^Pendência em um bloco de /);
      const link = /https?:\/\/\S+\/descadastrar\/\S+/.exec(mail.text)![0];

      await page.goto(new URL(link).pathname);
      await expect(page.getByRole("heading", { name: "Deixar de receber e-mails" })).toBeVisible();
      await expect(
        page.getByText('Você não vai mais receber os e-mails de "Pendências nos meus blocos".'),
      ).toBeVisible();
      await expectNoAxeViolations(page, `unsubscribe page (${name})`);
      await shots(page, "notify-unsubscribe");
      await page.getByRole("button", { name: "Confirmar descadastro" }).click();
      await expect(
        page.getByText('Pronto. Você não vai mais receber os e-mails de "Pendências nos meus blocos".'),
      ).toBeVisible();
      await expectNoAxeViolations(page, `unsubscribe done (${name})`);
      await shots(page, "notify-unsubscribe-done");

      const business = await apiLogin(request, data.business.email);
      const preferences = await request.get("/api/operator/notifications", {
        headers: { authorization: `Bearer ${business.access}` },
      });
      expect(((await preferences.json()) as { data: unknown }).data).toEqual([
        { kind: "pendency", enabled: false },
        { kind: "returned", enabled: true },
      ]);

      const token = new URL(link).pathname.split("/").pop()!;
      await page.goto(`/descadastrar/${token.replace(".pendency.", ".returned.")}`);
      await page.getByRole("button", { name: "Confirmar descadastro" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Este link não é válido." })).toBeVisible();
      await page.goto("/descadastrar/qualquer-coisa");
      await expect(page.getByRole("alert").filter({ hasText: "Este link não é válido." })).toBeVisible();
      await expectNoAxeViolations(page, `unsubscribe broken link (${name})`);
      await shots(page, "notify-unsubscribe-invalid");
    });
  });
}

test.describe("at 1440 px, axe at 390 px too", () => {
  test.use({ viewport: OFFICE_VIEWPORT });

  test(`[notifications] a client without a phone: no WhatsApp link, the reason instead; axe`, async ({
    page,
    request,
    people,
  }) => {
    const data = await people.categorizationClient({ blocks: 1 });
    await db().client.update({ where: { id: data.client.id }, data: { phone: null } });
    await openLoggedIn(page, await apiLogin(request, data.owner.email), "accounting", "/register");
    await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), data.client);
    await page.goto("/home/client/categorization");
    await expect(page.getByTestId("categorize-block")).toBeVisible();
    await page.keyboard.press("Alt+KeyP");
    const dialog = page.getByRole("dialog", { name: "Reportar problema" });
    await expect(dialog.getByTestId("whatsapp-unavailable")).toHaveText(
      "O cliente não tem telefone cadastrado: cadastre um nos dados do cliente para avisar por WhatsApp.",
    );
    await expect(dialog.getByRole("link", { name: "Avisar por WhatsApp" })).toHaveCount(0);
    await expectNoAxeViolationsAtBothWidths(page, `report dialog without a phone`);
    await shots(page, "notify-report-dialog-no-phone");
  });
});
