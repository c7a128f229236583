import type { APIRequestContext, Page } from "@playwright/test";
import type { Block } from "@/lib/contract/blocks";
import { messages } from "@/lib/i18n/messages";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test, type MobileContabilizationClient } from "./support/data";
import { apiLogin } from "./support/session";

// The phone's contabilization pages opened by the QR code, at 390×844: the one-time
// link leaves the address bar and is exchanged once; the session lives in memory only (a reload or a
// second opening of the link asks for a new scan); the pages answer no-referrer and no-store.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
test.use(PHONE);

const MOBILE = "/home/client/contabilization/mobile";
const t = messages.contabilizationMobile;

/** The desk's step: the operator asks /api/operator/contabilization/link for the QR's one-time token. */
async function qrLink(
  request: APIRequestContext,
  data: MobileContabilizationClient,
): Promise<{ link: string; access: string }> {
  const { access } = await apiLogin(request, data.operator.email);
  const response = await request.post("/api/operator/contabilization/link", {
    data: { clientId: data.client.id },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.status()).toBe(200);
  const { link } = ((await response.json()) as { data: { link: string } }).data;
  expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { link, access };
}

/** What the desk's history says of an account (the API with the operator's bearer token). */
async function deskHistory(
  request: APIRequestContext,
  access: string,
  data: MobileContabilizationClient,
  accountId: number,
): Promise<Block[]> {
  const response = await request.post("/api/operator/contabilization/history", {
    data: { clientId: data.client.id, year: data.year, month: data.month, accountId },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Block[] }).data;
}

const scanAgain = (page: Page) => page.getByRole("heading", { level: 1, name: t.scanAgainTitle });
const nextBlock = (page: Page) => page.getByTestId("mobile-next-block");
const proximo = (page: Page) => page.getByRole("button", { name: t.next, exact: true });
const semBlocos = (page: Page) => page.getByRole("button", { name: t.noBlocks, exact: true });

/** The image shown has really loaded (a signed document link answered with a picture). */
async function expectImageLoaded(page: Page, name: string) {
  const image = nextBlock(page).getByRole("img", { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0))
    .toBe(true);
}

test("[mobile] the QR link opens once, leaves the address bar, and posts an account's blocks to 'Sem blocos!'; history and the API agree; axe", async ({
  page,
  request,
  people,
}) => {
  // a long journey with six axe runs: 45-95 s measured on the shared 2-core machine at load 14
  test.setTimeout(150_000);
  const data = await people.mobileContabilizationClient();
  const { link, access } = await qrLink(request, data);
  const { water, office } = data.accounts;

  const referers: string[] = [];
  page.on("request", (req) => {
    const referer = req.headers()["referer"];
    if (referer) referers.push(referer);
  });

  await page.goto(`${MOBILE}/${link}`);
  await expect(page.getByTestId("mobile-operator")).toHaveText(`${t.operator}: ${data.operator.name}`);
  await expect(page.getByText(data.client.name)).toBeVisible();
  // the token is gone from the address bar and from the history entry
  await expect(page).toHaveURL(new RegExp(`${MOBILE}$`));
  expect(page.url()).not.toContain(link);
  expect(await page.evaluate(() => location.href)).not.toContain(link);
  await expect(page.getByTestId("mobile-account")).toHaveText(t.chooseAccount);
  await expect(page.getByRole("region", { name: t.nextBlock })).toContainText(t.chooseAccount);
  await expect(proximo(page)).toBeDisabled();
  await expectNoAxeViolations(page, "mobile main, no account");

  // choose an account in the list, through 'Buscar conta' (accent- and case-insensitive)
  await page.getByRole("link", { name: new RegExp(t.chooseAccount) }).click();
  await expect(page).toHaveURL(new RegExp(`${MOBILE}/list$`));
  const accounts = page.getByRole("list", { name: t.accounts });
  await expect(accounts.getByRole("button")).toHaveCount(2);
  await expect(
    accounts.getByRole("button", { name: new RegExp(`${water.code}.*2 blocos a contabilizar`) }),
  ).toBeVisible();
  await expect(
    accounts.getByRole("button", { name: new RegExp(`${office.code}.*1 bloco a contabilizar`) }),
  ).toBeVisible();
  await expectNoAxeViolations(page, "mobile list");
  const search = page.getByRole("searchbox", { name: t.search });
  await search.fill("zzz-nada");
  await expect(page.getByText(messages.common.emptyList)).toBeVisible();
  await search.fill("AGUA E ESGOTO");
  await expect(accounts.getByRole("button")).toHaveCount(1);
  await accounts.getByRole("button", { name: new RegExp(water.code) }).click();

  // back on main with the account: its next block, Data, Valor and a real image
  await expect(page).toHaveURL(new RegExp(`${MOBILE}$`));
  await expect(page.getByTestId("mobile-account")).toHaveText(`${water.code} - ${water.description}`);
  await expect(nextBlock(page)).toContainText("R$ ");
  await expect(nextBlock(page)).toContainText(/\d\d\/\d\d\/\d{4}/);
  await expectImageLoaded(page, "Documento 1 de 2");
  await nextBlock(page).getByRole("button", { name: "Ver documento 2 de 2" }).click();
  await expectImageLoaded(page, "Documento 2 de 2");
  await expectNoAxeViolations(page, "mobile main with an account");

  // Proximo until 'Sem blocos!'
  const posted: number[] = [];
  for (let i = 0; i < water.blocks.length; i += 1) {
    const id = Number(await nextBlock(page).getAttribute("data-block-id"));
    posted.push(id);
    await proximo(page).click();
    await expect(page.locator(`[data-testid=mobile-next-block][data-block-id="${id}"]`)).toHaveCount(0);
  }
  expect(posted.toSorted()).toEqual(water.blocks.toSorted());
  await expect(semBlocos(page)).toBeDisabled();
  await expect(page.getByText(t.emptyMonth)).toBeVisible();
  await expect(page.getByTestId("mobile-last").getByRole("listitem")).toHaveCount(2);

  // the two-step Desfazer: the first tap arms it, Confirmar undoes; the block is back as the next one
  const last = page.getByTestId("mobile-last").getByRole("listitem").first();
  await last.getByRole("button", { name: /^Desfazer a contabilização/ }).click();
  const confirm = last.getByRole("button", { name: /^Confirmar: desfazer/ });
  await expect(confirm).toBeFocused();
  await expectNoAxeViolations(page, "mobile main, undo armed");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("mobile-last").getByRole("listitem")).toHaveCount(1);
  await expect(proximo(page)).toBeEnabled();
  expect(await deskHistory(request, access, data, water.id)).toHaveLength(1);
  await proximo(page).click();
  await expect(semBlocos(page)).toBeDisabled();

  // history: both blocks of the account, most recently posted first
  await page.getByRole("link", { name: t.history }).click();
  await expect(page).toHaveURL(new RegExp(`${MOBILE}/history$`));
  await expect(page.getByRole("heading", { level: 1, name: t.historyTitle })).toBeVisible();
  await expect(page.getByTestId("mobile-history").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("mobile-history")).toContainText("R$ 123,45");
  await expect(page.getByTestId("mobile-history")).toContainText("R$ 67,80");
  await expectNoAxeViolations(page, "mobile history");

  // the server agrees: both posted, the other account untouched
  const desk = await deskHistory(request, access, data, water.id);
  expect(desk.map((block) => block.id).toSorted()).toEqual(water.blocks.toSorted());
  expect(desk.every((block) => typeof block.contabilizedDatetime === "string")).toBe(true);
  expect(await deskHistory(request, access, data, office.id)).toEqual([]);

  // back to main keeps the session, the month and the account (client-side navigation)
  await page.getByRole("link", { name: t.back }).click();
  await expect(page.getByTestId("mobile-account")).toHaveText(`${water.code} - ${water.description}`);
  // a month with nothing: the account resets, the empty text shows
  // (the month before; in January, January of the year before: the current year lists no month after this one)
  const monthSelect = page.getByRole("combobox", { name: t.month });
  await expect(monthSelect.getByRole("option")).toHaveCount(data.month); // no 'Todos', nothing after the current month
  if (data.month === 1) await page.getByRole("combobox", { name: t.year }).selectOption(String(data.year - 1));
  else await monthSelect.selectOption(String(data.month - 1));
  await expect(page.getByTestId("mobile-account")).toHaveText(t.chooseAccount);
  await expect(page.getByText(t.emptyMonth)).toBeVisible();
  await page.getByRole("link", { name: t.history }).click();
  await expect(page.getByText(t.chooseAccount, { exact: true })).toBeVisible();

  // no request of these pages carried the link in its Referer (none carried a Referer at all)
  expect(referers.filter((referer) => referer.includes(link))).toEqual([]);
});

test("[mobile] the same link opened a second time asks to scan again; axe", async ({ browser, request, people }) => {
  test.setTimeout(90_000);
  const data = await people.mobileContabilizationClient();
  const { link } = await qrLink(request, data);

  const first = await browser.newContext(PHONE);
  const phone = await first.newPage();
  await phone.goto(`${MOBILE}/${link}`);
  await expect(phone.getByTestId("mobile-operator")).toContainText(data.operator.name);
  await first.close();

  const second = await browser.newContext(PHONE);
  const again = await second.newPage();
  await again.goto(`${MOBILE}/${link}`);
  await expect(scanAgain(again)).toBeVisible();
  await expect(again.getByRole("main")).toContainText(messages.contabilization.linkUsed);
  await expect(again.getByTestId("mobile-operator")).toHaveCount(0);
  expect(again.url()).not.toContain(link);
  await expectNoAxeViolations(again, "mobile scan again (used link)");
  await second.close();

  // an unknown link: the server's 404 message
  const third = await browser.newContext(PHONE);
  const unknown = await third.newPage();
  await unknown.goto(`${MOBILE}/${"A".repeat(43)}`);
  await expect(scanAgain(unknown)).toBeVisible();
  await expect(unknown.getByRole("main")).toContainText(messages.contabilization.linkUnknown);
  // a link whose escapes are malformed: the page renders (never a 500), and the exchange refuses the
  // link's form (400) with its message
  expect((await unknown.goto(`${MOBILE}/%E0%A4%A`))?.status()).toBe(200);
  await expect(scanAgain(unknown)).toBeVisible();
  await expect(unknown.getByRole("main")).toContainText(messages.contabilization.invalidLink);
  await third.close();
});

test("[mobile] a reload loses the session: scan again; list and history are pages, not tokens", async ({
  page,
  request,
  people,
}) => {
  const data = await people.mobileContabilizationClient();
  const { link } = await qrLink(request, data);
  const init = page.waitForResponse((response) => response.url().endsWith("/api/operator/contabilization/init"));
  await page.goto(`${MOBILE}/${link}`);
  const { session } = ((await (await init).json()) as { data: { session: string } }).data;
  await expect(page.getByTestId("mobile-operator")).toContainText(data.operator.name);
  await expect(page).toHaveURL(new RegExp(`${MOBILE}$`));
  // the session works while the page lives
  expect((await request.post("/api/operator/contabilization/mobile", { data: { link: session } })).status()).toBe(200);

  await page.reload();
  await expect(scanAgain(page)).toBeVisible();
  await expect(page.getByRole("main")).toContainText(t.scanAgainText);
  await expect(page.getByTestId("mobile-operator")).toHaveCount(0);
  // leaving the page ended the session on the server too (its keepalive POST /end)
  await expect
    .poll(async () =>
      (await request.post("/api/operator/contabilization/mobile", { data: { link: session } })).status(),
    )
    .toBe(401);

  // /mobile/list and /mobile/history opened fresh: no exchange is tried (static segments win over [token])
  const inits: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/operator/contabilization/init")) inits.push(req.url());
  });
  for (const path of [`${MOBILE}/list`, `${MOBILE}/history`]) {
    await page.goto(path);
    await expect(scanAgain(page)).toBeVisible();
  }
  expect(inits).toEqual([]);
});

test("[mobile] the pages answer Referrer-Policy no-referrer and Cache-Control no-store", async ({
  page,
  request,
  people,
}) => {
  const data = await people.mobileContabilizationClient();
  const { link } = await qrLink(request, data);
  const response = await page.goto(`${MOBILE}/${link}`);
  expect(response).not.toBeNull();
  const headers = response!.headers();
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["cache-control"]).toContain("no-store");
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  await expect(page.getByTestId("mobile-operator")).toContainText(data.operator.name);

  for (const path of [MOBILE, `${MOBILE}/list`, `${MOBILE}/history`]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["referrer-policy"], path).toBe("no-referrer");
    expect(answer.headers()["cache-control"], path).toContain("no-store");
  }
  // the rest of the app keeps its own policy
  const login = await request.get("/login");
  expect(login.headers()["referrer-policy"]).toBe("same-origin");
});

test("[mobile] another operator taking the client shows its message and stops Proximo until it lets go", async ({
  page,
  request,
  people,
}) => {
  const data = await people.mobileContabilizationClient();
  const { link } = await qrLink(request, data);
  await page.goto(`${MOBILE}/${link}`);
  await expect(page.getByTestId("mobile-operator")).toContainText(data.operator.name);
  await page.getByRole("link", { name: new RegExp(t.chooseAccount) }).click();
  await page
    .getByRole("list", { name: t.accounts })
    .getByRole("button", { name: new RegExp(data.accounts.water.code) })
    .click();
  await expect(proximo(page)).toBeEnabled();

  // the next poll answers 409 with the holder's name: shown as the server says it, Proximo disabled
  const rival = await data.takeOver();
  const held = page.getByRole("main").getByRole("alert");
  await expect(held).toHaveText(messages.contabilization.held(rival.name));
  await expect(proximo(page)).toBeDisabled();
  await expectNoAxeViolations(page, "mobile main, client held by another operator");

  // it lets go: the next poll takes the lease back, the message leaves and Proximo posts again
  await rival.release();
  await expect(held).toHaveCount(0);
  await expect(proximo(page)).toBeEnabled();
  await proximo(page).click();
  await expect(page.getByTestId("mobile-last").getByRole("listitem")).toHaveCount(1);
});
