import type { APIRequestContext, Page } from "@playwright/test";
import type { CategorizationClient } from "./data";
import { apiLogin, openLoggedIn } from "./session";

// What the journeys of the fiscal reading share: a block found in a list answer, and the office's
// screens opened on the test's own client.

/** The block `id` anywhere in a block list answer (year → month → account → blocks). */
export function findBlock(answer: unknown, id: number): { date: string | null; value: string | null } | null {
  if (Array.isArray(answer)) {
    for (const item of answer) {
      const found = findBlock(item, id);
      if (found) return found;
    }
    return null;
  }
  if (!answer || typeof answer !== "object") return null;
  const record = answer as Record<string, unknown>;
  if (record.id === id && "date" in record) return record as { date: string | null; value: string | null };
  for (const value of Object.values(record)) {
    const found = findBlock(value, id);
    if (found) return found;
  }
  return null;
}

/** Logs the client's office owner in, selects the client and opens `path`; answers the access token. */
export async function openAsOffice(
  page: Page,
  request: APIRequestContext,
  data: CategorizationClient,
  path: string,
): Promise<string> {
  const tokens = await apiLogin(request, data.owner.email);
  await openLoggedIn(page, tokens, "accounting", "/register");
  await page.evaluate((selected) => sessionStorage.setItem("bloco.client", JSON.stringify(selected)), data.client);
  await page.goto(path);
  return tokens.access;
}
