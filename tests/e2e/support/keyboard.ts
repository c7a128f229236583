import { expect, type Locator, type Page } from "@playwright/test";

// Keyboard-only helpers: reach a control with Tab, and check that a dialog keeps Tab and Shift+Tab
// inside itself, wrapping at both ends.

/** A stable description of the focused element: its position in the document, tag and name. */
function focusedSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "body";
    const index = Array.prototype.indexOf.call(document.querySelectorAll("*"), active);
    const name = active.getAttribute("aria-label") ?? active.textContent?.trim().slice(0, 40) ?? "";
    return `${index}:${active.tagName}:${name}`;
  });
}

/** Presses Tab until `target` has the focus (at most `limit` presses). */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

const holdsFocus = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

/**
 * From the control focused now, Tab walks every control of `dialog` and comes back to it (wraps), never
 * leaving the dialog; Shift+Tab from there reaches the last control (wraps the other way). Returns how
 * many controls the walk met.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, limit = 60): Promise<number> {
  await expect.poll(() => holdsFocus(dialog), { message: "focus moves into the dialog" }).toBe(true);
  // A dialog whose content was still loading when it opened focuses itself: start from its first control.
  if (await dialog.evaluate((element) => element === document.activeElement)) await page.keyboard.press("Tab");
  const first = await focusedSignature(page);
  const walk: string[] = [first];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    expect(await holdsFocus(dialog), `Tab ${i + 1} left the dialog (after ${walk.at(-1)})`).toBe(true);
    const now = await focusedSignature(page);
    if (now === first) break;
    walk.push(now);
  }
  expect(await focusedSignature(page), `Tab never came back to ${first}: ${walk.join(" → ")}`).toBe(first);
  expect(walk.length, "the dialog has more than one control").toBeGreaterThan(1);
  await page.keyboard.press("Shift+Tab");
  expect(await focusedSignature(page), "Shift+Tab from the first control wraps to the last").toBe(walk.at(-1));
  await page.keyboard.press("Tab");
  expect(await focusedSignature(page)).toBe(first);
  return walk.length;
}

/**
 * The categorization form's 'Conta' field, which has the focus: types the account's code, picks its
 * option with Enter and checks the field shows it. Answers the field.
 */
export async function chooseAccountByKeyboard(
  page: Page,
  account: { code: string; description: string },
): Promise<Locator> {
  const field = page.getByRole("combobox", { name: "Conta" });
  const label = `${account.code} - ${account.description}`;
  await expect(field).toBeFocused();
  await page.keyboard.type(account.code);
  await expect(page.getByRole("option", { name: label })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(field).toHaveValue(label);
  return field;
}
