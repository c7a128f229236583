import { BUSINESS_SESSION_FLAG, PAGES_CACHE } from "./cache-rules";

// The page's side of "pages are kept only while a business user is logged in" (lib/pwa/cache-rules.ts):
// the worker keeps and serves the business pages' HTML only while the flag cache exists. Browsers
// without Cache Storage (or a page outside a secure context) have nothing to keep or forget.

const storage = (): CacheStorage | null => (typeof caches === "undefined" ? null : caches);

/** After a business login: the worker may keep the business pages' shell from now on. */
export async function allowKeptPages(): Promise<void> {
  await storage()?.open(BUSINESS_SESSION_FLAG);
}

/** On logout, on the accounting platform or with nobody logged in: nothing kept stays readable offline. */
export async function forgetKeptPages(): Promise<void> {
  const cacheStorage = storage();
  if (!cacheStorage) return;
  await Promise.all([cacheStorage.delete(BUSINESS_SESSION_FLAG), cacheStorage.delete(PAGES_CACHE)]);
}
