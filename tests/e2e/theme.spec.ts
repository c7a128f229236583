import { expect, test } from "@playwright/test";

// Dark mode is a class on <html>: the system setting until the user chooses, then the stored choice.
test.describe("[theme] dark and light", () => {
  test.use({ colorScheme: "dark" });

  test("[theme] follows prefers-color-scheme until a choice is stored", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.evaluate(() => localStorage.setItem("bloco.theme", "light"));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.evaluate(() => localStorage.removeItem("bloco.theme"));
    // Live, without a reload. The page follows the system from its hydration on (before it, the theme
    // is the one set before the first paint): the system's theme is flipped until a flip is followed.
    await expect(async () => {
      await page.emulateMedia({ colorScheme: "light" });
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("html")).toHaveClass(/\bdark\b/, { timeout: 1_000 });
    }).toPass();
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
  });
});
