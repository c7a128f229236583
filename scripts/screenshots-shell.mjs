// Screenshots of the logged-in shell at 1440px and 390px, light and dark, into .data/screenshots/:
// /home, the drawers 'Conta' and 'Buscar operador', the photo reposition dialog, the office dialog and the
// confirmation dialog. Usage: node scripts/screenshots-shell.mjs [baseUrl] (default http://127.0.0.1:3000,
// the dev server with demo data).
import sharp from "sharp";
import { baseUrl, shootScenes } from "./lib/screenshots.mjs";
const OWNER = "dono@escritorio.demo";
const CLIENT = "cliente@empresa.demo";

const PHOTO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d6b61"/><stop offset="1" stop-color="#f39a52"/></linearGradient></defs><rect width="640" height="420" fill="url(#g)"/><circle cx="320" cy="190" r="90" fill="#fff" opacity="0.85"/></svg>`;

/** Every scene starts from /home with its heading shown. */
async function home(page) {
  await page.goto(`${baseUrl}/home`);
  await page.getByRole("heading", { level: 1 }).waitFor();
}

const openProfile = (page) => page.getByTestId("profile-button").click();
const openOperators = (page) => page.getByRole("button", { name: "Buscar operador" }).click();

const CLIENT_SCENES = {
  "client-contact": async (page) => {
    await openProfile(page);
    await page.getByRole("button", { name: "Contato" }).click();
  },
  "client-company": async (page) => {
    await openProfile(page);
    await page.getByRole("button", { name: /^(Empresa|Endereço)$/ }).click();
  },
  "client-operators": async (page) => {
    await openOperators(page);
    await page.getByTestId("operator-item").first().getByRole("button").first().click();
  },
};

const SCENES = {
  home: async () => {},
  "drawer-profile": openProfile,
  "profile-errors": async (page) => {
    await openProfile(page);
    await page.getByRole("button", { name: "Perfil" }).click();
    await page.getByRole("button", { name: "Editar" }).click();
    await page.getByLabel("CPF").fill("111.111.111-11");
    await page.getByLabel("E-mail").fill("nao-e-email");
    await page.getByRole("button", { name: "Salver" }).click();
    await page.getByText("CPF inválido").waitFor();
  },
  "photo-reposition": async (page) => {
    await openProfile(page);
    const png = await sharp(Buffer.from(PHOTO_SVG)).png().toBuffer();
    await page
      .getByTestId("photo-input")
      .first()
      .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png });
    await page.getByText("Reposicione a imagem utilizando o mouse").waitFor();
  },
  "office-dialog": async (page) => {
    await openProfile(page);
    await page.getByRole("button", { name: "Escritório" }).click();
    await page.getByRole("button", { name: "Editar" }).click();
    await page.getByLabel("CEP").fill("123");
    await page.getByRole("button", { name: "Salver" }).click();
    await page.getByText("CEP inválido").waitFor();
  },
  "operators-list": async (page) => {
    await openOperators(page);
    await page.getByTestId("operator-item").nth(2).getByRole("button").first().click();
  },
  "operators-add": async (page) => {
    await openOperators(page);
    await page.getByRole("button", { name: "Adicionar operador" }).click();
    await page.getByLabel("E-mail").fill("invalido");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  },
  "operators-invite-added": async (page) => {
    await openOperators(page);
    await page.getByRole("button", { name: "Adicionar operador" }).click();
    await page.getByLabel("E-mail").fill(`novo.${Date.now()}@escritorio.demo`);
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.getByText("Novo", { exact: true }).waitFor();
  },
  "invite-remove-confirm": async (page) => {
    await openOperators(page);
    await page.getByRole("button", { name: "Adicionar operador" }).click();
    await page
      .getByRole("button", { name: /^Remover / })
      .first()
      .click();
    await page.getByRole("alertdialog").waitFor();
  },
  "confirm-dialog": async (page) => {
    await openOperators(page);
    const item = page.getByTestId("operator-item").nth(2);
    await item.getByRole("button").first().click();
    await item.getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("alertdialog").waitFor();
  },
};

await shootScenes({ prefix: "shell", scenes: SCENES, user: OWNER, before: home });
await shootScenes({ prefix: "shell", scenes: CLIENT_SCENES, user: CLIENT, before: home });
