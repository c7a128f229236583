import type { ChosenPlatform } from "@/lib/platform";
import { STORAGE_KEYS } from "@/lib/session";

// The first calls of a page, asked while its HTML is still being parsed. An office's /home shows
// nothing of its own until GET /api/me/ and GET /api/clients answer (a company's: GET /api/me/ and
// GET /api/client, before its month), and the phone's contabilization page nothing until its link is
// exchanged (POST /api/operator/contabilization/init); the app makes those calls only once React and
// the page's scripts have loaded and run, which on a phone is the longest wait of the page. A small
// inline script in <head> (earlyCallsScript, allowed by its hash in the page policy) makes them at
// once: the reads with the access token kept on the device, the exchange with the link of the address.
// The API client's first call of the same path, body and token takes that answer instead of asking
// again (takeEarlyCall). Nothing else changes: a 401 still goes through the one refresh and retry, and
// a read nobody takes within EARLY_READ_TTL_MS is dropped.

/** The GET reads each page asks first, by the platform kept on the device (lib/platform.ts, spelt so). */
export const EARLY_READS: Readonly<Record<string, Readonly<Partial<Record<ChosenPlatform, readonly string[]>>>>> = {
  "/home": { accounting: ["/api/me/", "/api/clients"], bussiness: ["/api/me/", "/api/client"] },
};

/** The QR code's page, whose last segment is the one-time link (app/(public)/…/mobile/[token]). */
export const EARLY_EXCHANGE_PAGE = "/home/client/contabilization/mobile/";
/** The phone's other pages under it (…/mobile/list, …/mobile/history): no link there. */
export const NOT_A_LINK: readonly string[] = ["list", "history"];
export const EARLY_EXCHANGE_PATH = "/api/operator/contabilization/init";

/** An early read older than this is not used (the page took long to start: it asks again). */
export const EARLY_READ_TTL_MS = 10_000;

/** Where the inline script leaves its requests for the app. */
const GLOBAL = "__blocoEarlyCalls";

type EarlyCalls = { at: number; calls: Record<string, Promise<Response | null> | undefined> };

/** The key of a call: its token (none for the exchange), its path, and its JSON body if any (JSON.stringify's). */
const keyOf = (access: string | null, path: string, body?: string) =>
  `${access ?? ""} ${path}${body === undefined ? "" : ` ${body}`}`;

/**
 * Runs in <head>. On a page of EARLY_READS, with an access token and a platform that has reads: those
 * reads. On the QR code's page: the link's exchange (no token; the link is the last segment of the
 * address, decoded as the page decodes it). Network failures resolve to null (the app then asks itself).
 */
export const earlyCallsScript =
  `(function(){try{var w=window,l=localStorage,p=location.pathname,` +
  `f=function(u,h,b){return fetch(u,{method:b?"POST":"GET",headers:h,body:b,cache:"no-store"})` +
  `.catch(function(){return null})},` +
  `h={Accept:"application/json"},x=${JSON.stringify(EARLY_EXCHANGE_PAGE)},k=p.slice(x.length);` +
  `if(p.indexOf(x)===0&&k&&k.indexOf("/")<0&&${JSON.stringify(NOT_A_LINK)}.indexOf(k)<0){` +
  `var b=JSON.stringify({link:decodeURIComponent(k)});h["Content-Type"]="application/json";` +
  `w.${GLOBAL}={at:Date.now(),calls:{}};` +
  `w.${GLOBAL}.calls[" "+${JSON.stringify(EARLY_EXCHANGE_PATH)}+" "+b]=` +
  `f(${JSON.stringify(EARLY_EXCHANGE_PATH)},h,b);return}` +
  `var r=${JSON.stringify(EARLY_READS)}[p.replace(/\\/+$/,"")],a=l.getItem(${JSON.stringify(STORAGE_KEYS.access)}),` +
  `u=r&&a&&r[l.getItem(${JSON.stringify(STORAGE_KEYS.platform)})];if(!u)return;h.Authorization="Bearer "+a;` +
  `var e=w.${GLOBAL}={at:Date.now(),calls:{}};u.forEach(function(q){e.calls[a+" "+q]=f(q,h)})}catch(z){}})()`;

/**
 * The early answer of the call of `path` with `body` (JSON text, undefined for a GET) and `access`,
 * once: undefined when there is none (another call, a token refreshed since, already taken, a read
 * older than EARLY_READ_TTL_MS). An exchange is taken whatever its age: asking again would find its
 * link used.
 */
export function takeEarlyCall(
  path: string,
  access: string | null,
  body?: string,
  now = Date.now(),
): Promise<Response | null> | undefined {
  if (typeof window === "undefined") return undefined;
  const early = (window as unknown as Record<string, EarlyCalls | undefined>)[GLOBAL];
  if (!early) return undefined;
  const key = keyOf(access, path, body);
  const call = early.calls[key];
  delete early.calls[key];
  if (body === undefined && now - early.at > EARLY_READ_TTL_MS) return undefined;
  return call;
}
