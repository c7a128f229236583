import { messages } from "@/lib/i18n/messages";
import { THEME_STORAGE_KEY } from "@/components/shell/theme";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/data";
import { tabTo } from "./support/keyboard";
import { apiLogin, openLoggedIn, writeStorage } from "./support/session";

// app/global-error.tsx: a page that throws while rendering in the browser shows Bloco's pt-BR error
// screen (never Next's English one), in the user's theme, and 'Tentar novamente' renders it again.

const t = messages.errorPage;

/** An unexpected failure while /home renders its cards: the date formatter throws until the test lifts it. */
async function breakDatesOnHome(page: import("@playwright/test").Page) {
  await page.addInitScript(() => {
    const formatToParts = Intl.DateTimeFormat.prototype.formatToParts;
    const state = window as unknown as { __datesFixed?: boolean };
    Intl.DateTimeFormat.prototype.formatToParts = function (this: Intl.DateTimeFormat, date?: Date | number) {
      if (location.pathname === "/home" && !state.__datesFixed) throw new Error("falha simulada ao formatar uma data");
      return formatToParts.call(this, date);
    };
  });
}

test("[error] a render failure shows the pt-BR error screen; it passes axe and 'Tentar novamente' renders the page again", async ({
  page,
  request,
  people,
}) => {
  const office = await people.officeWithClient();
  const tokens = await apiLogin(request, office.owner.email);
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await breakDatesOnHome(page);

  await openLoggedIn(page, tokens, "accounting", "/home");
  const title = page.getByRole("heading", { level: 1, name: t.title });
  await expect(title).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(t.text);
  await expect(page.locator("body")).not.toContainText("This page couldn");
  await expect(page).toHaveTitle("Bloco");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expectNoAxeViolations(page, "the error screen");

  // from the keyboard alone: Tab to 'Tentar novamente', Enter
  await page.evaluate(() => ((window as unknown as { __datesFixed: boolean }).__datesFixed = true));
  const retry = page.getByRole("button", { name: t.retry });
  await tabTo(page, retry);
  await page.keyboard.press("Enter");
  await expect(page.locator(`[data-testid="client-card"][data-client-id="${office.client.id}"]`)).toContainText(
    office.client.name,
  );
  await expect(title).toHaveCount(0);
  expect(pageErrors).toEqual([]); // the failure was caught by the screen, not left uncaught
});

test("[error] the error screen keeps the dark theme the user chose, and 'Ir para o início' loads /home", async ({
  page,
  request,
  people,
}) => {
  const office = await people.officeWithClient();
  const tokens = await apiLogin(request, office.owner.email);
  await breakDatesOnHome(page);
  await page.goto("/register");
  await writeStorage(page, THEME_STORAGE_KEY, "dark");
  await openLoggedIn(page, tokens, "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page, "the error screen, dark");

  const home = page.getByRole("link", { name: t.home });
  await expect(home).toHaveAttribute("href", "/home");
  // a full load (a client navigation fires no load event); the formatter still fails there, so the screen comes back
  const loaded = page.waitForEvent("load");
  await home.click();
  await loaded;
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
});
