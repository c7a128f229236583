import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { monthNames } from "@/lib/format/dates";
import { expect, test, type CategorizationClient, type Person } from "./support/data";
import { chooseAccountByKeyboard, expectFocusTrapped, tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// The categorization screen on clients of the test's own (people.categorizationClient:
// N uncategorised blocks of this month, two rendered receipts each, the client shared with a colleague).
// The queue hands out the oldest block first; the next one's images are decoded ahead, so that after
// 'Salvar Bloco' it shows from memory.

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const EMPTY = "Não há blocos disponíveis para serem categorizados.";

function saoPauloToday(): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

const shown = (page: Page) => page.getByTestId("categorize-block");
const count = (page: Page) => page.getByTestId("uncategorized-count");
/** The header's avatars, in order (the caller first, 'Você'); the poll runs every 5 s. */
async function expectOperators(page: Page, labels: string[]): Promise<void> {
  const items = page.getByRole("list", { name: "Operadores categorizando este cliente" }).getByRole("listitem");
  await expect(items).toHaveCount(labels.length);
  for (const [i, label] of labels.entries()) await expect(items.nth(i)).toHaveAttribute("title", label);
}
const blockImage = (page: Page, blockId: number) => page.locator(`img[data-block-image="${blockId}"]`);

/** Logs in as `who`, puts the client in this tab's state and opens `path`. */
async function open(
  page: Page,
  request: APIRequestContext,
  who: Person,
  client: CategorizationClient["client"],
  path: string,
): Promise<void> {
  await openLoggedIn(page, await apiLogin(request, who.email), "accounting", "/register");
  await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), client);
  await page.goto(path);
}

async function openCategorization(
  page: Page,
  request: APIRequestContext,
  who: Person,
  client: CategorizationClient["client"],
): Promise<number> {
  await open(page, request, who, client, "/home/client/categorization");
  await expect(page.getByRole("heading", { level: 1, name: "Categorizar blocos" })).toBeVisible();
  await expect(shown(page)).toBeVisible();
  return Number(await shown(page).getAttribute("data-current-block"));
}

/**
 * Records, for every block image the screen inserts, whether it was already complete and decoded at the
 * moment it entered the document (a MutationObserver callback runs before the next paint), and whether
 * a loading indicator (aria-busy) was on the screen then.
 */
async function watchImages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Record<string, { complete: boolean; width: number; busy: boolean }> = {};
    (window as unknown as { __blockImages: typeof seen }).__blockImages = seen;
    const record = (image: HTMLImageElement) => {
      const id = image.dataset.blockImage;
      if (!id || seen[id]) return;
      seen[id] = {
        complete: image.complete,
        width: image.naturalWidth,
        busy: document.querySelector("main [aria-busy=true]") !== null,
      };
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          if (node instanceof HTMLImageElement) record(node);
          node.querySelectorAll<HTMLImageElement>("img[data-block-image]").forEach(record);
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const imageRecord = (page: Page, blockId: number) =>
  page.evaluate(
    (id) =>
      (window as unknown as { __blockImages: Record<string, { complete: boolean; width: number; busy: boolean }> })
        .__blockImages[id] ?? null,
    String(blockId),
  );

/** The keyboard path of one block: the account (focused), value, day, month, year, Enter. */
async function categorizeByKeyboard(
  page: Page,
  data: CategorizationClient,
  cents: string,
  next?: number,
): Promise<void> {
  const today = saoPauloToday();
  await chooseAccountByKeyboard(page, data.account);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Valor")).toBeFocused();
  await page.keyboard.type(cents);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Dia", { exact: true })).toBeFocused();
  await page.keyboard.type(String(today.day).padStart(2, "0"));
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Mês", { exact: true })).toBeFocused();
  await page.keyboard.type(monthNames[today.month - 1]);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Ano", { exact: true })).toBeFocused();
  await page.keyboard.type(String(today.year));
  await expect(page.getByLabel("Dia", { exact: true })).toHaveValue(String(today.day));
  await expect(page.getByLabel("Mês", { exact: true })).toHaveValue(String(today.month));
  await expect(page.getByRole("button", { name: "Salvar Bloco" })).toBeEnabled();
  // the screen has fetched and decoded the next block's images by now (on a loaded machine, wait for it)
  if (next !== undefined)
    await expect(page.locator(`main[data-next-block="${next}"][data-next-ready="true"]`)).toBeAttached();
  await page.keyboard.press("Enter");
}

test("[categorization] a month of blocks by keyboard alone: each next block paints from memory, the count goes down, then the empty text; axe", async ({
  page,
  request,
  people,
}) => {
  const data = await people.categorizationClient({ blocks: 6 });
  const ids = data.blocks.map((block) => block.id);
  // from the client's page, by keyboard: the side bar's Categorizar
  await open(page, request, data.owner, data.client, "/home/client");
  const link = page.getByRole("link", { name: /^Categorizar/ });
  await tabTo(page, link, 80);
  await watchImages(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home\/client\/categorization$/);
  await expect(page.getByRole("heading", { level: 1, name: "Categorizar blocos" })).toBeVisible();
  // the oldest first, the operator labelled 'Você', the shortcuts on screen
  await expect(shown(page)).toHaveAttribute("data-current-block", String(ids[0]));
  await expect(count(page)).toHaveText("6 blocos não categorizados");
  await expectOperators(page, ["Você"]);
  await expect(page.getByRole("region", { name: "Atalhos do teclado" })).toContainText("Alt");
  await expect(blockImage(page, ids[0])).toBeVisible();
  await expectNoAxeViolations(page, "categorization screen");

  for (let i = 0; i < ids.length; i += 1) {
    await categorizeByKeyboard(page, data, String(1_000 + i * 111), ids[i + 1]);
    if (i + 1 < ids.length) {
      const next = ids[i + 1];
      await expect(shown(page)).toHaveAttribute("data-current-block", String(next));
      await expect(blockImage(page, next)).toBeVisible();
      // decoded before it was inserted: no blank, no spinner between the blocks
      const record = await imageRecord(page, next);
      expect(record, `block ${next} image`).toMatchObject({ complete: true, busy: false });
      expect(record?.width ?? 0).toBeGreaterThan(0);
      await expect(count(page)).toHaveText(
        ids.length - i - 1 === 1 ? "1 bloco não categorizado" : `${ids.length - i - 1} blocos não categorizados`,
      );
    }
  }
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(count(page)).toHaveText("0 blocos não categorizados");
  await expectNoAxeViolations(page, "categorization empty");

  // every block saved with the keyboard's values, by this operator
  const blocks = await listBlocks(request, data);
  for (const [i, id] of ids.entries())
    expect(blocks.get(id), `block ${id}`).toMatchObject({
      accountId: data.account.id,
      value: ((1_000 + i * 111) / 100).toFixed(2),
    });
});

/** The client's blocks by id, through /api/block/list (this month's). */
async function listBlocks(
  request: APIRequestContext,
  data: CategorizationClient,
): Promise<Map<number, { accountId: number | null; value: string | null }>> {
  const { access } = await apiLogin(request, data.owner.email);
  const response = await request.post("/api/block/list", {
    headers: { authorization: `Bearer ${access}` },
    data: { clientId: data.client.id },
  });
  expect(response.status()).toBe(200);
  const found = new Map<number, { accountId: number | null; value: string | null }>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const record = value as { id?: unknown; accountId?: unknown; value?: unknown; version?: unknown };
      if (typeof record.id === "number" && "version" in record)
        found.set(record.id, { accountId: record.accountId as number | null, value: record.value as string | null });
      else Object.values(value).forEach(walk);
    }
  };
  walk(((await response.json()) as { data: unknown }).data);
  return found;
}

test("[categorization] reports a problem: the client solves it on /pendencyblock and the block comes back to the queue; axe on the dialog", async ({
  page,
  request,
  people,
  browser,
}) => {
  const data = await people.categorizationClient({ blocks: 2 });
  const [first, second] = data.blocks.map((block) => block.id);
  const current = await openCategorization(page, request, data.owner, data.client);
  expect(current).toBe(first);
  await expect(page.getByRole("combobox", { name: "Conta" })).toBeFocused();

  // Alt+P opens the dialog: 'O que aconteceu?' with the three issues, 'Observação' 4 lines
  await page.keyboard.press("Alt+KeyP");
  const dialog = page.getByRole("dialog", { name: "Reportar problema" });
  await expect(dialog).toBeVisible();
  const issue = dialog.getByLabel("O que aconteceu?");
  await expect(issue.locator("option")).toHaveText([
    "Baixa qualidade das fotos/documentos",
    "Documentos não compatíveis",
    "Bloco incompleto",
  ]);
  const note = dialog.getByLabel("Observação");
  await expect(note).toHaveAttribute("placeholder", "Nenhuma observação");
  await expect(note).toHaveAttribute("rows", "4");
  await expectNoAxeViolations(page, "report dialog");
  await expectFocusTrapped(page, dialog);
  await issue.focus();
  await page.keyboard.type("Bloco");
  await expect(issue).toHaveValue("2");
  await page.keyboard.press("Tab");
  await expect(note).toBeFocused();
  await page.keyboard.type("Falta a nota da segunda compra");
  await tabTo(page, dialog.getByRole("button", { name: "Enviar" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(shown(page)).toHaveAttribute("data-current-block", String(second));
  await expect(count(page)).toHaveText("1 bloco não categorizado");

  // the company's owner sees it in Blocos com pendencia and sends it back without changes
  const business = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const client = await business.newPage();
    await openLoggedIn(client, await apiLogin(request, data.business.email), "bussiness", "/pendencyblock");
    await expect(client.locator("#pendency-issue")).toHaveText("Bloco incompleto");
    await expect(client.getByText("Falta a nota da segunda compra")).toBeVisible();
    await client.getByRole("button", { name: "Enviar solução" }).click();
    await client.getByRole("alertdialog", { name: "Atenção" }).getByRole("button", { name: "Continuar" }).click();
    await expect(client.getByText("Pendência resolvida!")).toBeVisible({ timeout: 30_000 });
  } finally {
    await business.close();
  }

  // back in the office: the poll sees the solved block in the queue again and the screen takes it as
  // the next one (its images decoded ahead): after the one on screen it shows from memory
  await expect(count(page)).toHaveText("2 blocos não categorizados");
  await watchImages(page);
  await categorizeByKeyboard(page, data, "4200", first);
  await expect(shown(page)).toHaveAttribute("data-current-block", String(first));
  expect(await imageRecord(page, first)).toMatchObject({ complete: true, busy: false });
});

test("[categorization] a report on its way keeps its dialog open (Escape does nothing); answered, the next block shows", async ({
  page,
  request,
  people,
}) => {
  const data = await people.categorizationClient({ blocks: 2 });
  const [first, second] = data.blocks.map((block) => block.id);
  expect(await openCategorization(page, request, data.owner, data.client)).toBe(first);
  // The report is held on its way until Escape has been pressed (state, not time).
  let release!: () => void;
  const pressed = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/pendency/create", async (route) => {
    await pressed;
    await route.continue();
  });
  await page.keyboard.press("Alt+KeyP");
  const dialog = page.getByRole("dialog", { name: "Reportar problema" });
  await dialog.getByRole("button", { name: "Enviar" }).click();
  await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  release();
  await expect(dialog).toHaveCount(0);
  await expect(shown(page)).toHaveAttribute("data-current-block", String(second));
  await expect(count(page)).toHaveText("1 bloco não categorizado");
});

test("[categorization] devolves a block after the confirmation: it leaves the queue and its documents are in the client's Devolvidos", async ({
  page,
  request,
  people,
  browser,
}) => {
  const data = await people.categorizationClient({ blocks: 2 });
  const [first, second] = data.blocks;
  await openCategorization(page, request, data.owner, data.client);
  await page.keyboard.press("Alt+KeyV");
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toContainText("Tem certeza que deseja devolver este bloco?");
  await expectNoAxeViolations(page, "devolve confirmation");
  await tabTo(page, confirm.getByRole("button", { name: "Continuar" }));
  await page.keyboard.press("Enter");
  await expect(shown(page)).toHaveAttribute("data-current-block", String(second.id));
  await expect(count(page)).toHaveText("1 bloco não categorizado");

  const business = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const client = await business.newPage();
    await openLoggedIn(client, await apiLogin(request, data.business.email), "bussiness", "/devolveds");
    await expect(client.getByRole("heading", { level: 1, name: "Devolvidos" })).toBeVisible();
    for (const documentId of first.documentIds)
      await expect(client.locator(`[data-testid=devolved-document][data-document-id="${documentId}"]`)).toBeVisible();
    for (const documentId of second.documentIds)
      await expect(client.locator(`[data-document-id="${documentId}"]`)).toHaveCount(0);
  } finally {
    await business.close();
  }
});

async function contextPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

test("[categorization] two operators side by side: each sees the other's avatar, never the same block; the client's viewer is read-only for the one not categorising", async ({
  page,
  request,
  people,
  browser,
}) => {
  // eight blocks: each operator holds two at a time (the one on screen and the prefetched next) and
  // shows three, so neither runs out whichever save lands first
  const data = await people.categorizationClient({ blocks: 8 });
  const ids = data.blocks.map((block) => block.id);
  const mine = await openCategorization(page, request, data.owner, data.client);
  const colleague = await contextPage(browser);
  try {
    const theirs = await openCategorization(colleague, request, data.colleague, data.client);
    // tocategorize claims two blocks each: four different blocks between them
    expect(theirs).not.toBe(mine);
    expect([ids[0], ids[1]]).toContain(mine);
    expect([ids[2], ids[3]]).toContain(theirs);
    await expectOperators(page, ["Você", data.colleague.name]);
    await expectOperators(colleague, ["Você", data.owner.name]);

    // both save: neither is ever shown a block the other had on screen. Each save is waited on until it
    // landed and the screen claimed and decoded its new next block (the state, not a time)
    const seen = { mine: new Set([mine]), theirs: new Set([theirs]) };
    const saveAndSettle = async (screen: Page, cents: string) => {
      const before = await shown(screen).getAttribute("data-current-block");
      await categorizeByKeyboard(screen, data, cents);
      await expect(shown(screen)).not.toHaveAttribute("data-current-block", before ?? "");
      await expect(screen.locator('main[data-next-ready="true"]')).toBeAttached({ timeout: 30_000 });
      return Number(await shown(screen).getAttribute("data-current-block"));
    };
    for (let round = 0; round < 2; round += 1) {
      const a = await saveAndSettle(page, "1500");
      const b = await saveAndSettle(colleague, "2500");
      expect(a).not.toBe(b);
      seen.mine.add(a);
      seen.theirs.add(b);
    }
    for (const id of seen.mine) expect(seen.theirs.has(id), `block ${id} on both screens`).toBe(false);

    // the colleague leaves for the client's page while the owner keeps categorising: busy, read-only
    await colleague.getByRole("button", { name: "Voltar para o cliente" }).click();
    await expect(colleague).toHaveURL(/\/home\/client$/);
    const banner = colleague.getByText(
      `${data.owner.name} está trabalhando neste cliente: os blocos ficam somente para leitura.`,
    );
    await expect(banner).toBeVisible();
    await colleague.getByRole("button", { name: "Visualizar Blocos" }).click();
    await colleague.locator(`[data-block-id="${mine}"]`).click();
    const viewer = colleague.getByRole("dialog", { name: "Bloco" });
    await expect(
      viewer.getByText("Outro operador está trabalhando neste cliente: o bloco está somente para leitura."),
    ).toBeVisible();
    await expect(viewer.getByRole("combobox", { name: "Conta" })).toHaveAttribute("readonly", "");
    await expect(viewer.getByRole("button", { name: "Salvar Bloco" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "Devolver bloco" })).toHaveCount(0);
    await colleague.keyboard.press("Escape");

    // the owner's header lost the colleague (unsynced on leaving); when the owner leaves, the client is free
    await expectOperators(page, ["Você"]);
    await page.getByRole("button", { name: "Voltar para o cliente" }).click();
    await expect(page).toHaveURL(/\/home\/client$/);
    await expect(banner).toHaveCount(0);
  } finally {
    await colleague.context().close();
  }
});

test("[categorization] a stale save: a colleague saved the block meanwhile; the fresh block shows with the server's message, and saving again goes on", async ({
  page,
  request,
  people,
}) => {
  const data = await people.categorizationClient({ blocks: 2 });
  const [first, second] = data.blocks;
  expect(await openCategorization(page, request, data.owner, data.client)).toBe(first.id);
  // the colleague, on the screen too (its presence: side by side, not busy for each other), saves the
  // same block through the API (a claim never blocks a save; the version does)
  const { access } = await apiLogin(request, data.colleague.email);
  const sync = await request.post("/api/operator/sync/block", {
    headers: { authorization: `Bearer ${access}` },
    data: { clientId: data.client.id },
  });
  expect(sync.status()).toBe(200);
  const today = saoPauloToday();
  const date = `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`;
  const saved = await request.post("/api/block/save", {
    headers: { authorization: `Bearer ${access}` },
    data: { block: { id: first.id, date, value: "77.70", accountId: data.account.id }, version: first.version },
  });
  expect(saved.status()).toBe(200);

  await categorizeByKeyboard(page, data, "1234");
  await expect(
    page.getByText("Este bloco foi alterado por outro operador. Recarregamos os dados mais recentes."),
  ).toBeVisible();
  await expect(shown(page)).toHaveAttribute("data-current-block", String(first.id));
  await expect(page.getByLabel("Valor")).toHaveValue("R$ 77,70");
  await expect(page.getByRole("combobox", { name: "Conta" })).toHaveValue(
    `${data.account.code} - ${data.account.description}`,
  );
  await page.getByRole("button", { name: "Salvar Bloco" }).click();
  await expect(shown(page)).toHaveAttribute("data-current-block", String(second.id));
});

test("[categorization] a failed save after the screen moved on: the next block shows at once, a second save goes through meanwhile, the failed block comes back with the server's message and nothing is lost (what was typed on the block it pushed back included)", async ({
  page,
  request,
  people,
}) => {
  const data = await people.categorizationClient({ blocks: 3 });
  const [first, second, third] = data.blocks;
  expect(await openCategorization(page, request, data.owner, data.client)).toBe(first.id);
  await expect(count(page)).toHaveText("3 blocos não categorizados");
  // a colleague on the screen saves the first block through the API: this operator's save of it is stale
  const { access } = await apiLogin(request, data.colleague.email);
  const headers = { authorization: `Bearer ${access}` };
  expect(
    (await request.post("/api/operator/sync/block", { headers, data: { clientId: data.client.id } })).status(),
  ).toBe(200);
  const today = saoPauloToday();
  const date = `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`;
  const colleagueSave = await request.post("/api/block/save", {
    headers,
    data: { block: { id: first.id, date, value: "77.70", accountId: data.account.id }, version: first.version },
  });
  expect(colleagueSave.status()).toBe(200);

  // the first block's save is held on its way to the server (the real server answers it, later), so that
  // the second block is saved while the first is still in flight
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const firstAnswer = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/block/save") && response.request().postDataJSON()?.block?.id === first.id,
  );
  await page.route("**/api/block/save", async (route) => {
    if (route.request().postDataJSON()?.block?.id === first.id) await held;
    await route.continue();
  });

  await categorizeByKeyboard(page, data, "1234", second.id);
  // optimistic: the second block is on screen while the first one's save has not even reached the server
  await expect(shown(page)).toHaveAttribute("data-current-block", String(second.id));
  const secondAnswer = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/block/save") && response.request().postDataJSON()?.block?.id === second.id,
  );
  await categorizeByKeyboard(page, data, "5678");
  expect((await secondAnswer).status()).toBe(200);
  // the queue never hands the first block back while its save is on its way: the third one comes
  await expect(shown(page)).toHaveAttribute("data-current-block", String(third.id));
  // a value typed on the third block, not saved yet, when the first one's answer lands
  await expect(page.getByRole("combobox", { name: "Conta" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Valor")).toBeFocused();
  await page.keyboard.type("4242");
  await expect(page.getByLabel("Valor")).toHaveValue("R$ 42,42");

  release();
  expect((await firstAnswer).status()).toBe(409);
  await expect(
    page.getByText("Este bloco foi alterado por outro operador. Recarregamos os dados mais recentes."),
  ).toBeVisible();
  await expect(shown(page)).toHaveAttribute("data-current-block", String(first.id));
  await expect(page.getByLabel("Valor")).toHaveValue("R$ 77,70");
  await page.unroute("**/api/block/save");

  // saving again goes on: the third block (not the second, saved) with what was typed on it, then the empty queue
  await page.getByRole("button", { name: "Salvar Bloco" }).click();
  await expect(shown(page)).toHaveAttribute("data-current-block", String(third.id));
  await expect(page.getByLabel("Valor")).toHaveValue("R$ 42,42");
  await categorizeByKeyboard(page, data, "9999");
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(count(page)).toHaveText("0 blocos não categorizados");
});

test("[categorization] the first save made offline: the block comes back as typed, saying 'Erro de conexão'; online again, it saves", async ({
  page,
  request,
  people,
}) => {
  const data = await people.categorizationClient({ blocks: 2 });
  const [first, second] = data.blocks;
  expect(await openCategorization(page, request, data.owner, data.client)).toBe(first.id);
  await expect(page.locator(`main[data-next-block="${second.id}"][data-next-ready="true"]`)).toBeAttached();
  // Offline before the first save: the save and the code that reads a refused save's answer both fail.
  await page.context().setOffline(true);
  await categorizeByKeyboard(page, data, "4321");
  await expect(page.getByText("Erro de conexão")).toBeVisible();
  await expect(shown(page)).toHaveAttribute("data-current-block", String(first.id));
  await expect(page.getByLabel("Valor")).toHaveValue("R$ 43,21");
  await expect(count(page)).toHaveText("2 blocos não categorizados");
  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Salvar Bloco" }).click();
  await expect(shown(page)).toHaveAttribute("data-current-block", String(second.id));
  await expect(count(page)).toHaveText("1 bloco não categorizado");
});

test("[categorization] the only block left is a colleague's: the empty text says who holds it, with the avatar; the side bar's badge is the header's count; axe", async ({
  page,
  request,
  people,
  browser,
}) => {
  const data = await people.categorizationClient({ blocks: 1 });
  await openCategorization(page, request, data.owner, data.client); // the owner's screen claims the block
  const colleague = await contextPage(browser);
  try {
    await open(colleague, request, data.colleague, data.client, "/home/client");
    await expect(colleague.getByTestId("side-categorize")).toContainText("1");
    await colleague.getByTestId("side-categorize").click();
    await expect(colleague.getByRole("status").filter({ hasText: EMPTY })).toBeVisible();
    const held = colleague.getByTestId("held-by-others");
    await expect(held).toContainText("Os blocos restantes estão com outros operadores.");
    const holders = held.getByRole("list", { name: "Operadores com os blocos restantes" }).getByRole("listitem");
    await expect(holders).toHaveCount(1);
    await expect(holders.first()).toHaveAttribute("title", data.owner.name);
    await expect(count(colleague)).toHaveText("1 bloco não categorizado");
    await expectNoAxeViolations(colleague, "categorization held by a colleague");
    // the owner leaves: its claim goes at once, and the colleague's next poll hands the block over
    await page.getByRole("button", { name: "Voltar para o cliente" }).click();
    await expect(shown(colleague)).toBeVisible();
    await expect(held).toHaveCount(0);
  } finally {
    await colleague.context().close();
  }
});
