import type { Page } from "@playwright/test";
import type { TokenAnswer } from "@/lib/contract/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test, type ClientRef } from "./support/data";
import { expectFocusTrapped, tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn, STORAGE_KEYS } from "./support/session";

// The client detail's side bar and its responsible-only actions: share, transfer and
// remove, each on an office of the test's own whose type-2 operator is the client's responsible.

const bar = (page: Page) => page.getByRole("navigation", { name: "Ações do cliente" });
const entry = (page: Page, name: string) => bar(page).getByRole("button", { name, exact: true });
const RESPONSIBLE_ONLY = ["Compartilhar cliente", "Transferir cliente", "Excluir cliente"];

/** Logs in, puts the client in this tab's selection (lib/client-selection.ts) and opens /home/client. */
async function openClient(page: Page, tokens: TokenAnswer, client: ClientRef): Promise<void> {
  await openLoggedIn(page, tokens, "accounting", "/home");
  await page.evaluate((value) => sessionStorage.setItem("bloco.client", JSON.stringify(value)), client);
  await page.goto("/home/client");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(client.name);
}

/** A call from the page, with the page's own session (what a hand-made request in the tab would do). */
function callFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body, key }) => {
      const response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${localStorage.getItem(key)}` },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { path, body, key: STORAGE_KEYS.access },
  );
}

async function clientIds(page: Page): Promise<number[]> {
  return page.evaluate(async (key) => {
    const response = await fetch("/api/clients", { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } });
    const { data } = (await response.json()) as { data: Array<{ id: number }> };
    return data.map((card) => card.id);
  }, STORAGE_KEYS.access);
}

async function expectEnabled(page: Page, names: string[]): Promise<void> {
  for (const name of names) await expect(entry(page, name)).toBeEnabled();
}

test("[client actions] the responsible type-2 operator shares a client by keyboard; the operator it shares with then sees it", async ({
  page,
  request,
  browser,
  people,
}) => {
  const team = await people.officeWithClient();
  await openClient(page, await apiLogin(request, team.operator.email), team.client);
  await expectEnabled(page, RESPONSIBLE_ONLY);

  // Keyboard only: Tab to the entry, Enter opens the drawer, Space flips the switch, Escape closes.
  await tabTo(page, entry(page, "Compartilhar cliente"));
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Compartilhe este cliente com outros operadores" });
  await expect(drawer.getByRole("searchbox", { name: "Buscar cliente" })).toBeVisible();
  const toAdmin = drawer.getByRole("switch", { name: `Compartilhar com ${team.admin.name}` });
  await expect(toAdmin).not.toBeChecked();
  // the responsible is not in the list; the blocked operator is, and says so
  await expect(drawer.getByTestId("share-item")).toHaveCount(3);
  await expect(drawer.getByText(team.operator.name)).toHaveCount(0);
  await expect(drawer.getByTestId("share-item").filter({ hasText: team.blocked.name })).toContainText("Bloqueado");
  await expectNoAxeViolations(page, "share drawer");

  // the search narrows the list, accent- and case-insensitively
  await drawer.getByRole("searchbox", { name: "Buscar cliente" }).fill("BRÚNO");
  await expect(drawer.getByTestId("share-item")).toHaveCount(1);
  await tabTo(page, toAdmin);
  await page.keyboard.press("Space");
  await expect(toAdmin).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(entry(page, "Compartilhar cliente")).toBeFocused();

  // The admin now sees the client on /home.
  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await openLoggedIn(adminPage, await apiLogin(adminPage.request, team.admin.email), "accounting", "/home");
  await expect(adminPage.getByTestId("client-card").filter({ hasText: team.client.name })).toBeVisible();
  await other.close();

  // Reopened, the drawer reads the share from the server; switching it off unshares.
  await entry(page, "Compartilhar cliente").click();
  await expect(toAdmin).toBeChecked();
  await toAdmin.click();
  await expect(toAdmin).not.toBeChecked();
  const adminTokens = await apiLogin(request, team.admin.email);
  const cards = await request.get("/api/clients", { headers: { authorization: `Bearer ${adminTokens.access}` } });
  expect(((await cards.json()) as { data: Array<{ id: number }> }).data.map((card) => card.id)).not.toContain(
    team.client.id,
  );
});

test("[client actions] transfers a client: select, deselect, confirm panel, then the new responsible has the three actions", async ({
  page,
  request,
  browser,
  people,
}) => {
  const team = await people.officeWithClient();
  await openClient(page, await apiLogin(request, team.operator.email), team.client);
  await entry(page, "Transferir cliente").click();
  const drawer = page.getByRole("dialog", { name: "Transferir cliente para outro operador" });
  await expect(drawer).toContainText("Escolha o operador que passará a ser o responsável por este cliente.");
  const open = drawer.getByRole("button", { name: "Transferir clientes" });
  const admin = drawer.getByTestId("transfer-item").filter({ hasText: team.admin.name });
  await expect(admin).toBeVisible();
  // blocked operators cannot receive a client: not offered
  await expect(drawer.getByTestId("transfer-item").filter({ hasText: team.blocked.name })).toHaveCount(0);
  await expect(open).toBeDisabled();

  await admin.click();
  await expect(admin).toHaveAttribute("aria-pressed", "true");
  await expect(open).toBeEnabled();
  await admin.click(); // a second click deselects
  await expect(admin).toHaveAttribute("aria-pressed", "false");
  await expect(open).toBeDisabled();

  await admin.click();
  await open.click();
  const question = drawer.getByText(`Transferir cliente para ${team.admin.name}?`);
  await expect(question).toBeVisible();
  await expectNoAxeViolations(page, "transfer drawer with its confirm panel");
  await drawer.getByRole("button", { name: "Cancelar" }).click(); // folds the panel
  await expect(question).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await drawer.getByRole("button", { name: "Sim, transferir cliente" }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => sessionStorage.getItem("bloco.client"))).toBeNull();
  // the previous responsible was neither shared nor owner: the client left its list
  await expect.poll(() => clientIds(page)).not.toContain(team.client.id);

  // The admin is responsible now: its side bar has the three entries enabled.
  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await openClient(adminPage, await apiLogin(adminPage.request, team.admin.email), team.client);
  await expectEnabled(adminPage, RESPONSIBLE_ONLY);
  expect(await callFromPage(adminPage, "/api/operator/shared", { clientId: team.client.id })).toBe(200);
  await other.close();
});

test("[client actions] removes a client after 'Tem certeza que deseja remover este cliente?'", async ({
  page,
  request,
  people,
}) => {
  const team = await people.officeWithClient();
  await openClient(page, await apiLogin(request, team.operator.email), team.client);
  await entry(page, "Excluir cliente").click();
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toContainText("Tem certeza que deseja remover este cliente?");
  await expectNoAxeViolations(page, "remove client confirmation");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/home\/client$/);

  await entry(page, "Excluir cliente").click();
  await confirm.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("client-card").filter({ hasText: team.client.name })).toHaveCount(0);
  expect(await clientIds(page)).not.toContain(team.client.id);

  // Gone for the owner too, who sees every client of the office.
  const owner = await apiLogin(request, team.owner.email);
  const cards = await request.get("/api/clients", { headers: { authorization: `Bearer ${owner.access}` } });
  expect(((await cards.json()) as { data: Array<{ id: number }> }).data.map((card) => card.id)).not.toContain(
    team.client.id,
  );
});

test("[client actions] not responsible — the office owner included — the three entries are disabled and the calls refused", async ({
  page,
  request,
  people,
}) => {
  const team = await people.officeWithClient();
  await openClient(page, await apiLogin(request, team.owner.email), team.client);
  for (const name of RESPONSIBLE_ONLY) {
    await expect(entry(page, name)).toBeDisabled();
    await expect(entry(page, name)).toHaveAccessibleDescription(
      "Apenas o operador responsável por este cliente pode fazer isso.",
    );
  }
  await expect(entry(page, "Gerenciar contas")).toBeEnabled();
  // Reached by keyboard, a disabled entry shows why and opens nothing.
  await tabTo(page, entry(page, "Excluir cliente"));
  await expect(
    bar(page).getByRole("tooltip").filter({ hasText: "Apenas o operador responsável" }).last(),
  ).toBeVisible();
  await page.keyboard.press("Enter");
  await entry(page, "Transferir cliente").click({ force: true }); // aria-disabled: Playwright would wait
  await entry(page, "Compartilhar cliente").click({ force: true });
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectNoAxeViolations(page, "client detail side bar, not responsible");

  // The server refuses the owner too.
  const clientId = team.client.id;
  const seen = await page.evaluate(
    async ({ key, clientId }) => {
      const response = await fetch("/api/clients", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${localStorage.getItem(key)}` },
        body: JSON.stringify({ clientId }),
      });
      return response.status;
    },
    { key: STORAGE_KEYS.access, clientId },
  );
  expect(seen).toBe(200); // the owner sees the client…
  expect(await callFromPage(page, "/api/operator/shared", { clientId })).toBe(403); // …but may not act on it
  expect(await callFromPage(page, "/api/operator/transfer", { clientId })).toBe(403);
  expect(await callFromPage(page, "/api/client/remove", { clientId })).toBe(403);

  // An admin the client is shared with: the same.
  const operatorTokens = await apiLogin(request, team.operator.email);
  const shared = await request.post("/api/operator/shared", {
    headers: { authorization: `Bearer ${operatorTokens.access}` },
    data: { clientId },
  });
  const adminEntry = ((await shared.json()) as { data: Array<{ id: number; name: string }> }).data.find(
    (operator) => operator.name === team.admin.name,
  );
  expect(adminEntry).toBeDefined();
  const change = await request.post("/api/operator/shared/change", {
    headers: { authorization: `Bearer ${operatorTokens.access}` },
    data: { clientId, accountingOperatorId: adminEntry?.id },
  });
  expect(change.status()).toBe(200);
  await openClient(page, await apiLogin(request, team.admin.email), team.client);
  for (const name of RESPONSIBLE_ONLY) await expect(entry(page, name)).toBeDisabled();
  expect(
    await callFromPage(page, "/api/operator/shared/change", { clientId, accountingOperatorId: adminEntry?.id }),
  ).toBe(403);
  expect(
    await callFromPage(page, "/api/operator/transfer/change", { clientId, accountingOperatorId: adminEntry?.id }),
  ).toBe(403);
  expect(await callFromPage(page, "/api/client/remove", { clientId })).toBe(403);

  // The responsible type-2 operator may (a read-only call here; the journeys above do the rest).
  await openClient(page, operatorTokens, team.client);
  await expectEnabled(page, RESPONSIBLE_ONLY);
  expect(await callFromPage(page, "/api/operator/transfer", { clientId })).toBe(200);
});

test("[client actions] the side bar collapses to icons and expands again, by keyboard", async ({
  page,
  request,
  people,
}) => {
  const team = await people.officeWithClient();
  await openClient(page, await apiLogin(request, team.operator.email), team.client);
  const toggle = bar(page).getByRole("button", { name: "Recolher menu" });
  await tabTo(page, toggle);
  await page.keyboard.press("Enter");
  const expand = bar(page).getByRole("button", { name: "Expandir menu" });
  await expect(expand).toHaveAttribute("aria-expanded", "false");
  // collapsed: a narrow column of icons; the labels stay as accessible names and the entries still work
  await expect.poll(() => bar(page).evaluate((element) => element.getBoundingClientRect().width)).toBeLessThan(100);
  await expect(entry(page, "Gerenciar contas")).toBeVisible();
  await expectNoAxeViolations(page, "side bar collapsed");
  await expand.focus();
  await page.keyboard.press("Enter");
  await expect(bar(page).getByRole("button", { name: "Recolher menu" })).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => bar(page).evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThan(200);
  await expect(bar(page).getByRole("link", { name: "Categorizar" })).toHaveAttribute(
    "href",
    /^\/home\/client\/categorization(\?aba=[0-9a-f]+)?$/,
  );
  await expect(bar(page).getByRole("link", { name: "Contabilizar" })).toHaveAttribute(
    "href",
    /^\/home\/client\/contabilization(\?aba=[0-9a-f]+)?$/,
  );
  await expect(bar(page).getByText("Visualizar")).toBeVisible();
});

test("[client actions] a transfer the server refuses says why in the confirm panel and stays on the client", async ({
  page,
  request,
  people,
}) => {
  const team = await people.officeWithClient();
  const operatorTokens = await apiLogin(request, team.operator.email);
  await openClient(page, operatorTokens, team.client);
  await entry(page, "Transferir cliente").click();
  const drawer = page.getByRole("dialog", { name: "Transferir cliente para outro operador" });
  await drawer.getByTestId("transfer-item").filter({ hasText: team.admin.name }).click();
  await drawer.getByRole("button", { name: "Transferir clientes" }).click();

  // Meanwhile the owner blocks the chosen admin.
  const list = await request.post("/api/operator/transfer", {
    headers: { authorization: `Bearer ${operatorTokens.access}` },
    data: { clientId: team.client.id },
  });
  const adminId = ((await list.json()) as { data: Array<{ id: number; name: string }> }).data.find(
    (operator) => operator.name === team.admin.name,
  )?.id;
  const owner = await apiLogin(request, team.owner.email);
  const blocked = await request.post("/api/operator/block/change", {
    headers: { authorization: `Bearer ${owner.access}` },
    data: { operatorId: adminId, platform: "accounting" },
  });
  expect(blocked.status()).toBe(200);

  await drawer.getByRole("button", { name: "Sim, transferir cliente" }).click();
  await expect(drawer.getByRole("alert")).toHaveText("Não é possível transferir o cliente para um operador bloqueado.");
  await expect(page).toHaveURL(/\/home\/client$/);
  await page.keyboard.press("Escape");
  await expectEnabled(page, RESPONSIBLE_ONLY); // still the responsible
});

test("[client actions] badges count the client's blocks; Contabilizar is disabled with the avatar of the operator contabilising", async ({
  page,
  request,
  people,
}) => {
  const viewer = await people.viewerClient({ busy: true });
  const client = { ...viewer.client, logoUrl: null };
  await openClient(page, await apiLogin(request, viewer.owner.email), client);
  // one uncategorised block; the categorised ones not yet contabilised: the categorized one and the pendency's
  await expect(bar(page).getByRole("link", { name: "Categorizar 1 bloco não categorizado" })).toBeVisible();
  const contabilize = entry(page, "Contabilizar");
  await expect(contabilize).toBeDisabled();
  await expect(contabilize).toHaveAccessibleDescription(`${viewer.busyName} está contabilizando este cliente.`);
  await expect(bar(page).getByRole("link", { name: /^Contabilizar/ })).toHaveCount(0);
  await tabTo(page, contabilize);
  await expect(bar(page).getByRole("tooltip").filter({ hasText: "está contabilizando" })).toBeVisible();
  await expectNoAxeViolations(page, "side bar with Contabilizar held by another operator");
});

test("[client actions] a removal the server refuses (already removed elsewhere) shows its message", async ({
  page,
  request,
  people,
}) => {
  const team = await people.officeWithClient();
  const tokens = await apiLogin(request, team.operator.email);
  await openClient(page, tokens, team.client);
  // another tab of the same operator removed it first
  const first = await request.post("/api/client/remove", {
    headers: { authorization: `Bearer ${tokens.access}` },
    data: { clientId: team.client.id },
  });
  expect(first.status()).toBe(200);
  await entry(page, "Excluir cliente").click();
  await page.getByRole("alertdialog", { name: "Atenção" }).getByRole("button", { name: "Continuar" }).click();
  // The refusal's notice (the one with 'Fechar aviso'). The page's own data, read again after the
  // refusal, may also say 'Cliente não encontrado.' in its place, sooner or later: not this notice.
  const notice = page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Fechar aviso" }) });
  await expect(notice).toHaveText("Cliente não encontrado.");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await notice.getByRole("button", { name: "Fechar aviso" }).click();
  await expect(notice).toHaveCount(0);
});

test.describe("[client actions] dark", () => {
  test.use({ colorScheme: "dark" });

  test("[client actions] keyboard only: transfer drawer and removal confirmation keep the focus, axe-clean in dark mode", async ({
    page,
    request,
    people,
  }) => {
    const team = await people.officeWithClient();
    await openClient(page, await apiLogin(request, team.operator.email), team.client);

    await tabTo(page, entry(page, "Transferir cliente"));
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Transferir cliente para outro operador" });
    const admin = drawer.getByTestId("transfer-item").filter({ hasText: team.admin.name });
    await tabTo(page, admin);
    await page.keyboard.press("Space");
    await expect(admin).toHaveAttribute("aria-pressed", "true");
    await tabTo(page, drawer.getByRole("button", { name: "Transferir clientes" }));
    await page.keyboard.press("Enter");
    await expect(drawer.getByRole("button", { name: "Sim, transferir cliente" })).toBeVisible();
    await expectFocusTrapped(page, drawer);
    await tabTo(page, drawer.getByRole("button", { name: "Sim, transferir cliente" }));
    await expectNoAxeViolations(page, "transfer drawer (dark)");
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(entry(page, "Transferir cliente")).toBeFocused();

    await tabTo(page, entry(page, "Excluir cliente"));
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Atenção" });
    await expectFocusTrapped(page, confirm);
    await expectNoAxeViolations(page, "remove client confirmation (dark)");
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(entry(page, "Excluir cliente")).toBeFocused();

    await tabTo(page, entry(page, "Gerenciar contas"));
    await page.keyboard.press("Enter");
    const accounts = page.getByRole("dialog", { name: "Gerenciar plano de Contas" });
    await expect(accounts.getByText("Nenhuma conta adicionada")).toBeVisible();
    await expectFocusTrapped(page, accounts);
    await expectNoAxeViolations(page, "Gerenciar plano de Contas, empty (dark)");
    await page.keyboard.press("Escape");

    await tabTo(page, entry(page, "Compartilhar cliente"));
    await page.keyboard.press("Enter");
    const share = page.getByRole("dialog", { name: "Compartilhe este cliente com outros operadores" });
    await expect(share.getByTestId("share-item")).toHaveCount(3);
    await expectNoAxeViolations(page, "share drawer (dark)");
  });
});

test("[client actions] the removal names the client and its consequences; its users then read that the office removed them", async ({
  browser,
  page,
  request,
  people,
  factories,
}) => {
  const team = await people.officeWithClient();
  const member = await factories.createClientOperator({
    client: team.client,
    type: 0,
    user: { email: factories.uniqueEmail("e2e-removido") },
  });
  // The company's user has the app open while the office removes the company.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await openLoggedIn(memberPage, await apiLogin(request, member.user.email), "bussiness", "/home");
  await expect(memberPage.getByTestId("user-name")).toBeVisible();

  await openClient(page, await apiLogin(request, team.operator.email), team.client);
  await entry(page, "Excluir cliente").click();
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toContainText(
    `Tem certeza que deseja remover este cliente? Os usuários de ${team.client.name} perdem o acesso ao Bloco e os blocos de ${team.client.name} saem das listas do escritório.`,
  );
  await confirm.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/home$/);

  const removed = "O escritório removeu sua empresa do Bloco. Fale com o escritório para voltar a ter acesso.";
  // The open session: its next call ends it, and the login screen says why.
  await memberPage.reload();
  await expect(memberPage).toHaveURL(/\/login$/);
  const said = memberPage.getByRole("alert").filter({ hasText: removed });
  await expect(said).toBeVisible();
  await expect(memberPage.getByText("Seu acesso foi bloqueado")).toHaveCount(0);
  // Logging in again says the same, not 'Seu acesso foi bloqueado'.
  await memberPage.reload();
  await expect(memberPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(said).toHaveCount(0); // said once
  await memberPage.getByLabel("E-mail").fill(member.user.email);
  await memberPage.getByLabel("Senha").fill("demo1234");
  await memberPage.getByRole("button", { name: "Entrar" }).click();
  await expect(said).toBeVisible();
  await expectNoAxeViolations(memberPage, "login, company removed");
  await memberContext.close();
});
