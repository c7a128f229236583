import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/data";
import { expectFocusTrapped, tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn, PASSWORD } from "./support/session";

// Drawers and dialogs by keyboard alone: each is announced (role dialog named by its
// title), keeps Tab and Shift+Tab inside and wraps at both ends, and gives the focus back to whatever
// opened it when it closes (Escape, its close button, a click outside).

const PHOTO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="#0d6b61"/></svg>`;

async function ownerHome(
  page: Page,
  people: { accountingTeam: () => Promise<{ owner: { email: string } }> },
  request: Parameters<typeof apiLogin>[0],
) {
  const { owner } = await people.accountingTeam();
  await openLoggedIn(page, await apiLogin(request, owner.email), "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
}

test("[dialogs] 'Conta': opened with Enter, Tab wraps both ways (panels open or closed), Escape returns to the avatar", async ({
  page,
  request,
  people,
}) => {
  await ownerHome(page, people, request);
  const opener = page.getByTestId("profile-button");
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Conta" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Perfil" })).toBeVisible(); // loaded
  await expectFocusTrapped(page, drawer);

  // An open panel adds its controls to the walk; the closed ones stay out of it.
  await tabTo(page, drawer.getByRole("button", { name: "Perfil" }));
  await page.keyboard.press("Enter");
  await expect(drawer.getByRole("button", { name: "Editar" })).toBeVisible();
  const withPanel = await expectFocusTrapped(page, drawer);
  expect(withPanel).toBeGreaterThan(5);
  await tabTo(page, drawer.getByRole("button", { name: "Editar" }));
  await page.keyboard.press("Enter");
  await expect(drawer.getByRole("button", { name: "Salver" })).toBeVisible();
  await expect(drawer.getByLabel("Nome")).toBeEditable();

  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("[dialogs] 'Buscar operador' and its 'Atenção': nested traps, Escape steps back one at a time", async ({
  page,
  request,
  people,
}) => {
  await ownerHome(page, people, request);
  const opener = page.getByRole("button", { name: "Buscar operador" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Buscar operador" });
  await expect(drawer.getByTestId("operator-item")).toHaveCount(4);
  await expectFocusTrapped(page, drawer);

  // open the third operator (type 2) and ask to remove them
  const row = drawer.getByTestId("operator-item").nth(2);
  await tabTo(page, row.getByRole("button").first());
  await page.keyboard.press("Enter");
  const remove = row.getByRole("button", { name: "Excluir" });
  await expect(remove).toBeVisible();
  await tabTo(page, remove);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Atenção" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveAccessibleDescription(/Você tem certeza que deseja prosseguir com a remoção/);
  await expectFocusTrapped(page, confirm);

  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("[dialogs] 'Escritório' inside 'Conta': its own trap, 'Fechar' returns to its button", async ({
  page,
  request,
  people,
}) => {
  await ownerHome(page, people, request);
  await tabTo(page, page.getByTestId("profile-button"));
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Conta" });
  const officeButton = drawer.getByRole("button", { name: "Escritório" });
  await tabTo(page, officeButton);
  await page.keyboard.press("Enter");
  const office = page.getByRole("dialog", { name: "Escritório" });
  await expect(office.getByRole("button", { name: "Editar" })).toBeVisible();
  await expectFocusTrapped(page, office);
  await tabTo(page, office.getByRole("button", { name: "Fechar" }));
  await page.keyboard.press("Enter");
  await expect(office).toHaveCount(0);
  await expect(officeButton).toBeFocused();
  // the drawer's own close button (×) gives the focus back to the avatar
  await tabTo(page, drawer.getByRole("button", { name: "Fechar" }));
  await page.keyboard.press("Enter");
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId("profile-button")).toBeFocused();
});

test("[dialogs] the reposition dialog: opened from 'Alterar foto' by keyboard, trapped, Escape returns", async ({
  page,
  request,
  people,
}) => {
  await ownerHome(page, people, request);
  await tabTo(page, page.getByTestId("profile-button"));
  await page.keyboard.press("Enter");
  const photo = page.getByRole("dialog", { name: "Conta" }).getByRole("button", { name: "Alterar foto" });
  await tabTo(page, photo);
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (
    await chooser
  ).setFiles({ name: "foto.png", mimeType: "image/png", buffer: await sharp(Buffer.from(PHOTO_SVG)).png().toBuffer() });
  const dialog = page.getByRole("dialog", { name: "Reposicione a imagem utilizando o mouse" });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  // the zoom works from the keyboard too
  await tabTo(page, dialog.getByRole("slider", { name: "Zoom" }));
  await page.keyboard.press("End");
  await expect(dialog.getByRole("slider", { name: "Zoom" })).toHaveValue("5");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(photo).toBeFocused();
});

test("[dialogs] a click outside a drawer closes it and gives the focus back", async ({ page, request, people }) => {
  await ownerHome(page, people, request);
  const opener = page.getByRole("button", { name: "Buscar operador" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Buscar operador" })).toBeVisible();
  await page.mouse.click(20, 400); // the overlay, left of the drawer
  await expect(page.getByRole("dialog", { name: "Buscar operador" })).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("[dialogs] the landing's 'Criar conta' dialog by keyboard", async ({ page }) => {
  await page.goto("/");
  const trigger = page.getByRole("banner").locator("[aria-haspopup=dialog]");
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Criar conta" });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
});

test("[dialogs] login, platform choice and the shell by keyboard alone", async ({ page, people }) => {
  const partner = await people.bothPlatforms();
  await page.goto("/login");
  await tabTo(page, page.getByRole("textbox", { name: "E-mail" }));
  await page.keyboard.type(partner.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { name: "Escolha qual plataforma acessar:" });
  await expect(heading).toBeFocused(); // announced where the form was
  await tabTo(page, page.getByRole("button", { name: /^Business/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle("Bloco | Empresa");
  await tabTo(page, page.getByRole("button", { name: /^Trocar plataforma/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveTitle("Bloco | Contabilidade");
});

test("[dialogs] a drawer whose script cannot be fetched: said in place, Escape closes it, 'Tentar novamente' opens it, focus back on the opener", async ({
  page,
  request,
  people,
}) => {
  await ownerHome(page, people, request);
  await page.waitForLoadState("networkidle"); // every script of the page itself is in
  // From now on no script arrives: the drawer's own chunk is the first one asked for.
  const chunks = "**/_next/static/chunks/**";
  await page.route(chunks, (route) => route.abort("internetdisconnected"));

  const opener = page.getByTestId("profile-button");
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const failed = page.getByRole("alertdialog", {
    name: "Não foi possível abrir esta parte da tela. Verifique sua conexão e tente novamente.",
  });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole("button", { name: "Tentar novamente" })).toBeFocused();
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible(); // the page itself stays
  await expectNoAxeViolations(page, "a part that could not be fetched");

  // Escape closes it as the drawer's own close would: the opener has the focus and can ask again.
  await page.keyboard.press("Escape");
  await expect(failed).toHaveCount(0);
  await expect(opener).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(failed).toBeVisible();
  await expect(failed.getByRole("button", { name: "Fechar" })).toBeVisible();

  // The connection is back: the retry fetches the script, and the drawer opens as it always does.
  await page.unroute(chunks);
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Conta" });
  await expect(drawer.getByRole("button", { name: "Perfil" })).toBeVisible();
  await expect(failed).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("[dialogs] a drawer whose script hangs: after 120 s (spec §8) it is said in place, and the retry opens it", async ({
  page,
  request,
  people,
}) => {
  await page.clock.install(); // time runs as usual; the test moves it past the timeout instead of waiting
  await ownerHome(page, people, request);
  await page.waitForLoadState("networkidle");
  const chunks = "**/_next/static/chunks/**";
  const hanging: (() => Promise<void>)[] = [];
  await page.route(chunks, (route) => void hanging.push(() => route.continue())); // asked for, never answered
  await page.getByTestId("profile-button").click();
  await expect.poll(() => hanging.length).toBeGreaterThan(0);
  const failed = page.getByRole("alertdialog", {
    name: "Não foi possível abrir esta parte da tela. Verifique sua conexão e tente novamente.",
  });
  await page.clock.fastForward(119_000);
  await expect(page.getByRole("dialog", { name: "Conta" })).toHaveCount(0);
  await expect(failed).toHaveCount(0); // not before its time
  await page.clock.fastForward(2_000);
  await expect(failed).toBeVisible();
  await page.unroute(chunks);
  await Promise.all(hanging.map((answer) => answer().catch(() => undefined)));
  await failed.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(page.getByRole("dialog", { name: "Conta" }).getByRole("button", { name: "Perfil" })).toBeVisible();
});
