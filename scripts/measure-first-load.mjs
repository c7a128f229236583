// First-load JavaScript of each page, compressed as the server sends it: the page's HTML is fetched,
// every <script src> it names is fetched with `Accept-Encoding: gzip, br`, and the bytes on the wire are
// summed (each script once). Usage: node scripts/measure-first-load.mjs [baseUrl] — prints a table and,
// with --json, one JSON line. `npm run bench` calls it against its own server.
import { request } from "node:http";

// Every page of app/ but the development outbox (/dev/outbox); a dynamic segment gets the placeholder "x".
const PAGES = [
  "/",
  "/login",
  "/register",
  "/convite/x",
  "/redefinir-senha/x",
  "/colorlab",
  "/home",
  "/home/client",
  "/home/client/categorization",
  "/home/client/contabilization",
  "/home/client/contabilization/mobile",
  "/home/client/contabilization/mobile/x",
  "/home/client/contabilization/mobile/list",
  "/home/client/contabilization/mobile/history",
  "/createblock",
  "/importxml",
  "/pendencyblock",
  "/sentblock",
  "/devolveds",
];

/** Bytes on the wire (fetch would decompress them): node:http, which leaves the body as sent. */
function wireBytes(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip, br" } }, (res) => {
      let total = 0;
      res.on("data", (chunk) => (total += chunk.length));
      res.on("end", () => resolve(total));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export async function measureFirstLoad(base, pages = PAGES) {
  const rows = [];
  for (const path of pages) {
    const html = await (await fetch(base + path, { redirect: "manual" })).text();
    // noModule scripts (Next's legacy polyfills) are never fetched by a current browser.
    const tags = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)].filter(
      (m) => !/nomodule/i.test(m[1] + m[3]),
    );
    const sources = [...new Set(tags.map((m) => m[2].replace(/&amp;/g, "&")))];
    let wire = 0;
    let raw = 0;
    for (const src of sources) {
      wire += await wireBytes(new URL(src, base));
      raw += (await (await fetch(new URL(src, base))).arrayBuffer()).byteLength;
    }
    rows.push({ path, scripts: sources.length, kib: +(wire / 1024).toFixed(1), rawKib: +(raw / 1024).toFixed(1) });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? "http://127.0.0.1:3000";
  const rows = await measureFirstLoad(base);
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
  else console.table(rows);
}
