import type { APIRequestContext, Browser, Page } from "@playwright/test";
import QRCode from "qrcode";
import type { TokenAnswer } from "@/lib/contract/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test, type ContabilizationClient, type Person } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// Several axe runs and a 5 s poll or two per journey: 90 s on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

// The desktop contabilization page with a client of the test's own
// (people.contabilizationClient: two accounts, three categorised blocks to post this month and one
// already posted, shared by two operators of one office).

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (data: ContabilizationClient, day: number) => `${pad(day)}/${pad(data.month)}/${data.year}`;
const accountButton = (page: Page, account: { code: string }) =>
  page.getByRole("button", { name: new RegExp(`^${account.code.replace(/\./g, "\\.")} - `) });
const nextButton = (page: Page) => page.getByTestId("next-button");
const nextBlock = (page: Page) => page.getByTestId("next-block");
const lastList = (page: Page) => page.getByRole("region", { name: "Últimos contabilizados do mês" });
const lastRow = (page: Page, blockId: number) => lastList(page).locator(`li[data-block-id="${blockId}"]`);

async function openDesk(
  page: Page,
  request: APIRequestContext,
  person: Person,
  data: ContabilizationClient,
): Promise<TokenAnswer> {
  const tokens = await apiLogin(request, person.email);
  await openLoggedIn(page, tokens, "accounting", "/register");
  await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), data.client);
  await page.goto("/home/client/contabilization");
  await expect(page.getByRole("heading", { level: 1, name: data.client.name })).toBeVisible();
  return tokens;
}

async function secondOperator(browser: Browser, request: APIRequestContext, data: ContabilizationClient) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const tokens = await apiLogin(request, data.colleague.email);
  await openLoggedIn(page, tokens, "accounting", "/register");
  await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), data.client);
  return { context, page, tokens };
}

test("[contabilization] an account to 'Sem blocos!' with Proximo, the counts, one undo in two clicks; axe", async ({
  page,
  request,
  people,
}) => {
  const data = await people.contabilizationClient();
  await openDesk(page, request, data.operator, data);
  await expect(page.getByText("Selecione uma conta para comecar")).toBeVisible();

  // accounts with blocks to post first, each with its count; the month and year of today selected
  const first = accountButton(page, data.accounts.first);
  const second = accountButton(page, data.accounts.second);
  await expect(first).toContainText("2 blocos a contabilizar");
  await expect(second).toContainText("1 bloco a contabilizar");
  await expect(page.getByRole("combobox", { name: "Ano" })).toHaveValue(String(data.year));
  await expect(page.getByRole("combobox", { name: "Mês" })).toHaveValue(String(data.month));
  await expect(page.getByRole("combobox", { name: "Mês" }).locator("option")).toHaveCount(data.month);

  await first.click();
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await expect(nextBlock(page)).toContainText(dateOf(data, 1));
  await expect(nextBlock(page)).toContainText("R$ 100,00");
  await expect(nextBlock(page).getByRole("img", { name: "Primeiro documento do bloco" })).toBeVisible();
  await expectNoAxeViolations(page, "contabilization desk, account chosen");

  await nextButton(page).click();
  await expect(nextBlock(page)).toContainText(dateOf(data, 2));
  await expect(nextBlock(page)).toContainText("R$ 250,50");
  await expect(page.getByTestId("next-count")).toHaveText("1 bloco a contabilizar");
  await expect(first).toContainText("1 bloco a contabilizar");
  await expect(lastRow(page, data.blocks.first[0])).toContainText("R$ 100,00");

  await nextButton(page).click();
  await expect(nextButton(page)).toHaveText("Sem blocos!");
  await expect(nextButton(page)).toHaveAttribute("aria-disabled", "true");
  await expect(nextBlock(page)).toHaveCount(0);
  await expect(page.getByTestId("next-count")).toHaveText("Nenhum bloco a contabilizar");
  // the account with nothing left goes below the one with a block to post
  await expect(page.locator("[data-account-id]").first()).toHaveAttribute(
    "data-account-id",
    String(data.accounts.second.id),
  );
  // the last three of the month, most recent first: the two posts, then the older one of 'second'
  await expect(lastList(page).locator("li")).toHaveCount(3);
  await expect(lastList(page).locator("li").first()).toHaveAttribute("data-block-id", String(data.blocks.first[1]));
  // clicking the disabled button posts nothing
  await nextButton(page).click({ force: true });
  await expect(nextButton(page)).toHaveText("Sem blocos!");

  // Desfazer: the first click only expands, the second undoes
  const row = lastRow(page, data.blocks.first[1]);
  await row.getByRole("button", { name: "Desfazer", exact: true }).click();
  const confirm = row.getByRole("button", { name: "Confirmar desfazer" });
  await expect(confirm).toHaveAttribute("aria-expanded", "true");
  await expect(row.getByText("Clique novamente para confirmar")).toBeVisible();
  await expect(nextButton(page)).toHaveText("Sem blocos!");
  await expectNoAxeViolations(page, "contabilization desk, 'Sem blocos!' and Desfazer expanded");
  await confirm.click();
  await expect(nextBlock(page)).toContainText(dateOf(data, 2));
  await expect(nextBlock(page)).toContainText("R$ 250,50");
  await expect(nextButton(page)).toHaveText("Proximo");
  await expect(page.getByTestId("next-count")).toHaveText("1 bloco a contabilizar");
  await expect(first).toContainText("1 bloco a contabilizar");
  await expect(lastRow(page, data.blocks.first[1])).toHaveCount(0);

  // the server agrees: /home/client's badge counts 2 to post (this block and the one of 'second')
  await page.getByRole("button", { name: "Voltar para o cliente" }).click();
  await expect(page).toHaveURL(/\/home\/client$/);
  await expect(page.getByTestId("side-contabilize")).toContainText("2");
});

test("[contabilization] keyboard only: choose an account, Proximo with Space, Desfazer twice with Enter", async ({
  page,
  request,
  people,
}) => {
  const data = await people.contabilizationClient();
  await openDesk(page, request, data.operator, data);
  const second = accountButton(page, data.accounts.second);
  await tabTo(page, second);
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(nextBlock(page)).toContainText("R$ 42,00");

  await tabTo(page, nextButton(page));
  await page.keyboard.press("Space");
  await expect(nextButton(page)).toHaveText("Sem blocos!");
  await expect(nextButton(page)).toBeFocused(); // aria-disabled: the focus is not lost

  const undo = lastRow(page, data.blocks.second).getByRole("button", { name: "Desfazer", exact: true });
  await tabTo(page, undo);
  await page.keyboard.press("Enter");
  const confirm = lastRow(page, data.blocks.second).getByRole("button", { name: "Confirmar desfazer" });
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(nextBlock(page)).toContainText("R$ 42,00");
  await expect(nextButton(page)).toHaveText("Proximo");
  await expect(nextButton(page)).toBeFocused(); // the undone block is the next again
});

test("[contabilization] 'Visualizar Historico' lists the account's contabilised blocks of the month; axe", async ({
  page,
  request,
  people,
}) => {
  const data = await people.contabilizationClient();
  await openDesk(page, request, data.operator, data);
  await accountButton(page, data.accounts.second).click();
  await nextButton(page).click();
  await expect(nextButton(page)).toHaveText("Sem blocos!");

  await page.getByRole("button", { name: "Visualizar Historico" }).click();
  const drawer = page.getByRole("dialog", { name: "Visualizar Historico" });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(`${data.accounts.second.code} - ${data.accounts.second.description}`);
  const items = drawer.getByTestId("history-list").locator("li");
  await expect(items).toHaveCount(2);
  // most recently posted first: the one just posted, then the one of an hour ago
  await expect(items.nth(0)).toHaveAttribute("data-block-id", String(data.blocks.second));
  await expect(items.nth(0)).toContainText("R$ 42,00");
  await expect(items.nth(1)).toHaveAttribute("data-block-id", String(data.blocks.posted));
  await expect(items.nth(1)).toContainText("R$ 7,00");
  await expect(drawer.locator(`[data-block-id="${data.blocks.first[0]}"]`)).toHaveCount(0);
  await expectNoAxeViolations(page, "history drawer");
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);

  // an account with nothing posted: the empty text
  await accountButton(page, data.accounts.first).click();
  await page.getByRole("button", { name: "Visualizar Historico" }).click();
  await expect(
    page.getByRole("dialog", { name: "Visualizar Historico" }).getByText("Sem itens nesta lista"),
  ).toBeVisible();
});

test("[contabilization] a second operator: Contabilizar disabled with the first's avatar, a post refused 409, the page names the holder until the first leaves", async ({
  page,
  request,
  browser,
  people,
}) => {
  const data = await people.contabilizationClient();
  await openDesk(page, request, data.operator, data);
  await expect(accountButton(page, data.accounts.first)).toBeVisible(); // the lease is taken

  const other = await secondOperator(browser, request, data);
  try {
    await other.page.goto("/home/client");
    const entry = other.page.getByTestId("side-contabilize");
    await expect(entry).toHaveAttribute("aria-disabled", "true");
    await expect(entry).toHaveAccessibleDescription(`${data.operator.name} está contabilizando este cliente.`);
    // the holder's avatar (initials: no photo) in place of the count badge
    await expect(entry).toContainText(
      data.operator.name
        .split(" ")
        .slice(0, 2)
        .map((part) => part[0])
        .join(""),
    );

    const held = `${data.operator.name} está contabilizando este cliente no momento. Aguarde até que termine para contabilizar.`;
    const refused = await other.page.request.post("/api/block/contabilize", {
      headers: { authorization: `Bearer ${other.tokens.access}` },
      data: { blockId: data.blocks.first[0], link: null },
    });
    expect(refused.status()).toBe(409);
    const body = (await refused.json()) as { error: { message: string; details: { holder: { name: string } } } };
    expect(body.error.message).toBe(held);
    expect(body.error.details.holder.name).toBe(data.operator.name);

    await other.page.goto("/home/client/contabilization");
    const notice = other.page.getByTestId("lease-held");
    await expect(notice).toContainText(held);
    await expect(notice).toContainText(
      data.operator.name
        .split(" ")
        .slice(0, 2)
        .map((part) => part[0])
        .join(""),
    );
    await expectNoAxeViolations(other.page, "contabilization desk held by another operator");

    // the first operator leaves (unsync): the second's page opens by itself at its next poll
    await page.getByRole("button", { name: "Voltar para o cliente" }).click();
    await expect(page).toHaveURL(/\/home\/client$/);
    await expect(notice).toHaveCount(0);
    await expect(accountButton(other.page, data.accounts.first)).toBeVisible();
    await expect(page.getByTestId("side-contabilize")).toHaveAttribute("aria-disabled", "true");
  } finally {
    await other.context.close();
  }
});

test("[contabilization] 'Ver documentos' on one's own desk says nothing of another operator; a colleague's viewer of the client does", async ({
  page,
  request,
  browser,
  people,
}) => {
  const BUSY = "Outro operador está trabalhando neste cliente: o bloco está somente para leitura.";
  const data = await people.contabilizationClient();
  const tokens = await openDesk(page, request, data.operator, data);
  await accountButton(page, data.accounts.first).click();
  await expect(nextBlock(page)).toBeVisible();
  const busy = await page.request.post("/api/client/busy", {
    headers: { authorization: `Bearer ${tokens.access}` },
    data: { clientId: data.client.id },
  });
  expect(((await busy.json()) as { data: { busy: unknown } }).data.busy).toBeNull();
  await nextBlock(page)
    .getByRole("button", { name: /Ver documentos/ })
    .click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByText("Na contabilização, o bloco fica somente para leitura.")).toBeVisible();
  await expect(viewer.getByText(BUSY)).toHaveCount(0);
  await page.keyboard.press("Escape");

  const other = await secondOperator(browser, request, data);
  try {
    await other.page.goto("/home/client");
    await other.page.getByRole("button", { name: "Visualizar Blocos" }).click();
    await other.page.locator(`[data-block-id="${data.blocks.first[0]}"]`).click();
    await expect(other.page.getByRole("dialog").getByText(BUSY)).toBeVisible();
  } finally {
    await other.context.close();
  }
});

test("[contabilization] the QR panel: a QR of the mobile link, the safety text, a new link once the phone used it; axe", async ({
  page,
  request,
  people,
}) => {
  const data = await people.contabilizationClient();
  await openDesk(page, request, data.operator, data);
  const toggle = page.getByRole("button", { name: "Contabilizar pelo celular" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("qr-code")).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  const qr = page.getByRole("img", { name: "QR code para contabilizar pelo celular" });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg")).toBeVisible();
  const origin = new URL(page.url()).origin;
  const url = await qr.getAttribute("data-url");
  expect(url).toMatch(new RegExp(`^${origin}/home/client/contabilization/mobile/[A-Za-z0-9_-]{43}$`));
  // the drawing is the QR of that address (the package drawn again here gives the same paths)
  const expected = await QRCode.toString(url ?? "", {
    type: "svg",
    margin: 0,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  const drawn = await qr.evaluate((element) => element.innerHTML);
  const paths = (svg: string) => svg.match(/ d="[^"]+"/g);
  expect(paths(drawn)).toEqual(paths(expected));
  await expect(page.getByTestId("qr-safety")).toHaveText(
    "Por segurança, o código funciona uma única vez por leitura: ao fechar ou recarregar a página no celular, será preciso escanear o código novamente.",
  );
  await expect(page.getByText(/^Código válido até \d\d:\d\d/)).toBeVisible();
  await expectNoAxeViolations(page, "contabilization desk, QR panel open");

  // a phone scans it: the link works once and the phone posts a block
  const link = (url ?? "").split("/mobile/")[1];
  const init = await request.post("/api/operator/contabilization/init", { data: { link } });
  expect(init.status()).toBe(200);
  const session = ((await init.json()) as { data: { session: string } }).data.session;
  const again = await request.post("/api/operator/contabilization/init", { data: { link } });
  expect(again.status()).toBe(410);
  const posted = await request.post("/api/block/contabilize", { data: { blockId: data.blocks.second, link: session } });
  expect(posted.status()).toBe(200);

  // the desk sees the phone's post at its next poll, and puts a new QR up
  await expect(lastRow(page, data.blocks.second)).toBeVisible();
  await expect(qr).not.toHaveAttribute("data-url", url ?? "");
  const fresh = await qr.getAttribute("data-url");
  const freshInit = await request.post("/api/operator/contabilization/init", {
    data: { link: (fresh ?? "").split("/mobile/")[1] },
  });
  expect(freshInit.status()).toBe(200);

  // 'Gerar novo código' replaces it on demand, and the replaced (unused) one no longer opens
  await page.getByRole("button", { name: "Gerar novo código" }).click();
  await expect(qr).not.toHaveAttribute("data-url", fresh ?? "");
  const third = await qr.getAttribute("data-url");
  await page.getByRole("button", { name: "Gerar novo código" }).click();
  await expect(qr).not.toHaveAttribute("data-url", third ?? "");
  const replaced = await request.post("/api/operator/contabilization/init", {
    data: { link: (third ?? "").split("/mobile/")[1] },
  });
  expect(replaced.status()).toBe(410);
});

test("[contabilization] logging out from the desk lets the client go at once: a colleague takes it without waiting for the lease to run out", async ({
  page,
  request,
  people,
}) => {
  const data = await people.contabilizationClient();
  await openDesk(page, request, data.operator, data);
  await expect(accountButton(page, data.accounts.first)).toBeVisible(); // the lease is taken
  const colleague = await apiLogin(request, data.colleague.email);
  const take = () =>
    request.post("/api/operator/sync/contabilize", {
      headers: { authorization: `Bearer ${colleague.access}` },
      data: { clientId: data.client.id, year: data.year, month: data.month },
    });
  expect((await take()).status()).toBe(409); // held by the first operator

  await page.getByTestId("profile-button").click();
  await page.getByRole("dialog", { name: "Conta" }).getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The desk let the lease go before the session ended (its 15 s had not run out).
  expect((await take()).status()).toBe(200);
});
