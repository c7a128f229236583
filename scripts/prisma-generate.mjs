// Generates the Prisma client offline. `prisma generate` only checks that a schema engine file
// exists (it never runs it), so point it at this script; the runtime client needs no binary.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = `${root}node_modules/prisma/build/index.js`;
if (!existsSync(cli)) process.exit(0); // production install without dev dependencies
const result = spawnSync(process.execPath, [cli, "generate"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url),
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
