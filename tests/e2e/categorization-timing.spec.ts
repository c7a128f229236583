import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// Browser timing of the categorization loop, not part of `npm test`: run it with
//   CATEGORIZE_TIMING=1 npx playwright test tests/e2e/categorization-timing.spec.ts
// (BLOCKS=n to change the 50). For each block: the form is filled, then the time from the 'Salvar Bloco'
// click to the next block's image painted: the image element's Element Timing renderTime when Chromium
// reports it, and the frame after the first requestAnimationFrame that follows the image being in the
// document and complete (a paint has happened by then). p50/p95 printed and written to
// .data/categorize-browser-timing.json. The save's round trip to the server is inside the measure.

const RUN = process.env.CATEGORIZE_TIMING === "1";
const BLOCKS = Number(process.env.BLOCKS ?? 50);

test.describe.configure({ timeout: 600_000 });
test.use({ viewport: { width: 1440, height: 900 } });

type Sample = {
  blockId: number;
  painted: number;
  element: number | null;
  wasComplete: boolean;
  saveAnswered: number | null;
  committed: number | null;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Installs the observers: the click time, and for each inserted block image its paint. */
async function instrument(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __t0: number;
      __samples: Record<string, { painted?: number; element?: number; wasComplete?: boolean }>;
    };
    w.__samples = {};
    document.addEventListener(
      "click",
      (event) => {
        if (
          event.target instanceof Element &&
          event.target.closest("button[type=submit]")?.textContent?.includes("Salvar Bloco")
        ) {
          performance.clearResourceTimings(); // the buffer holds 250 entries; each block reads only its save
          w.__t0 = performance.now();
        }
      },
      true,
    );
    const entry = (id: string) => (w.__samples[id] ??= {});
    new PerformanceObserver((list) => {
      for (const item of list.getEntries() as PerformanceEntry[] &
        { identifier?: string; renderTime?: number; element?: Element | null }[]) {
        const id = (item as unknown as { element?: HTMLElement | null }).element?.dataset?.blockImage;
        const renderTime = (item as unknown as { renderTime?: number }).renderTime;
        if (id && renderTime) entry(id).element ??= renderTime - w.__t0;
      }
    }).observe({ type: "element", buffered: false });
    const paintedAfter = (image: HTMLImageElement) => {
      const id = image.dataset.blockImage;
      if (!id || entry(id).painted !== undefined) return;
      entry(id).wasComplete = image.complete;
      const done = () =>
        requestAnimationFrame(() => setTimeout(() => (entry(id).painted = performance.now() - w.__t0), 0));
      if (image.complete) done();
      else image.addEventListener("load", done, { once: true });
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          if (node instanceof HTMLImageElement && node.dataset.blockImage) paintedAfter(node);
          node.querySelectorAll<HTMLImageElement>("img[data-block-image]").forEach(paintedAfter);
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

test("[timing] Salvar Bloco → the next block's image painted, over the blocks of one client", async ({
  page,
  request,
  people,
}) => {
  test.skip(!RUN, "CATEGORIZE_TIMING=1 runs the browser timing");
  const data = await people.categorizationClient({ blocks: BLOCKS + 1 });
  const ids = data.blocks.map((block) => block.id);
  await openLoggedIn(page, await apiLogin(request, data.owner.email), "accounting", "/register");
  await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), data.client);
  await page.goto("/home/client/categorization");
  const shown = page.getByTestId("categorize-block");
  await expect(shown).toHaveAttribute("data-current-block", String(ids[0]));
  await instrument(page);

  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  const samples: Sample[] = [];
  for (let i = 0; i < BLOCKS; i += 1) {
    const next = ids[i + 1];
    const account = page.getByRole("combobox", { name: "Conta" });
    await account.fill(data.account.code);
    await page.getByRole("option", { name: new RegExp(`^${data.account.code.replace(/\./g, "\\.")} - `) }).click();
    await page.getByLabel("Valor").fill(String(1_000 + i));
    await page.getByLabel("Dia", { exact: true }).selectOption(get("day"));
    await page.getByLabel("Mês", { exact: true }).selectOption(get("month"));
    await page.getByLabel("Ano", { exact: true }).selectOption(get("year"));
    // the next block's images are decoded ahead: wait for that, as an operator filling the form would
    await expect(page.locator(`main[data-next-block="${next}"][data-next-ready="true"]`)).toBeAttached();
    await page.getByRole("button", { name: "Salvar Bloco" }).click();
    await expect(shown).toHaveAttribute("data-current-block", String(next));
    const sample = await page.waitForFunction((id) => {
      const entry = (
        window as unknown as {
          __samples: Record<string, { painted?: number; element?: number; wasComplete?: boolean }>;
        }
      ).__samples[id];
      if (entry?.painted === undefined) return null;
      // when the save's answer arrived, from the click: the rest of `painted` is the browser's own work
      const t0 = (window as unknown as { __t0: number }).__t0;
      const save = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((item) => item.name.endsWith("/api/block/save"))
        .pop();
      // the screen's own measure: the click's mark → the new block's component committed (React's part)
      const swap = performance.getEntriesByName("bloco:categorize-swap", "measure").pop();
      performance.clearMeasures("bloco:categorize-swap");
      return { ...entry, saveAnswered: save ? save.responseEnd - t0 : null, committed: swap ? swap.duration : null };
    }, String(next));
    const value = (await sample.jsonValue()) as {
      painted: number;
      element?: number;
      wasComplete: boolean;
      saveAnswered: number | null;
      committed: number | null;
    };
    samples.push({
      blockId: next,
      painted: value.painted,
      element: value.element ?? null,
      wasComplete: value.wasComplete,
      saveAnswered: value.saveAnswered,
      committed: value.committed,
    });
  }

  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      n: sorted.length,
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      max: Math.round(sorted[sorted.length - 1] ?? 0),
    };
  };
  const painted = summary(samples.map((sample) => sample.painted));
  const elements = samples.flatMap((sample) => (sample.element === null ? [] : [sample.element]));
  const element = elements.length > 0 ? summary(elements) : null;
  const complete = samples.filter((sample) => sample.wasComplete).length;
  const answered = samples.flatMap((sample) => (sample.saveAnswered === null ? [] : [sample.saveAnswered]));
  const save = summary(answered);
  const afterAnswer = summary(
    samples.flatMap((sample) => (sample.saveAnswered === null ? [] : [sample.painted - sample.saveAnswered])),
  );
  const committed = summary(samples.flatMap((sample) => (sample.committed === null ? [] : [sample.committed])));
  const report = {
    blocks: BLOCKS,
    paintedAfterRaf: painted,
    committed,
    elementTiming: element,
    saveAnswered: save,
    paintedAfterAnswer: afterAnswer,
    completeOnInsert: `${complete}/${samples.length}`,
    samples,
  };
  console.log(
    `categorize browser timing over ${BLOCKS} blocks: rAF paint p50 ${painted.p50} ms, p95 ${painted.p95} ms, max ${painted.max} ms;` +
      (element ? ` element timing p50 ${element.p50} ms, p95 ${element.p95} ms;` : " no element timing entries;") +
      ` save answered p50 ${save.p50} ms, p95 ${save.p95} ms; painted after the answer p50 ${afterAnswer.p50} ms, p95 ${afterAnswer.p95} ms;` +
      ` next block committed (React) p50 ${committed.p50} ms, p95 ${committed.p95} ms;` +
      ` image complete on insertion ${complete}/${samples.length}`,
  );
  writeFileSync(resolve(".data/categorize-browser-timing.json"), JSON.stringify(report, null, 2));
  expect(samples).toHaveLength(BLOCKS);
});
