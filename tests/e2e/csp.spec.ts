import type { Page } from "@playwright/test";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn, USERS } from "./support/session";

// The Content-Security-Policy (proxy.ts): on every page, with no inline script allowed
// wholesale, nothing of ours or of Next's is refused, and a script injected into the page does not run.

const PAGES = [
  "/",
  "/login",
  "/register",
  "/colorlab",
  "/convite/token-de-teste",
  "/redefinir-senha/token-de-teste",
  "/dev/outbox",
];

/** Console errors the browser prints for refused content, and the violations the page itself saw. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...errors,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+(.*)/s) as [string, string])
      .map(([name, value]) => [name, value ?? ""]),
  );
}

test("[csp] every page carries the policy: no inline scripts wholesale, no objects, no framing", async ({
  request,
}) => {
  for (const path of [...PAGES, "/home"]) {
    const response = await request.get(path);
    const policy = response.headers()["content-security-policy"];
    expect(policy, path).toBeTruthy();
    const parsed = directives(policy);
    expect(parsed.get("script-src"), path).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(parsed.get("script-src"), path).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(parsed.get("object-src"), path).toBe("'none'");
    expect(parsed.get("frame-ancestors"), path).toBe("'none'");
    expect(parsed.get("base-uri"), path).toBe("'self'");
    expect(parsed.get("form-action"), path).toBe("'self'");
    // plain http: no HSTS (it would pin the browser to an HTTPS port nobody serves)
    expect(response.headers()["strict-transport-security"], path).toBeUndefined();
  }
  // /api is not behind the page proxy; its static policy forbids everything a document could do.
  const api = await request.get("/api/health/live");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
});

test("[csp] the pages run under the policy with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator("body")).not.toBeEmpty();
    // hydrated: React attached its handlers (the app's own scripts ran)
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__react"))))
      .toBe(true);
    expect(await violations(), path).toEqual([]);
  }
});

test("[csp] the logged-in shell, both platforms, runs with no violation", async ({ page, request }) => {
  const violations = await watchViolations(page);
  await openLoggedIn(page, await apiLogin(request, USERS.owner), "accounting", "/home");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await page.getByTestId("profile-button").click();
  await expect(page.getByRole("dialog", { name: "Conta" })).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.evaluate(() => localStorage.clear());
  await openLoggedIn(page, await apiLogin(request, USERS.client), "bussiness", "/home");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Clientes");
  expect(await violations()).toEqual([]);
});

test("[csp] an injected inline script and an inline handler do not run", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = 'script ran'";
    document.body.append(script);
    document.body.insertAdjacentHTML(
      "beforeend",
      `<img src="data:," onerror="window.__injected = 'handler ran'" alt="">`,
    );
  });
  await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
});
