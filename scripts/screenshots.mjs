// Screenshots of the login flow at 1440px and 390px, light and dark, into .data/screenshots/.
// Usage: node scripts/screenshots.mjs [baseUrl]   (default BASE_URL or http://127.0.0.1:3000; the app
// must be running, e.g. `npm start`). /home shots need the demo data (dono@escritorio.demo).
import { launchBrowser, shoot, THEMES, VIEWPORTS } from "./lib/screenshots.mjs";
const DEMO = { username: "dono@escritorio.demo", password: "demo1234" };
const BOTH = { username: "socio@empresa.demo", password: "demo1234" };

async function loginAs(page, { username, password }) {
  await page.getByLabel("E-mail").fill(username);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

async function main() {
  const browser = await launchBrowser();
  try {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of THEMES) {
        const tag = `${size}-${theme}`;
        await shoot(browser, { name: `login-${tag}`, path: "/login", viewport, theme });
        await shoot(browser, {
          name: `login-error-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: async (page) => {
            await loginAs(page, { username: DEMO.username, password: "wrong-password" });
            await page.locator("form").getByRole("alert").waitFor();
          },
        });
        await shoot(browser, {
          name: `login-email-invalid-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: async (page) => {
            await loginAs(page, { username: "nao-e-um-email", password: "demo1234" });
            await page.getByText("Este e-mail não é válido").waitFor();
          },
        });
        await shoot(browser, {
          name: `login-recovery-empty-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: async (page) => {
            await page.getByRole("button", { name: "Recuperar senha" }).click();
            await page
              .getByRole("region", { name: "Esqueceu a senha?" })
              .getByRole("button", { name: "Recuperar senha" })
              .click();
            await page.getByText("Informe o e-mail cadastrado para receber o link").waitFor();
          },
        });
        await shoot(browser, {
          name: `login-recovery-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: (page) => page.getByRole("button", { name: "Recuperar senha" }).click(),
        });
        await shoot(browser, {
          name: `login-chooser-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: async (page) => {
            await loginAs(page, BOTH);
            await page.getByText("Escolha qual plataforma acessar:").waitFor();
          },
        }).catch((error) => console.warn(`chooser ${tag}: ${error.message.split("\n")[0]}`));
        await shoot(browser, {
          name: `home-${tag}`,
          path: "/login",
          viewport,
          theme,
          prepare: async (page) => {
            await loginAs(page, DEMO);
            await page.waitForURL("**/home");
            await page.getByRole("heading", { level: 1 }).waitFor();
          },
        }).catch((error) => console.warn(`home ${tag}: ${error.message.split("\n")[0]}`));
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
