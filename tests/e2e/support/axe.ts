import axe from "axe-core";
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
  // axe-core goes into the document once (its public `source`, as its own docs inject it): a client-side
  // navigation keeps it for the next check, a new document gets it again. Injecting it was most of a
  // check's time (about 0.4 s of 0.55 s), and the app has no frames to look into. Only the violations
  // are collected.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((results) =>
          results.violations.map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            targets: violation.nodes.map((node) => node.target.join(" ")),
          })),
        ),
    TAGS,
  );
  const summary = violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(", ")}`,
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

/** The size an office works at: its journeys run at it. */
export const OFFICE_VIEWPORT = { width: 1440, height: 900 } as const;
const PHONE_WIDTH = { width: 390, height: 844 } as const;

/**
 * axe on the page as it stands at 1440 px, then on the same state resized to a phone's 390 px (not
 * reloaded), then back at 1440 px for the journey to go on. The office's journeys run at 1440 px; this
 * keeps their screens measured at a phone's width without running each journey twice.
 */
export async function expectNoAxeViolationsAtBothWidths(page: Page, scene: string): Promise<void> {
  await expectNoAxeViolations(page, `${scene} (1440 px)`);
  await page.setViewportSize(PHONE_WIDTH);
  await expectNoAxeViolations(page, `${scene} (390 px)`);
  await page.setViewportSize(OFFICE_VIEWPORT);
}
