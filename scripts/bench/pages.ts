// Item 6: first-load JavaScript of every page, compressed as served (scripts/measure-first-load.mjs),
// and the Lighthouse mobile performance median of 5 runs (scripts/lib/lighthouse.mjs, when present) on
// /, /login, the logged-in /home of an office with 100 clients and a mobile contabilization page (a
// fresh one-time link for each run).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { data } from "./load";
import { post } from "./world";
import { root } from "./server";

export type FirstLoadRow = { path: string; scripts: number; kib: number; rawKib: number };
export type LighthouseRow = { page: string; score: number | null; note?: string };

export async function measurePages(options: {
  port: number;
  /** The office with 100 clients: its owner's credentials and one of its clients (for the QR link). */
  office: { email: string; password: string; clientId: number; token: string };
}): Promise<{ firstLoad: FirstLoadRow[]; lighthouse: LighthouseRow[] }> {
  const base = `http://127.0.0.1:${options.port}`;
  const { measureFirstLoad } = (await import("../measure-first-load.mjs")) as { measureFirstLoad: (base: string) => Promise<FirstLoadRow[]> };
  const firstLoad = await measureFirstLoad(base);

  const pages = ["/", "/login", "/home (office with 100 clients)", "/home/client/contabilization/mobile/<link>"];
  let lighthouse: LighthouseRow[] = pages.map((page) => ({ page, score: null, note: "not run: scripts/lib/lighthouse.mjs is not there yet" }));
  // ---- Lighthouse call site (helper B writes scripts/lib/lighthouse.mjs; the lead wires the signature) ----
  const lighthouseModule = resolve(root, "scripts/lib/lighthouse.mjs");
  if (existsSync(lighthouseModule)) {
    const { measureLighthouse } = (await import(lighthouseModule)) as {
      measureLighthouse: (options: unknown) => Promise<{ page: string; score: number }[]>;
    };
    // A fresh one-time QR link for each run of the mobile page (the office owner takes the client's lease).
    const freshMobilePath = async () => {
      const answer = await data<{ link: string }>(post(options.port, "/api/operator/contabilization/link", options.office.token, { clientId: options.office.clientId }));
      return `/home/client/contabilization/mobile/${answer.link}`;
    };
    const results = await measureLighthouse({
      base,
      runs: 5,
      pages: [
        { name: pages[0], path: "/" },
        { name: pages[1], path: "/login" },
        { name: pages[2], path: "/home", login: { username: options.office.email, password: options.office.password } },
        { name: pages[3], path: freshMobilePath },
      ],
    });
    lighthouse = results.map((r) => ({ page: r.page, score: r.score }));
  }
  // ---- end of the Lighthouse call site ----
  return { firstLoad, lighthouse };
}
