import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { test as base, expect, type Person } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn } from "./support/session";

// /home 'Clientes' of an office of the test's own (spec §2 "Accounting: client list"): search, status
// icons and tooltips, who sees what, busy, opening a client, the 'Adicionar Cliente' drawer, the client
// dialog and the 'Contato' panel, and a new office's empty state. Nothing here touches the demo office.

type ClientRef = { id: number; name: string };
/**
 * One office: the owner, a regular operator and another operator. 'padaria' is the operator's (an
 * uncategorised block), 'acougue' the owner's, shared with the operator (an open pendency), 'mercearia'
 * the other operator's, not shared, modified at a known instant (07/03/2025 10:45 in São Paulo).
 */
type ClientOffice = {
  officeName: string;
  owner: Person;
  operator: Person;
  other: Person & { userId: number };
  clients: { padaria: ClientRef; acougue: ClientRef; mercearia: ClientRef };
};

const test = base.extend<{ clientOffice: () => Promise<ClientOffice> }>({
  clientOffice: async ({ factories: f }, provide) => {
    await provide(async () => {
      const office = await f.createOffice();
      const tag = Math.random().toString(36).slice(2, 7);
      const make = (type: number, name: string) =>
        f.createAccountingOperator({ office, type, user: { email: f.uniqueEmail("e2e-clientes"), name } });
      const owner = await make(0, `Ana Dona ${tag}`);
      const operator = await make(2, `Carla Operadora ${tag}`);
      const other = await make(2, `Otávio Outro ${tag}`);
      const padaria = await f.createClient({ responsible: operator, name: `Padaria Pão Doce ${tag}` });
      const acougue = await f.createClient({ responsible: owner, name: `Açougue Boi Bravo ${tag}` });
      const mercearia = await f.createClient({
        responsible: other,
        name: `Mercearia Zé ${tag}`,
        modifiedAt: new Date("2025-03-07T13:45:00Z"),
      });
      await f.shareClient({ client: acougue, operator });
      await f.createBlock({ client: padaria, state: "uncategorized" });
      await f.createBlock({ client: acougue, state: "pendency" });
      const ref = (client: { id: number; name: string }) => ({ id: client.id, name: client.name });
      const who = (o: { user: { email: string; name: string } }) => ({ email: o.user.email, name: o.user.name });
      return {
        officeName: office.name,
        owner: who(owner),
        operator: who(operator),
        other: { ...who(other), userId: other.userId },
        clients: { padaria: ref(padaria), acougue: ref(acougue), mercearia: ref(mercearia) },
      };
    });
  },
});

const cards = (page: Page) => page.getByTestId("client-card");
const card = (page: Page, client: ClientRef) =>
  page.locator(`[data-testid="client-card"][data-client-id="${client.id}"]`);
// a matching card is a link (it can open in a new tab), a dimmed one a disabled button
const cardButton = (page: Page, client: ClientRef) => card(page, client).locator("a, button");
/** On /home/client (the client's own page): the client's logo and name, a button in the h1, open the dialog. */
const infoButton = (page: Page, client: ClientRef) =>
  page.getByRole("heading", { level: 1, name: client.name }).getByRole("button");
const search = (page: Page) => page.getByRole("searchbox", { name: "Buscar conta" });
const icon = (scope: Locator, name: string) => scope.getByRole("img", { name, exact: true });

const SHARED = "Compartilhado com outros operadores";
const UNCATEGORIZED = "Tem blocos não categorizados";
const PENDENCIES = "Tem pendências em aberto";

/** Presses Shift+Tab until `target` has the focus (the header lies before a long page). */
async function shiftTabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Shift+Tab");
  }
  await expect(target).toBeFocused();
}

async function openHome(page: Page, request: Parameters<typeof apiLogin>[0], person: Person) {
  await openLoggedIn(page, await apiLogin(request, person.email), "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
}

test("[clients] search dims what does not match (accents and case ignored, by name, date or time); icons with tooltips", async ({
  page,
  request,
  clientOffice,
}) => {
  const { owner, operator, other, clients } = await clientOffice();
  await openHome(page, request, owner);
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByRole("status").filter({ hasText: "3 clientes" })).toBeVisible();

  // Icons: purple on the padaria, green and orange on the açougue, none on the mercearia.
  await expect(icon(card(page, clients.padaria), UNCATEGORIZED)).toBeVisible();
  await expect(icon(card(page, clients.padaria), SHARED)).toHaveCount(0);
  await expect(icon(card(page, clients.padaria), PENDENCIES)).toHaveCount(0);
  await expect(icon(card(page, clients.acougue), SHARED)).toBeVisible();
  await expect(icon(card(page, clients.acougue), PENDENCIES)).toBeVisible();
  await expect(card(page, clients.mercearia).locator("[data-status]")).toHaveCount(0);
  // A tooltip shows on hover, with the icon's text.
  const sharedIcon = icon(card(page, clients.acougue), SHARED);
  const tip = sharedIcon.locator("[data-tooltip]");
  await expect(tip).toHaveText(SHARED);
  await expect(tip).toHaveCSS("opacity", "0");
  // Hovered again until it shows: a poll of the list may re-render the card under a still mouse.
  await expect(async () => {
    await sharedIcon.hover();
    await expect(tip).toHaveCSS("opacity", "1", { timeout: 2_000 });
  }).toPass();

  // The responsible operator's avatar where the owner is not the responsible one.
  await expect(card(page, clients.padaria).getByTestId("client-responsible")).toContainText(operator.name);
  await expect(card(page, clients.mercearia).getByTestId("client-responsible")).toContainText(other.name);
  await expect(card(page, clients.acougue).getByTestId("client-responsible")).toHaveCount(0);
  await expect(card(page, clients.mercearia)).toContainText("Modificado em 07/03/2025 às 10:45");

  const onlyMatches = async (term: string, expected: ClientRef[]) => {
    await search(page).fill(term);
    for (const client of Object.values(clients)) {
      const hit = expected.some((e) => e.id === client.id);
      await expect(card(page, client), `${term} → ${client.name}`).toHaveAttribute("data-matches", String(hit));
      if (hit) await expect(cardButton(page, client)).toBeEnabled();
      else await expect(cardButton(page, client)).toBeDisabled();
    }
  };
  await onlyMatches("ACOUGUE", [clients.acougue]);
  await expect(page.getByRole("status").filter({ hasText: "1 de 3 clientes correspondem à busca" })).toBeVisible();
  await expect(cardButton(page, clients.padaria)).toHaveCSS("opacity", "0.4");
  await onlyMatches("pão", [clients.padaria]);
  await onlyMatches("pao doce", [clients.padaria]);
  await onlyMatches("07/03/2025", [clients.mercearia]);
  await onlyMatches("10:45", [clients.mercearia]);
  await onlyMatches("nada-assim", []);
  await expect(page.getByText("Nenhum cliente corresponde à busca.")).toBeVisible();
  // A dimmed card cannot be clicked (it stays on /home) and is skipped by Tab.
  await cardButton(page, clients.padaria).click({ force: true });
  await expect(page).toHaveURL(/\/home$/);
  await onlyMatches("", Object.values(clients));
  await expectNoAxeViolations(page, "/home (client list)");
});

test("[clients] an operator sees its own clients and the shared ones; the owner sees them all", async ({
  page,
  request,
  browser,
  clientOffice,
}) => {
  const { owner, operator, clients } = await clientOffice();
  await openHome(page, request, operator);
  await expect(cards(page)).toHaveCount(2);
  await expect(card(page, clients.padaria)).toBeVisible();
  await expect(card(page, clients.acougue)).toBeVisible();
  await expect(card(page, clients.mercearia)).toHaveCount(0);
  // Shared with it: the responsible owner's avatar shows; its own client has none.
  await expect(card(page, clients.acougue).getByTestId("client-responsible")).toContainText(owner.name);
  await expect(card(page, clients.padaria).getByTestId("client-responsible")).toHaveCount(0);

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await openHome(ownerPage, request, owner);
  await expect(cards(ownerPage)).toHaveCount(3);
  await ownerContext.close();
});

test("[clients] a card says who else is working the client, picked up by the poll", async ({
  page,
  request,
  clientOffice,
  factories,
}) => {
  const { owner, other, clients } = await clientOffice();
  await openHome(page, request, owner);
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByTestId("client-busy")).toHaveCount(0);
  // The other operator opens the mercearia's categorization screen now; the list polls every 5 s.
  await factories.markPresence({ client: clients.mercearia, user: { id: other.userId } });
  await expect(card(page, clients.mercearia).getByTestId("client-busy")).toContainText(`Em uso por ${other.name}`, {
    timeout: 15_000,
  });
  await expect(page.getByTestId("client-busy")).toHaveCount(1);
  await expectNoAxeViolations(page, "/home with a busy card");
});

test("[clients] keyboard only: a card opens the client (id in sessionStorage), its dialog and the 'Contato' panel", async ({
  page,
  request,
  clientOffice,
}) => {
  const { officeName, owner, operator, clients } = await clientOffice();
  await openHome(page, request, owner);
  await search(page).fill("padaria");
  await expect(cardButton(page, clients.acougue)).toBeDisabled();
  await tabTo(page, cardButton(page, clients.padaria));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home\/client$/);
  const stored = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem("bloco.client") ?? "null") as { id: number; name: string } | null,
  );
  expect(stored).toMatchObject({ id: clients.padaria.id, name: clients.padaria.name });

  // The client dialog, from the client's name on /home/client.
  const openInfo = infoButton(page, clients.padaria);
  await tabTo(page, openInfo, 60);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Dados do cliente" });
  await expect(dialog.getByText("Razão Social")).toBeVisible();
  await expect(dialog.getByText("CNPJ", { exact: true })).toBeVisible();
  await expect(dialog.getByText(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/)).toBeVisible();
  await expect(dialog.getByText("Praça da Sé")).toBeVisible();
  await expectNoAxeViolations(page, "client dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(openInfo).toBeFocused();

  // 'Contato' in 'Conta' while the client is open: its responsible operator and the office.
  await shiftTabTo(page, page.getByTestId("profile-button"));
  await page.keyboard.press("Enter");
  const account = page.getByRole("dialog", { name: "Conta" });
  const contact = account.getByRole("button", { name: "Contato" });
  await tabTo(page, contact);
  await page.keyboard.press("Enter");
  await expect(account.getByText(operator.name)).toBeVisible();
  await expect(account.getByText(officeName)).toBeVisible();
});

test("[clients] 'Contato' is not offered on /home (no client open)", async ({ page, request, clientOffice }) => {
  const { owner } = await clientOffice();
  await openHome(page, request, owner);
  await page.getByTestId("profile-button").click();
  const account = page.getByRole("dialog", { name: "Conta" });
  await expect(account.getByRole("button", { name: "Perfil" })).toBeVisible();
  await expect(account.getByRole("button", { name: "Contato" })).toHaveCount(0);
});

test("[clients] 'Adicionar Cliente' by keyboard: invalid e-mail, invite added, duplicate refused, invite removed", async ({
  page,
  request,
  clientOffice,
}) => {
  const { owner } = await clientOffice();
  const email = `empresa.${Date.now()}@cliente.teste`;
  await openHome(page, request, owner);
  await tabTo(page, page.getByRole("button", { name: "Adicionar Cliente" }));
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Adicionar Cliente" });
  const pending = drawer.getByRole("list", { name: "Adicionados recentemente (aguardando cadastro)" });
  const field = drawer.getByLabel("E-mail");
  await expect(drawer.getByText("Sem itens nesta lista")).toBeVisible();
  await expectNoAxeViolations(page, "drawer 'Adicionar Cliente'");

  await tabTo(page, field);
  await page.keyboard.type("nao-e-email");
  await page.keyboard.press("Enter");
  await expect(drawer.getByText("Este e-mail não é válido")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill("");
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(drawer.getByRole("status")).toHaveText(`Convite enviado para ${email}`);
  await expect(pending.getByRole("listitem").filter({ hasText: email })).toBeVisible();
  await expect(field).toHaveValue("");

  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(drawer.getByText("E-mail já convidado")).toBeVisible();

  await tabTo(page, pending.getByRole("button", { name: `Remover ${email}` }));
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toContainText(`Você tem certeza que deseja remover o convite de ${email}?`);
  await tabTo(page, confirm.getByRole("button", { name: "Continuar" }));
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(drawer.getByText("Sem itens nesta lista")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
});

test("[clients] a new office is told to invite its first client company", async ({ page, request, people }) => {
  const team = await people.accountingTeam();
  await openHome(page, request, team.owner);
  await expect(page.getByRole("heading", { name: "Nenhum cliente ainda" })).toBeVisible();
  await expect(page.getByText(/Comece convidando a primeira empresa cliente/)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(search(page)).toHaveCount(0);
  await expectNoAxeViolations(page, "/home (empty)");
  await tabTo(page, page.getByRole("button", { name: "Adicionar Cliente" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Adicionar Cliente" }).getByLabel("E-mail")).toBeVisible();
});

test("[clients] a slow list says it is loading; a lost connection says so and 'Tentar novamente' loads it", async ({
  page,
  request,
  clientOffice,
}) => {
  const { owner } = await clientOffice();
  // The network, not our API, is what fails here: the list's requests wait at a gate, then are refused.
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let refuse = true;
  await page.route("**/api/clients", async (route) => {
    await gate;
    return refuse ? route.abort("connectionrefused") : route.continue();
  });
  await openLoggedIn(page, await apiLogin(request, owner.email), "accounting", "/home");
  await expect(page.getByRole("status").filter({ hasText: "Carregando clientes…" })).toBeVisible();
  open();
  const alert = page.getByRole("alert").filter({ hasText: "Erro de conexão" });
  await expect(alert).toBeVisible({ timeout: 20_000 }); // after the query's own retries
  refuse = false;
  await alert.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(cards(page)).toHaveCount(3);
  await expect(alert).toHaveCount(0);
});

test.describe("[clients] dark", () => {
  test.use({ colorScheme: "dark" });

  test("[clients] axe in dark: the list with a busy card and a search, the drawer and the client dialog", async ({
    page,
    request,
    clientOffice,
    factories,
  }) => {
    const { owner, other, clients } = await clientOffice();
    await factories.markPresence({ client: clients.mercearia, user: { id: other.userId } });
    await openHome(page, request, owner);
    await expect(page.getByTestId("client-busy")).toHaveCount(1);
    await expectNoAxeViolations(page, "/home (dark)");
    await search(page).fill("merc");
    await expect(cardButton(page, clients.padaria)).toBeDisabled();
    await expectNoAxeViolations(page, "/home searching (dark)");

    await page.getByRole("button", { name: "Adicionar Cliente" }).click();
    const drawer = page.getByRole("dialog", { name: "Adicionar Cliente" });
    await drawer.getByLabel("E-mail").fill("x");
    await drawer.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(drawer.getByText("Este e-mail não é válido")).toBeVisible();
    await expectNoAxeViolations(page, "drawer 'Adicionar Cliente' with an error (dark)");
    await page.keyboard.press("Escape");

    await cardButton(page, clients.mercearia).click();
    await expect(page).toHaveURL(/\/home\/client$/);
    await infoButton(page, clients.mercearia).click();
    await expect(page.getByRole("dialog", { name: "Dados do cliente" }).getByText("Razão Social")).toBeVisible();
    await expectNoAxeViolations(page, "client dialog (dark)");
  });
});
