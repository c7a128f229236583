// Screenshots sign-up screens at 1440px and 390px, light and dark, into .data/screenshots/:
// the /register wizard (each step, a step with its errors, the fourth step after a real sign-up), the
// sign-up link page (the owner sets its password) and the client company's registration page (empty and
// with its errors). Creates offices and invites in the dev database it runs against (reads the links
// from GET /api/dev/outbox). Usage: node scripts/screenshots-signup.mjs [baseUrl] (default http://127.0.0.1:3000).
import { fillCompanySlide } from "./lib/register.mjs";
import { baseUrl, forEachView, saveShot, withPage } from "./lib/screenshots.mjs";

const OWNER = "dono@escritorio.demo";
const stamp = Date.now().toString(36);

function mod11(digits, weights) {
  const sum = weights.reduce((acc, w, i) => acc + Number(digits[i]) * w, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}
const randomDigits = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
function cpf() {
  const base = randomDigits(9);
  const d1 = mod11(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(base + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base + d1 + d2;
}
function cnpj() {
  const base = randomDigits(8) + "0001";
  const d1 = mod11(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base + d1 + d2;
}

async function linkTo(page, email) {
  for (let i = 0; i < 50; i++) {
    const mails = await page.evaluate(async () => (await (await fetch("/api/dev/outbox")).json()).data);
    const mail = mails.find((m) => m.to === email);
    const path = mail?.text.match(/\/convite\/[A-Za-z0-9_-]+/)?.[0];
    if (path) return path;
    await page.waitForTimeout(200);
  }
  throw new Error(`no link for ${email}`);
}

/** The demo owner invites `invited` as a client company (a second run finds it already invited: the first link is still good). */
async function inviteClient(page, invited) {
  await page.evaluate(
    async ({ owner, invited }) => {
      const login = await fetch("/api/token/", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: owner, password: "demo1234" }),
      });
      const { data } = await login.json();
      await fetch("/api/invited/add", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${data.access}` },
        body: JSON.stringify({ email: invited, kind: "client" }),
      });
    },
    { owner: OWNER, invited },
  );
}

async function run(page, { size, theme, tag }) {
  const shot = (name) => saveShot(page, `signup-${name}-${tag}`, { fullPage: true });
  const email = `escritorio-${stamp}-${size}-${theme}@exemplo.com`;
  const next = (name = "Continuar") => page.getByRole("button", { name }).click();

  await page.goto(`${baseUrl}/register`);
  await page.getByRole("heading", { name: "Dados do perfil" }).waitFor();
  await shot("step1");
  await page.getByLabel("CPF").fill("111.111.111-11");
  await next();
  await page.getByText("CPF inválido").waitFor();
  await shot("step1-errors");
  await page.getByLabel("Nome", { exact: true }).fill("Mariana");
  await page.getByLabel("Sobrenome").fill("Albuquerque");
  await page.getByLabel("CPF").fill(cpf());
  await page.getByLabel("Telefone").fill("11987654321");
  await next();
  await page.getByRole("heading", { name: "Dados da empresa" }).waitFor();
  await shot("step2");
  await fillCompanySlide(page, { name: "Albuquerque Contabilidade", cnpj: cnpj(), email });
  await next();
  await page.getByRole("heading", { name: "Informações de pagamento" }).waitFor();
  await page.getByLabel("Numero do cartao").fill("4111111111111111");
  await shot("step3");
  await next("Continuar");
  await page.getByRole("heading", { name: "Verifique o seu e-mail" }).waitFor();
  await shot("step4");

  await page.goto(baseUrl + (await linkTo(page, email)));
  await page.getByRole("heading", { name: "Ative o seu escritório" }).waitFor();
  await shot("link-owner");

  // A client company invite from the demo owner, then its registration page.
  const clientEmail = `empresa-${stamp}-${size}-${theme}@exemplo.com`;
  await inviteClient(page, clientEmail);
  await page.goto(baseUrl + (await linkTo(page, clientEmail)));
  await page.getByRole("heading", { name: "Cadastro da empresa" }).waitFor();
  await shot("client");
  await page.getByLabel("CNPJ").fill("11.111.111/1111-11");
  await page.getByRole("button", { name: "Cadastrar empresa" }).click();
  await page.getByText("CNPJ inválido").waitFor();
  await shot("client-errors");
  await page.getByRole("radio", { name: "Pessoa física" }).check();
  await page.getByLabel("Nome Completo").fill("Carlos Autônomo");
  await shot("client-individual");

  // An invited e-mail that already has a login (another office's owner): only its current password.
  const existing = "dono@outro.demo";
  await inviteClient(page, existing);
  await page.goto(baseUrl + (await linkTo(page, existing)));
  await page.getByRole("heading", { name: "Cadastro da empresa" }).waitFor();
  await shot("client-existing");
}

await forEachView((browser, view) => withPage(browser, view, (page) => run(page, view)));
