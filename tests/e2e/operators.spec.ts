import type { Page } from "@playwright/test";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// 'Buscar operador' of an office of the test's own: the sorted list, invites (refused, added, accepted
// by link) and blocking. Nothing here touches the demo office.
const drawer = (page: Page) => page.getByRole("dialog", { name: "Buscar operador" });
const pending = (page: Page) =>
  drawer(page).getByRole("list", { name: "Adicionados recentemente (aguardando cadastro)" });
const items = (page: Page) => drawer(page).getByTestId("operator-item");

type OutboxEntry = { to: string; text: string };

/** The path of the invite link in the e-mail (the origin is APP_URL, which the test server may lack). */
async function inviteLink(page: Page, email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get("/api/dev/outbox");
      const { data } = (await response.json()) as { data: OutboxEntry[] };
      token = data.find((entry) => entry.to === email)?.text.match(/\/convite\/([\w-]+)/)?.[1];
      return token;
    })
    .toBeTruthy();
  return `/convite/${token}`;
}

/** The danger colour of the theme on this page, as the browser resolves it. */
const dangerColour = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement("span");
    probe.style.color = "var(--danger)";
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });

test("[operators] the list is sorted by type, shows the admin stars and says 'Bloqueado'", async ({
  page,
  request,
  people,
}) => {
  const team = await people.accountingTeam();
  await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
  await page.getByRole("button", { name: "Buscar operador" }).click();
  await expect(items(page)).toHaveCount(4);
  await expect(items(page).nth(0)).toContainText(`${team.owner.name}(Você)`);
  await expect(items(page).nth(0).getByRole("img", { name: "Administrador" })).toBeVisible(); // the owner: read-only
  await expect(items(page).nth(1).getByRole("button", { name: "Remover administração" })).toBeVisible();
  await expect(items(page).nth(2).getByRole("button", { name: "Tornar administrador" })).toBeVisible();
  // A blocked operator is said in words, not only struck through.
  await expect(items(page).nth(3)).toContainText(team.blocked.name);
  await expect(items(page).nth(3).getByText("Bloqueado", { exact: true })).toBeVisible();
  await expect(items(page).nth(2).getByText("Bloqueado", { exact: true })).toHaveCount(0);
  // Excluir asks first, with the confirmation in the danger colour
  await items(page).nth(2).getByRole("button", { name: team.operator.name }).click();
  await items(page).nth(2).getByRole("button", { name: "Excluir" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toContainText(
    `Você tem certeza que deseja prosseguir com a remoção do(a) operador(a) ${team.operator.name}?`,
  );
  await expect(confirm.getByRole("button", { name: "Continuar" })).toHaveCSS(
    "background-color",
    await dangerColour(page),
  );
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(items(page)).toHaveCount(4);
});

test("[operators] '(Você)' is whole at 390px", async ({ page, request, people }) => {
  const team = await people.accountingTeam();
  await page.setViewportSize({ width: 390, height: 844 });
  await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
  await page.getByRole("button", { name: "Buscar operador" }).click();
  const you = items(page).first().getByText("(Você)");
  await expect(you).toBeVisible();
  // not cut: the text fits its box, and the box lies inside the drawer
  expect(await you.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const box = await you.boundingBox();
  const panel = await drawer(page).boundingBox();
  expect(box && panel && box.x + box.width <= panel.x + panel.width).toBe(true);
});

test("[operators] invite: refused beside the field, added and marked, duplicate refused, accepted by link, then blocked", async ({
  page,
  request,
  browser,
  people,
}) => {
  const team = await people.accountingTeam();
  const email = `convidado.${Date.now()}@escritorio.teste`;
  await openLoggedIn(page, await apiLogin(request, team.owner.email), "accounting", "/home");
  await page.getByRole("button", { name: "Buscar operador" }).click();
  await drawer(page).getByRole("button", { name: "Adicionar operador" }).click();

  const field = drawer(page).getByLabel("E-mail");
  const add = drawer(page).getByRole("button", { name: "Adicionar", exact: true });
  await field.fill("nao-e-email");
  await add.click();
  await expect(drawer(page).getByText("Este e-mail não é válido")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("x"); // typing clears the error
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(drawer(page).getByText("Este e-mail não é válido")).toHaveCount(0);

  await field.fill(email);
  await add.click();
  await expect(drawer(page).getByRole("status")).toHaveText(`Convite enviado para ${email}`);
  const added = pending(page).getByRole("listitem").filter({ hasText: email });
  await expect(added).toBeVisible();
  await expect(added.getByText("Novo", { exact: true })).toBeVisible();
  await expect(field).toHaveValue("");

  await field.fill(email);
  await add.click();
  await expect(drawer(page).getByText("E-mail já convidado")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  // The invited person opens the e-mailed link on another device.
  const path = await inviteLink(page, email);
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(path);
  await guestPage.getByLabel("Nome", { exact: true }).fill("Operador Convidado");
  await guestPage.getByLabel("Senha", { exact: true }).fill("convite123");
  await guestPage.getByLabel("Confirmar senha").fill("convite123");
  await guestPage.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(guestPage).toHaveURL(/\/home$/);
  await expect(guestPage.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();

  // The owner sees the new operator and blocks them.
  await drawer(page).getByRole("button", { name: "Voltar" }).click();
  const item = items(page).filter({ hasText: "Operador Convidado" });
  await item.getByRole("button", { name: /Operador Convidado/ }).click();
  const blocked = page.waitForResponse((response) => response.url().includes("/api/operator/block/change"));
  await item.getByRole("button", { name: "Bloquear" }).click();
  expect((await blocked).status()).toBe(200);
  await expect(item.getByRole("button", { name: "Desbloquear" })).toBeVisible();
  await expect(item.getByText("Bloqueado", { exact: true })).toBeVisible();

  // Their next call fails and they end on /login.
  await guestPage.reload();
  await expect(guestPage).toHaveURL(/\/login$/);
  await guest.close();
});

test("[operators] removing an invite asks first, in the danger colour", async ({ page, request, people }) => {
  const team = await people.accountingTeam();
  const tokens = await apiLogin(request, team.owner.email);
  const email = `remover.${Date.now()}@escritorio.teste`;
  const invited = await request.post("/api/invited/add", {
    data: { email },
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  expect(invited.status()).toBe(200);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await page.getByRole("button", { name: "Buscar operador" }).click();
  await drawer(page).getByRole("button", { name: "Adicionar operador" }).click();
  await pending(page)
    .getByRole("button", { name: `Remover ${email}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toContainText(`Você tem certeza que deseja remover o convite de ${email}?`);
  await expect(confirm.getByRole("button", { name: "Continuar" })).toHaveCSS(
    "background-color",
    await dangerColour(page),
  );
  await confirm.getByRole("button", { name: "Continuar" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(pending(page)).toHaveCount(0); // the only invite is gone: 'Sem itens nesta lista'
  await expect(drawer(page).getByText("Sem itens nesta lista")).toBeVisible();
});

test("[operators] an invite withdrawn elsewhere meanwhile: its removal says why, and the list is asked again", async ({
  page,
  request,
  people,
}) => {
  const team = await people.accountingTeam();
  const tokens = await apiLogin(request, team.owner.email);
  const email = `retirado.${Date.now()}@escritorio.teste`;
  const headers = { authorization: `Bearer ${tokens.access}` };
  const invited = await request.post("/api/invited/add", { data: { email }, headers });
  expect(invited.status()).toBe(200);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await page.getByRole("button", { name: "Buscar operador" }).click();
  await drawer(page).getByRole("button", { name: "Adicionar operador" }).click();
  await expect(pending(page)).toHaveCount(1);
  // Another admin withdraws it while this screen still lists it.
  const inviteId = ((await invited.json()) as { data: { id: number } }).data.id;
  expect((await request.post("/api/invited/remove", { data: { inviteId }, headers })).status()).toBe(200);
  await pending(page)
    .getByRole("button", { name: `Remover ${email}` })
    .click();
  await page.getByRole("alertdialog", { name: "Atenção" }).getByRole("button", { name: "Continuar" }).click();
  await expect(drawer(page).getByRole("alert")).toHaveText("Convite não encontrado.");
  await expect(pending(page)).toHaveCount(0);
});
