import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// axe-core on the page as it stands: WCAG 2.x A and AA, axe's best practices, and its experimental
// rules (label-content-name-mismatch among them). Animations are let finish first, so a drawer fading
// in is not measured half transparent.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"];

export async function settled(page: Page): Promise<void> {
  // Finite animations only: a spinner turns forever.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

export async function expectNoAxeViolations(page: Page, scene: string): Promise<void> {
  await settled(page);
  // Legacy mode runs axe in the page itself: by default the builder opens a blank page to put the
  // frames' results together, a renderer started and axe injected again on every call, and the app has no
  // frames. Only the violations are read, so axe keeps one node per passed or inapplicable rule instead of
  // every node it looked at. Together: about 0.7 s per call instead of 2.2–2.5 s, the same rules.
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe on ${scene}`).toEqual([]);
}

/** UI_SHOTS=1: the screen as it stands, light and dark, into .data/screenshots/ (for review, not asserted). */
export async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.UI_SHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await settled(page);
    await page.screenshot({ path: `.data/screenshots/${name}-${page.viewportSize()?.width}-${theme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
