import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inlineScriptHashes } from "./content-security-policy";

// The inline scripts of the prerendered pages are fixed by the build (.next/server/app/**/*.html is what
// `next start` serves for them), so their hashes are read once per process from the files themselves:
// they cannot drift from the build being served, and the pages stay static.

let cached: string[] | null = null;

function htmlFiles(directory: string): string[] {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return []; // no build (next dev): only the nonce and the known hashes apply
  }
  return entries.flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith(".html") ? [path] : [];
  });
}

/** Every distinct inline-script hash of the build's prerendered HTML. */
export function staticScriptHashes(distDir = join(process.cwd(), process.env.NEXT_DIST_DIR || ".next")): string[] {
  if (cached) return cached;
  const hashes = new Set<string>();
  for (const file of htmlFiles(join(distDir, "server", "app"))) {
    for (const hash of inlineScriptHashes(readFileSync(file, "utf8"))) hashes.add(hash);
  }
  cached = [...hashes];
  return cached;
}
