// The server's log: one JSON object per line on stdout (pino), read by whatever runs the process
// (journald, a container's log driver, the e2e run's log file). LOG_FORMAT=pretty, which `npm run dev`
// sets, prints it for people through pino-pretty (a devDependency); LOG_LEVEL sets the threshold (info).
// LOG_FILE appends the same lines to a file (the start script copies its app server's output there too).
//
// Secrets never reach it: fields named like a credential are censored here, request targets are logged
// without their query and with the token of a link path replaced (server/serve/access-log.ts), and mail
// is logged by address and subject only (its links are one-time credentials).
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import pino, { type DestinationStream, type Logger } from "pino";

const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "access",
  "refresh",
  "link",
  "session",
  "authorization",
  "cookie",
  "text",
  "html",
];

function destination(): DestinationStream {
  const file = process.env.LOG_FILE;
  if (!file) return process.stdout;
  mkdirSync(dirname(file), { recursive: true });
  return pino.multistream([
    { stream: process.stdout },
    { stream: pino.destination({ dest: file, append: true, sync: true }) },
  ]);
}

function createLogger(): Logger {
  const options: pino.LoggerOptions = {
    level: process.env.LOG_LEVEL || "info",
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: SECRET_KEYS.flatMap((key) => [key, `*.${key}`]), censor: "[redacted]" },
  };
  if (process.env.LOG_FORMAT === "pretty")
    return pino({
      ...options,
      transport: {
        target: "pino-pretty",
        options: {
          ignore: "pid,scope",
          messageFormat: "{if scope}[{scope}] {end}{msg}",
          translateTime: "SYS:HH:MM:ss.l",
        },
      },
    });
  // process.stdout, not pino's own file descriptor writer: the same lines, and a test can read them.
  return pino(options, destination());
}

// One per process, also across the module reloads of `next dev` (each would start another pretty worker).
const holder = globalThis as typeof globalThis & { __blocoLogger?: Logger };

/** The process's logger. */
export const logger: Logger = (holder.__blocoLogger ??= createLogger());

/** A logger whose lines say which part of the server wrote them (`"scope":"mail"`). */
export const scopedLogger = (scope: string): Logger => logger.child({ scope });
