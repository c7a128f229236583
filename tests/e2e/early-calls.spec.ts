import type { Locator, Page, Request } from "@playwright/test";
import type { TokenAnswer } from "@/lib/contract/auth";
import type { ChosenPlatform } from "@/lib/platform";
import { POLL_INTERVAL_MS } from "@/lib/constants";
import { EARLY_EXCHANGE_PATH } from "@/lib/early-calls";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// lib/early-calls.ts in the browser: the inline script of <head> makes the page's first calls and the
// app takes their answers instead of asking again; the page policy lets the script run (its hash).

/** Every request to the API paths given, with when it left; and the policy violations the console reports. */
function watch(page: Page, paths: string[]) {
  const sent: { path: string; at: number; request: Request }[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (paths.includes(path)) sent.push({ path, at: Date.now(), request });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { sent, violations };
}

/**
 * Opens /home logged in with `tokens` on `platform`; once `shown` is visible and the network is idle,
 * the requests to each of `reads` that left during the load. A second ask of the same read would leave
 * right after the app starts; a poll only POLL_INTERVAL_MS after the answer: what left before half of
 * that is the page's load.
 */
async function homeLoad(page: Page, tokens: TokenAnswer, platform: ChosenPlatform, reads: string[], shown: Locator) {
  const { sent, violations } = watch(page, reads);
  const firstAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === reads[reads.length - 1]);
  await openLoggedIn(page, tokens, platform, "/home");
  await firstAnswer;
  const answeredAt = Date.now();
  await expect(shown).toBeVisible();
  await page.waitForLoadState("networkidle");
  const onLoad = Object.fromEntries(
    reads.map((path) => [
      path,
      sent.filter((call) => call.path === path && call.at < answeredAt + POLL_INTERVAL_MS / 2),
    ]),
  );
  // the inline script leaves its global only when it made the calls
  const scriptAsked = await page.evaluate(() => "__blocoEarlyCalls" in window);
  return { onLoad, scriptAsked, violations };
}

test("[early] an office's /home asks /api/me/ and /api/clients once each on load, and shows the answers", async ({
  page,
  request,
  people,
}) => {
  const office = await people.officeWithClient();
  const tokens = await apiLogin(request, office.owner.email);
  const card = page.locator(`[data-testid="client-card"][data-client-id="${office.client.id}"]`);
  const { onLoad, scriptAsked, violations } = await homeLoad(
    page,
    tokens,
    "accounting",
    ["/api/me/", "/api/clients"],
    card,
  );
  await expect(card).toContainText(office.client.name);
  expect(onLoad["/api/me/"]).toHaveLength(1);
  expect(onLoad["/api/clients"]).toHaveLength(1);
  // those were the inline script's, taken by the app
  expect(scriptAsked).toBe(true);
  for (const { request: sentRequest } of [...onLoad["/api/me/"], ...onLoad["/api/clients"]]) {
    expect(sentRequest.headers()["authorization"]).toBe(`Bearer ${tokens.access}`);
  }
  expect(violations).toEqual([]);
});

test("[early] a company's /home asks /api/me/ and /api/client once each on load", async ({ page, request, people }) => {
  const company = await people.clientCompany();
  const tokens = await apiLogin(request, company.owner.email);
  const name = page.getByText(company.clientName).first();
  const { onLoad, scriptAsked, violations } = await homeLoad(
    page,
    tokens,
    "bussiness",
    ["/api/me/", "/api/client"],
    name,
  );
  expect(onLoad["/api/me/"]).toHaveLength(1);
  expect(onLoad["/api/client"]).toHaveLength(1);
  expect(scriptAsked).toBe(true);
  expect(violations).toEqual([]);
});

test("[early] the QR code's page exchanges its link once, shows the session, and does not ask the month it was answered again", async ({
  page,
  request,
  people,
}) => {
  const data = await people.mobileContabilizationClient();
  const { access } = await apiLogin(request, data.operator.email);
  const answer = await request.post("/api/operator/contabilization/link", {
    data: { clientId: data.client.id },
    headers: { authorization: `Bearer ${access}` },
  });
  const { link } = ((await answer.json()) as { data: { link: string } }).data;
  const phone = page;
  await phone.setViewportSize({ width: 390, height: 844 });
  const MONTH_PATH = "/api/operator/contabilization/mobile";
  const { sent, violations } = watch(phone, [EARLY_EXCHANGE_PATH, MONTH_PATH]);
  const exchanged = phone.waitForResponse((response) => new URL(response.url()).pathname === EARLY_EXCHANGE_PATH);
  await phone.goto(`/home/client/contabilization/mobile/${link}`);
  await exchanged;
  const answeredAt = Date.now();
  await expect(phone.getByTestId("mobile-operator")).toContainText(data.operator.name);
  await expect(phone.getByText(data.client.name)).toBeVisible();
  await phone.waitForLoadState("networkidle");
  expect(await phone.evaluate(() => "__blocoEarlyCalls" in window)).toBe(true);
  const exchanges = sent.filter((call) => call.path === EARLY_EXCHANGE_PATH);
  expect(exchanges).toHaveLength(1);
  expect(exchanges[0].request.postDataJSON()).toEqual({ link });
  // the exchange answers the month too: it is not asked again before the first poll
  expect(sent.filter((call) => call.path === MONTH_PATH && call.at < answeredAt + POLL_INTERVAL_MS / 2)).toEqual([]);
  expect(violations).toEqual([]);
});
