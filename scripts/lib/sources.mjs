// Newest modification time among the files a production build is made of (to rebuild when stale).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOTS = [
  "app",
  "components",
  "lib",
  "server",
  "public",
  "prisma/schema.prisma",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function walk(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "generated" || entry === "node_modules") continue;
    newest = Math.max(newest, walk(join(path, entry)));
  }
  return newest;
}

export function newestSourceMtime(root) {
  return Math.max(...ROOTS.map((r) => walk(join(root, r))));
}
