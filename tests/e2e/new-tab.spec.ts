import type { Page } from "@playwright/test";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// A client page opened in a new tab (Ctrl-click, middle click) knows its client: the link's hand-off
// key names the client the opening tab wrote, the new tab adopts it and drops the key from its address.

test.use({ viewport: { width: 1440, height: 900 } });

type LinkClick = { href: string | null; prevented: boolean };

/**
 * Clicks a link with a modifier or the middle button and answers the tab that click opens, loaded.
 * The browser opens the tab for any such click on an `<a href>` that the page leaves alone; Playwright
 * 1.62 and later sometimes never reports that tab, so waiting for its "page" event hangs now and then.
 * Instead the page records, after its own handlers ran, whether the click's default action was left to
 * the browser and which address the link held at that moment; the tab is then opened on that address in
 * the same context: a shared localStorage (where the hand-off lives) and an empty sessionStorage, as a
 * new tab has.
 */
async function openedTab(page: Page, click: () => Promise<void>): Promise<Page> {
  await page.evaluate(() => {
    const record = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (link)
        (window as unknown as { lastLinkClick: LinkClick }).lastLinkClick = {
          href: link.getAttribute("href"),
          prevented: event.defaultPrevented,
        };
    };
    (window as unknown as { lastLinkClick: LinkClick | null }).lastLinkClick = null;
    // bubbling listeners on window run after React's, which sit on the app's root
    window.addEventListener("click", record, { once: true });
    window.addEventListener("auxclick", record, { once: true });
  });
  await click();
  let clicked: LinkClick | null = null;
  await expect
    .poll(async () => {
      clicked = await page.evaluate(() => (window as unknown as { lastLinkClick: LinkClick | null }).lastLinkClick);
      return clicked;
    })
    .toEqual({ href: expect.stringMatching(/^\/home\/client.*\?aba=[0-9a-f]{24}$/), prevented: false });
  const tab = await page.context().newPage();
  await tab.goto(clicked!.href!);
  return tab;
}

test("[new tab] Ctrl-click on a client card, Categorizar and Contabilizar, and a middle click, open that client's screens", async ({
  page,
  request,
  people,
}) => {
  const team = await people.officeWithClient();
  await openLoggedIn(page, await apiLogin(request, team.operator.email), "accounting", "/home");
  const card = page.locator(`[data-testid="client-card"][data-client-id="${team.client.id}"] a`);

  const detail = await openedTab(page, () => card.click({ modifiers: ["Control"] }));
  await expect(detail.getByRole("heading", { level: 1, name: team.client.name })).toBeVisible();
  await expect(detail).toHaveURL(/\/home\/client$/); // the key left the address
  await expect(page).toHaveURL(/\/home$/); // the list stayed

  const categorize = await openedTab(detail, () =>
    detail.getByTestId("side-categorize").click({ modifiers: ["Control"] }),
  );
  await expect(categorize.getByRole("heading", { level: 1, name: "Categorizar blocos" })).toBeVisible();
  await expect(categorize.getByText(team.client.name)).toBeVisible();
  await expect(categorize).toHaveURL(/\/home\/client\/categorization$/);

  const contabilize = await openedTab(detail, () =>
    detail.getByTestId("side-contabilize").click({ modifiers: ["Control"] }),
  );
  await expect(contabilize.getByRole("heading", { level: 1, name: team.client.name })).toBeVisible();
  await expect(contabilize).toHaveURL(/\/home\/client\/contabilization$/);
  await contabilize.close();

  const middle = await openedTab(detail, () => detail.getByTestId("side-categorize").click({ button: "middle" }));
  await expect(middle.getByRole("heading", { level: 1, name: "Categorizar blocos" })).toBeVisible();
  await expect(middle.getByText(team.client.name)).toBeVisible();

  // a plain click stays in the tab, with no key in the address
  await detail.getByTestId("side-categorize").click();
  await expect(detail).toHaveURL(/\/home\/client\/categorization$/);
});
