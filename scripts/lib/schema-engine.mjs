// Prisma's own schema engine compiled to WebAssembly, driven through @prisma/adapter-pg: applies the
// committed prisma/migrations exactly as `prisma migrate deploy` would (same _prisma_migrations rows),
// and authors new ones with `diff`, with no native engine download. Run it in a child process: the
// engine leaves a timer behind that would keep a parent alive.
//
//   node scripts/lib/schema-engine.mjs apply            (DATABASE_URL required)
//   node scripts/lib/schema-engine.mjs diff NAME        writes prisma/migrations/<ts>_NAME/migration.sql
//     from the schema at git REV (DIFF_FROM, default HEAD: run it before committing the schema change)
//     to the working prisma/schema.prisma. Datamodel to datamodel: no database is read (the engine
//     cannot describe PostgreSQL 18's catalogs through the adapter).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const root = fileURLToPath(new URL("../..", import.meta.url));
const schemaPath = join(root, "prisma/schema.prisma");
const migrationsDir = join(root, "prisma/migrations");
const require = createRequire(import.meta.url);
const noFilter = { externalTables: [], externalEnums: [] };

async function loadEngine(connectionString) {
  const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const pkgDir = dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  const bytes = readFileSync(join(pkgDir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start?.();
  const adapter = bindMigrationAwareSqlAdapterFactory(wholeScripts(new PrismaPg({ connectionString })));
  const datamodel = readFileSync(schemaPath, "utf8");
  return bg.SchemaEngine.new({ datamodels: [[schemaPath, datamodel]] }, () => {}, adapter);
}

// @prisma/adapter-pg runs a migration script by splitting it at every ';', which cuts a function body
// ($$ … $$, e.g. the block-count triggers) in pieces. Here the script goes to PostgreSQL whole, as one
// simple-protocol query — what `prisma migrate deploy` sends — so it also applies as one transaction.
function wholeScripts(factory) {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    adapter.executeScript = async function executeScript(script) {
      try {
        await this.client.query(script);
      } catch (error) {
        this.onError(error);
      }
    };
    return adapter;
  };
  return factory;
}

function migrationsList() {
  const dirs = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((path) => ({
      path,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: readFileSync(join(migrationsDir, path, "migration.sql"), "utf8") },
      },
    })),
  };
}

async function apply() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is required to apply migrations");
  const engine = await loadEngine(url);
  const { appliedMigrationNames } = await engine.applyMigrations({
    migrationsList: migrationsList(),
    filters: noFilter,
  });
  process.stdout.write(JSON.stringify({ applied: appliedMigrationNames }) + "\n");
}

async function diff(name) {
  if (!/^[a-z0-9_]+$/.test(name ?? "")) throw new Error("usage: diff <snake_case_name>");
  // The engine connects at start (DATABASE_URL: `npm run db:diff` provides a throw-away server) but
  // diffing two datamodels reads nothing from it.
  const engine = await loadEngine(process.env.DATABASE_URL ?? "postgresql://localhost:1/none");
  const list = migrationsList();
  let from = { tag: "empty" };
  if (list.migrationDirectories.length) {
    const rev = process.env.DIFF_FROM ?? "HEAD";
    const previous = execFileSync("git", ["show", `${rev}:prisma/schema.prisma`], { cwd: root, encoding: "utf8" });
    from = { tag: "schemaDatamodel", files: [{ path: schemaPath, content: previous }] };
  }
  const to = { tag: "schemaDatamodel", files: [{ path: schemaPath, content: readFileSync(schemaPath, "utf8") }] };
  const { stdout } = await engine.diff({ from, to, script: true, exitCode: null, filters: noFilter });
  if (!stdout || /^-- This is an empty migration\.\s*$/.test(stdout.trim())) {
    process.stdout.write("No schema change.\n");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = join(migrationsDir, `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "migration.sql"), stdout);
  const lock = join(migrationsDir, "migration_lock.toml");
  if (!existsSync(lock))
    writeFileSync(
      lock,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  process.stdout.write(`Wrote ${dir}/migration.sql\n`);
}

const [command, arg] = process.argv.slice(2);
const run = command === "apply" ? apply : command === "diff" ? () => diff(arg) : null;
if (!run) {
  process.stderr.write("usage: schema-engine.mjs apply | diff NAME\n");
  process.exit(2);
}
run().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error?.message ?? JSON.stringify(error)}\n`);
    process.exit(1);
  },
);
