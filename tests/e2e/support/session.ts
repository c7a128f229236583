import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { MeAnswer, TokenAnswer } from "@/lib/contract/auth";
import type { ChosenPlatform } from "@/lib/platform";
import { STORAGE_KEYS } from "@/lib/session";

export const PASSWORD = "demo1234";
export const USERS = {
  owner: "dono@escritorio.demo", // accounting only, type 0
  operator: "operador@escritorio.demo",
  blocked: "bloqueado@escritorio.demo",
  client: "cliente@empresa.demo", // business only
  partner: "socio@empresa.demo", // both platforms
  otherOwner: "dono@outro.demo",
} as const;

/** Logs in through the API (conventions: log in by API, then drive the UI). */
export async function apiLogin(request: APIRequestContext, username: string): Promise<TokenAnswer> {
  const response = await request.post("/api/token/", { data: { username, password: PASSWORD } });
  expect(response.status(), `login of ${username}`).toBe(200);
  return ((await response.json()) as { data: TokenAnswer }).data;
}

export async function apiMe(request: APIRequestContext, access: string): Promise<MeAnswer> {
  const response = await request.get("/api/me/", { headers: { authorization: `Bearer ${access}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: MeAnswer }).data;
}

/** Puts a session on the device the way the login screen does, then opens `path`. */
export async function openLoggedIn(
  page: Page,
  tokens: TokenAnswer,
  platform: ChosenPlatform,
  path: string,
): Promise<void> {
  // localStorage belongs to the origin: an empty page of the origin, answered by the browser itself,
  // reaches it without a server render and a hydration that the test then throws away.
  // (Playwright resolves both paths against the baseURL.)
  const blank = "/__e2e/session-origin";
  await page.route(blank, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>-</title>" }),
  );
  await page.goto(blank);
  await page.unroute(blank);
  await page.evaluate(
    ({ keys, access, refresh, platform, allowChange }) => {
      localStorage.setItem(keys.access, access);
      localStorage.setItem(keys.refresh, refresh);
      localStorage.setItem(keys.platform, platform);
      localStorage.setItem(keys.allowChangePlatform, String(allowChange));
    },
    {
      keys: STORAGE_KEYS,
      access: tokens.access,
      refresh: tokens.refresh,
      platform,
      allowChange: tokens.isAccouting && tokens.isBussiness,
    },
  );
  await page.goto(path);
}

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export function writeStorage(page: Page, key: string, value: string): Promise<void> {
  return page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value] as const);
}

export { STORAGE_KEYS };
