// Screenshots of the public pages (issue 3) at 1440px and 390px, light and dark, into .data/screenshots/:
// the landing page (and its dialog), each sign-up step, /colorlab and the two e-mailed link pages with an
// invalid token. Usage: node scripts/screenshots-public.mjs [baseUrl] (default BASE_URL or :3000).
import { launchBrowser, shoot, THEMES, VIEWPORTS } from "./lib/screenshots.mjs";
const SAMPLE = [
  ["Nome", "Mariana"], ["Sobrenome", "Albuquerque"], ["CPF", "52998224725"], ["Telefone", "11987654321"],
];

const next = (page) => page.getByRole("button", { name: "Continuar" }).click();

async function registerStep(page, step) {
  for (const [label, value] of SAMPLE) await page.getByLabel(label, { exact: true }).fill(value);
  if (step >= 1) {
    await next(page);
    await page.getByLabel("Nome da empresa").fill("Contabilidade Albuquerque Ltda.");
    await page.getByLabel("CNPJ").fill("11222333000181");
    await page.getByLabel("CEP").fill("01310100");
  }
  if (step >= 2) {
    await next(page);
    await page.getByLabel("Numero do cartao").fill("4111111111111111");
    await page.getByLabel("Validade").fill("1229");
  }
  if (step >= 3) await next(page);
}

async function invalidReset(page) {
  await page.getByLabel("Nova senha").fill("segredo1");
  await page.getByLabel("Confirmar senha").fill("segredo1");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await page.getByText("Link inválido ou expirado.").waitFor();
}

async function main() {
  const browser = await launchBrowser();
  try {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of THEMES) {
        const tag = `${size}-${theme}`;
        const base = { viewport, theme };
        await shoot(browser, { ...base, name: `landing-${tag}`, path: "/" });
        await shoot(browser, {
          ...base,
          name: `landing-dialog-${tag}`,
          path: "/",
          fullPage: false,
          prepare: (page) => page.getByRole("banner").locator("[aria-haspopup=dialog]").getByText("Criar conta").click(),
        });
        for (const step of [0, 1, 2, 3]) {
          await shoot(browser, { ...base, name: `register-${step + 1}-${tag}`, path: "/register?email=contato%40exemplo.com.br", prepare: (page) => registerStep(page, step) });
        }
        await shoot(browser, { ...base, name: `colorlab-${tag}`, path: "/colorlab" });
        await shoot(browser, { ...base, name: `invite-invalid-${tag}`, path: "/convite/token-invalido" });
        await shoot(browser, { ...base, name: `reset-form-${tag}`, path: "/redefinir-senha/token-invalido" });
        await shoot(browser, { ...base, name: `reset-invalid-${tag}`, path: "/redefinir-senha/token-invalido", prepare: invalidReset });
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
