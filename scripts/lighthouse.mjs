// Lighthouse mobile performance (median of 5 runs) of a running Bloco: the landing page, /login, the
// logged-in /home of an office with 100 clients and the phone's contabilization page (a fresh one-time
// link per run). See scripts/lib/lighthouse.mjs.
//
//   node scripts/lighthouse.mjs http://127.0.0.1:3000 [--runs 5] [--cpu <multiplier>] [--pages home,mobile] [--json]
//
// LIGHTHOUSE_REPORTS=<folder> keeps every run's full Lighthouse report there (JSON).
// --cpu fixes Lighthouse's CPU slowdown (default: calibrated to this host, see scripts/lib/lighthouse.mjs).
//
// The office: LIGHTHOUSE_USER / LIGHTHOUSE_PASSWORD / LIGHTHOUSE_CLIENT_ID when set, else one is created
// (100 clients) in DATABASE_URL's database, default the embedded one of `npm start`
// (postgresql://bloco:bloco@127.0.0.1:$EMBEDDED_PG_PORT/bloco, port 54329).
import { createLighthouseOffice, measureLighthouse } from "./lib/lighthouse.mjs";

const args = process.argv.slice(2);
const base = args.find((arg) => /^https?:\/\//.test(arg)) ?? "http://127.0.0.1:3000";
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;

let office;
let clientId;
if (process.env.LIGHTHOUSE_USER && process.env.LIGHTHOUSE_PASSWORD && process.env.LIGHTHOUSE_CLIENT_ID) {
  office = { username: process.env.LIGHTHOUSE_USER, password: process.env.LIGHTHOUSE_PASSWORD };
  clientId = Number(process.env.LIGHTHOUSE_CLIENT_ID);
} else {
  const databaseUrl =
    process.env.DATABASE_URL ?? `postgresql://bloco:bloco@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? 54329}/bloco`;
  const created = await createLighthouseOffice(databaseUrl, 100);
  office = { username: created.username, password: created.password };
  clientId = created.clientId;
  console.error(`office ${created.officeId} with 100 clients: ${created.username}`);
}

const cpuAt = args.indexOf("--cpu");
const cpuSlowdownMultiplier = cpuAt >= 0 ? Number(args[cpuAt + 1]) : undefined;
const pagesAt = args.indexOf("--pages");
const pages = pagesAt >= 0 ? args[pagesAt + 1].split(",") : undefined; // landing, login, home, mobile (default: all)
const result = await measureLighthouse(base, {
  office,
  clientId,
  runs,
  cpuSlowdownMultiplier,
  pages,
  log: (line) => console.error(line),
});
if (args.includes("--json")) console.log(JSON.stringify(result));
else {
  console.log(
    `benchmarkIndex ${result.benchmarkIndex}, CPU slowdown ${result.cpuSlowdownMultiplier}x, ${runs} runs per page`,
  );
  console.table(
    result.pages.map(({ path, median, scores, fcpMs, lcpMs, tbtMs, cls }) => ({
      path,
      median,
      scores: scores.join(" "),
      fcpMs,
      lcpMs,
      tbtMs,
      cls,
    })),
  );
}
