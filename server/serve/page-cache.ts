// Pages are never kept by a shared cache. Next answers a prerendered page with
// `Cache-Control: s-maxage=31536000` (it cannot be changed in next.config: Next overwrites a page's
// Cache-Control there): a CDN or proxy in front would then serve the same page, with the
// Content-Security-Policy proxy.ts made for one response, for a year, across deploys. So every HTML
// answer goes out `private, no-cache` (`private, no-store` when it asked for no-store): the browser may
// keep it and revalidate it (the ETag answers 304), nothing between may keep it. Set by the app server
// (main.ts) when the headers are written.
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { isApiPath } from "./api-path";

export const PAGE_CACHE_CONTROL = "private, no-cache";
/** A page that asked not to be stored at all (the phone's contabilization pages: next.config.ts) keeps it. */
export const PAGE_NO_STORE = "private, no-store";

const cacheControlFor = (value: unknown): string =>
  /(^|,)\s*no-store\s*(,|$)/i.test(Array.isArray(value) ? value.join(",") : String(value ?? ""))
    ? PAGE_NO_STORE
    : PAGE_CACHE_CONTROL;

const isHtml = (value: unknown): boolean =>
  /^\s*text\/html\b/i.test(Array.isArray(value) ? String(value[0] ?? "") : String(value ?? ""));

type WriteHeadRest = (string | OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined)[];

/**
 * Makes `res` write `Cache-Control: private, no-cache` on an HTML answer (not under /api). Call it before
 * the request goes to Next.
 */
export function privatePages(req: IncomingMessage, res: ServerResponse): void {
  if (isApiPath(req.url ?? "/")) return;
  const { writeHead } = res;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: WriteHeadRest) {
    const headers = rest.find((arg) => arg !== null && typeof arg === "object");
    if (Array.isArray(headers)) {
      // [name, value, name, value…] (raw form)
      const at = headers.findIndex((item, i) => i % 2 === 0 && String(item).toLowerCase() === "content-type");
      if (at >= 0 && isHtml(headers[at + 1])) {
        const given: unknown[] = [res.getHeader("cache-control")];
        for (let i = headers.length - 2; i >= 0; i -= 2) {
          if (String(headers[i]).toLowerCase() === "cache-control") given.push(headers.splice(i, 2)[1]);
        }
        res.removeHeader("cache-control");
        headers.push("Cache-Control", cacheControlFor(given.filter(Boolean).join(",")));
      }
    } else {
      const typeKey = headers ? Object.keys(headers).find((key) => key.toLowerCase() === "content-type") : undefined;
      const type = typeKey && headers ? headers[typeKey] : res.getHeader("content-type");
      if (isHtml(type)) {
        const given: unknown[] = [res.getHeader("cache-control")];
        if (headers) {
          for (const key of Object.keys(headers)) {
            if (key.toLowerCase() !== "cache-control") continue;
            given.push(headers[key]);
            delete headers[key];
          }
        }
        res.setHeader("Cache-Control", cacheControlFor(given.filter(Boolean).join(",")));
      }
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}
