import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

// The accessibility check every journey relies on (support/axe.ts) must be able to fail: a violation made
// in a page it has already checked (axe kept in the document) is reported by its rule.
test("[axe] the check reports a violation made after an earlier check of the same page", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await expectNoAxeViolations(page, "/login");
  await page.evaluate(() => document.body.append(Object.assign(document.createElement("img"), { src: "/x.png" })));
  await expect(expectNoAxeViolations(page, "/login with an image without alt")).rejects.toThrow(/image-alt/);
});
