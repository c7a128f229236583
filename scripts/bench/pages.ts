// Item 6: first-load JavaScript of every page, compressed as served (scripts/measure-first-load.mjs),
// and the Lighthouse mobile performance median of 5 runs (scripts/lib/lighthouse.mjs) on
// /, /login, the logged-in /home of an office with 100 clients and a mobile contabilization page (a
// fresh one-time link for each run).
import { resolve } from "node:path";
import { root } from "./server";

export type FirstLoadRow = { path: string; scripts: number; kib: number; rawKib: number };
export type LighthouseRow = { page: string; score: number | null; note?: string };

export async function measurePages(options: {
  port: number;
  /** The office with 100 clients: its owner's credentials and one of its clients (for the QR link). */
  office: { email: string; password: string; clientId: number; token: string };
}): Promise<{ firstLoad: FirstLoadRow[]; lighthouse: LighthouseRow[] }> {
  const base = `http://127.0.0.1:${options.port}`;
  const { measureFirstLoad } = (await import("../measure-first-load.mjs")) as {
    measureFirstLoad: (base: string) => Promise<FirstLoadRow[]>;
  };
  const firstLoad = await measureFirstLoad(base);

  const pages = ["/", "/login", "/home (office with 100 clients)", "/home/client/contabilization/mobile/<link>"];
  // Lighthouse mobile, 5 runs per page (scripts/lib/lighthouse.mjs: a fresh Chromium per run, /home
  // a user flow that logs in through /login as the office's owner and then measures a cold load, a
  // fresh one-time QR link per run of the phone page). The CPU
  // slowdown is calibrated to this host's benchmarkIndex, as Lighthouse's own guide advises; the row
  // says which multiplier was used.
  const { measureLighthouse } = (await import(resolve(root, "scripts/lib/lighthouse.mjs"))) as {
    measureLighthouse: (
      base: string,
      options: {
        office: { username: string; password: string };
        clientId: number;
        runs: number;
        log: (line: string) => void;
      },
    ) => Promise<{
      benchmarkIndex: number;
      cpuSlowdownMultiplier: number;
      pages: { page: string; median: number; tbtMs: number; lcpMs: number }[];
    }>;
  };
  const measured = await measureLighthouse(base, {
    office: { username: options.office.email, password: options.office.password },
    clientId: options.office.clientId,
    runs: 5,
    log: (line) => console.log(`[bench] lighthouse: ${line}`),
  });
  const names: Record<string, string> = { landing: pages[0], login: pages[1], home: pages[2], mobile: pages[3] };
  const how = `CPU slowdown ${measured.cpuSlowdownMultiplier}x, benchmarkIndex ${Math.round(measured.benchmarkIndex)}`;
  const lighthouse: LighthouseRow[] = measured.pages.map((r) => ({
    page: names[r.page] ?? r.page,
    score: r.median,
    note: `${how}; LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms`,
  }));
  return { firstLoad, lighthouse };
}
