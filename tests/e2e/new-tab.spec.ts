import type { Page } from "@playwright/test";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// A client page opened in a new tab (Ctrl-click, middle click) knows its client: the link's hand-off
// key names the client the opening tab wrote, the new tab adopts it and drops the key from its address.

test.use({ viewport: { width: 1440, height: 900 } });

/** Clicks `target` with `options` and answers the tab it opened, loaded. */
async function openedTab(page: Page, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent("page"), click()]);
  await tab.waitForLoadState();
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
