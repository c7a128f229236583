import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// The drawer 'Conta' of an office owner: profile edit with validation, photo, office data. Each test
// edits an owner and an office of its own (support/data), never the shared demo owner.

const drawer = (page: Page) => page.getByRole("dialog", { name: "Conta" });
const PHOTO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="#0d6b61"/><circle cx="240" cy="160" r="90" fill="#f39a52"/></svg>`;

async function openAccount(page: Page) {
  await page.getByTestId("profile-button").click();
  await expect(drawer(page)).toBeVisible();
}

test("[profile] Perfil: invalid CPF and e-mail beside the labels, then Salver renames the owner", async ({
  page,
  request,
  people,
}) => {
  const { owner } = await people.accountingTeam();
  const tokens = await apiLogin(request, owner.email);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await openAccount(page);
  await drawer(page).getByRole("button", { name: "Perfil" }).click();
  await drawer(page).getByRole("button", { name: "Editar" }).click();

  const cpf = drawer(page).getByLabel("CPF");
  const email = drawer(page).getByLabel("E-mail");
  await cpf.fill("11111111111");
  await expect(cpf).toHaveValue("111.111.111-11"); // masked while typing
  await email.fill("nao-e-um-email");
  await drawer(page).getByRole("button", { name: "Salver" }).click();
  await expect(drawer(page).getByText("CPF inválido")).toBeVisible();
  await expect(drawer(page).getByText("Este e-mail não é válido")).toBeVisible();
  await expect(cpf).toHaveAttribute("aria-invalid", "true");

  await cpf.fill("529.982.247-25"); // typing clears that field's error only
  await expect(drawer(page).getByText("CPF inválido")).toHaveCount(0);
  await expect(drawer(page).getByText("Este e-mail não é válido")).toBeVisible();
  await email.fill(owner.email); // unchanged: no 'Senha atual' needed
  const name = `Carlos Mendes ${Date.now() % 100000}`;
  await drawer(page).getByLabel("Nome").fill(name);
  await drawer(page).getByLabel("Telefone").fill("11987654321");
  await drawer(page).getByRole("button", { name: "Salver" }).click();
  await expect(drawer(page).getByRole("button", { name: "Editar" })).toBeVisible();
  await expect(drawer(page).getByLabel("CPF")).toHaveValue("529.982.247-25");

  await page.reload();
  await expect(page.getByTestId("user-name")).toHaveText(name);
});

test("[profile] Cancelar restores the values and clears the errors", async ({ page, request, people }) => {
  const { owner } = await people.accountingTeam();
  const tokens = await apiLogin(request, owner.email);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await openAccount(page);
  await drawer(page).getByRole("button", { name: "Perfil" }).click();
  const nameField = drawer(page).getByLabel("Nome");
  const before = await nameField.inputValue();
  await drawer(page).getByRole("button", { name: "Editar" }).click();
  await nameField.fill("");
  await drawer(page).getByRole("button", { name: "Salver" }).click();
  await expect(drawer(page).getByText("Este campo não pode ficar vazio")).toBeVisible();
  await drawer(page).getByRole("button", { name: "Cancelar" }).click();
  await expect(nameField).toHaveValue(before);
  await expect(drawer(page).getByText("Este campo não pode ficar vazio")).toHaveCount(0);
});

test("[profile] a new photo is cropped in the reposition dialog and replaces the avatar", async ({
  page,
  request,
  people,
}) => {
  const { owner } = await people.accountingTeam();
  const tokens = await apiLogin(request, owner.email);
  await openLoggedIn(page, tokens, "accounting", "/home");
  const headerAvatar = page.getByTestId("profile-button").locator("img");
  await expect(page.getByTestId("profile-button")).toBeVisible();
  const before = (await headerAvatar.count()) ? await headerAvatar.getAttribute("src") : null;
  await openAccount(page);

  const png = await sharp(Buffer.from(PHOTO_SVG)).png().toBuffer();
  await drawer(page).getByTestId("photo-input").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png });
  const dialog = page.getByRole("dialog", { name: "Reposicione a imagem utilizando o mouse" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("slider", { name: "Zoom" })).toHaveAttribute("max", "5");
  await dialog.getByRole("slider", { name: "Zoom" }).fill("2");
  const area = dialog.getByTestId("crop-area");
  const box = await area.boundingBox();
  if (box) {
    await page.mouse.move(box.x + 100, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + 120, { steps: 4 });
    await page.mouse.up();
  }
  const upload = page.waitForResponse((response) => response.url().includes("/api/operator/update/photo"));
  await dialog.getByRole("button", { name: "Salvar" }).click();
  expect((await upload).status()).toBe(200);
  await expect(dialog).toHaveCount(0);
  await expect(headerAvatar).toHaveAttribute("src", /.+/);
  if (before !== null) await expect(headerAvatar).not.toHaveAttribute("src", before);
});

test("[profile] 'Escritório': an invalid CEP is refused, a valid one is saved", async ({ page, request, people }) => {
  const { owner } = await people.accountingTeam();
  const tokens = await apiLogin(request, owner.email);
  await openLoggedIn(page, tokens, "accounting", "/home");
  await openAccount(page);
  await drawer(page).getByRole("button", { name: "Escritório" }).click();
  const office = page.getByRole("dialog", { name: "Escritório" });
  await expect(office.getByLabel("CNJP")).toBeVisible(); // misspelt so in the UI (spec §2)
  await office.getByRole("button", { name: "Editar" }).click();
  await office.getByLabel("CEP").fill("0131");
  await office.getByRole("button", { name: "Salver" }).click();
  await expect(office.getByText("CEP inválido")).toBeVisible();
  await office.getByLabel("CEP").fill("04538133");
  await expect(office.getByLabel("CEP")).toHaveValue("04538-133");
  await office.getByLabel("Rua").fill("Avenida Brigadeiro Faria Lima");
  const saved = page.waitForResponse(
    (response) => response.url().includes("/api/accounting/info") && response.request().method() === "POST",
  );
  await office.getByRole("button", { name: "Salver" }).click();
  expect((await saved).status()).toBe(200);
  await expect(office.getByRole("button", { name: "Editar" })).toBeVisible();

  const info = await request.get("/api/accounting/info", { headers: { authorization: `Bearer ${tokens.access}` } });
  const { data } = (await info.json()) as { data: { address: { cep: string; street: string } } };
  expect(data.address).toMatchObject({ cep: "04538133", street: "Avenida Brigadeiro Faria Lima" });
});
