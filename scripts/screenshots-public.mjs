// Screenshots of the public pages at 1440px and 390px, light and dark, into .data/screenshots/:
// the landing page (and its dialog), the three sign-up slides, /colorlab and the two e-mailed link pages with an
// invalid token. Usage: node scripts/screenshots-public.mjs [baseUrl] (default BASE_URL or :3000).
import { fillCompanySlide } from "./lib/register.mjs";
import { shootScenes } from "./lib/screenshots.mjs";
const SAMPLE = [
  ["Nome", "Mariana"],
  ["Sobrenome", "Albuquerque"],
  ["CPF", "52998224725"],
  ["Telefone", "11987654321"],
];

const next = (page) => page.getByRole("button", { name: "Continuar" }).click();

async function registerStep(page, step) {
  for (const [label, value] of SAMPLE) await page.getByLabel(label, { exact: true }).fill(value);
  if (step >= 1) {
    await next(page);
    await fillCompanySlide(page, { name: "Contabilidade Albuquerque Ltda.", cnpj: "11222333000181" });
  }
  if (step >= 2) {
    await next(page);
    await page.getByLabel("Numero do cartao").fill("4111111111111111");
    await page.getByLabel("Validade").fill("1229");
  }
}

async function invalidReset(page) {
  await page.getByLabel("Nova senha").fill("segredo1");
  await page.getByLabel("Confirmar senha").fill("segredo1");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await page.getByText("Link inválido ou expirado.").waitFor();
}

const SCENES = {
  landing: { path: "/" },
  "landing-dialog": {
    path: "/",
    fullPage: false,
    prepare: (page) => page.getByRole("banner").locator("[aria-haspopup=dialog]").getByText("Criar conta").click(),
  },
  // The fourth step follows a real sign-up: screenshots-signup.mjs shoots it (signup-step4-*).
  ...Object.fromEntries(
    [0, 1, 2].map((step) => [
      `register-${step + 1}`,
      { path: "/register?email=contato%40exemplo.com.br", prepare: (page) => registerStep(page, step) },
    ]),
  ),
  colorlab: { path: "/colorlab" },
  "invite-invalid": { path: "/convite/token-invalido" },
  "reset-form": { path: "/redefinir-senha/token-invalido" },
  "reset-invalid": { path: "/redefinir-senha/token-invalido", prepare: invalidReset },
};

await shootScenes({ scenes: SCENES, fresh: true, fullPage: true, settle: 700 });
