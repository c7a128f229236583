// The access log: one line per request the app server answers, with a request id, the method, the path,
// the status and the duration, written when the answer ends (or the connection closes before it did).
// The path is logged without its query (a signed file link's signature, a reset page's parameters) and
// with the token of a link path replaced by ":token": an invite (/convite/<token>), a password reset
// (/redefinir-senha/<token>), an unsubscribe link (/descadastrar/<token>), a data export's link
// (/meus-dados/<token>) and a phone's one-time contabilization link
// (/home/client/contabilization/mobile/<token>) are credentials whoever reads the log must not get.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";

// The link pages' paths (checked after the slashes are collapsed, as Next routes them); the phone's
// own pages beside its link (history, list) are no token.
const LINK_PAGES = ["convite", "redefinir-senha", "descadastrar", "meus-dados", "home/client/contabilization/mobile"];
const LINK_PATH = new RegExp(`^(/(?:${LINK_PAGES.join("|")})/)(?!(?:history|list)(?:/|$))[^/]+`, "i");

/** The path of a request target as the log shows it: no query, the token of a link path replaced. */
export function loggedPath(target: string): string {
  const query = target.search(/[?#]/);
  const path = (query === -1 ? target : target.slice(0, query)).replaceAll("\\", "/").replace(/\/{2,}/g, "/");
  return path.replace(LINK_PATH, "$1:token");
}

/** The header that carries the request id to the route handlers, overwritten on every request. */
export const REQUEST_ID_HEADER = "x-bloco-request-id";

/**
 * Logs `req`'s answer once it is over: info, error for a 5xx, warn when the connection closed before the
 * answer was complete. Returns the request id (also set on the request as REQUEST_ID_HEADER).
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, log: Logger): string {
  const started = process.hrtime.bigint();
  const id = randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  res.once("close", () => {
    const line = {
      reqId: id,
      method: req.method,
      path: loggedPath(req.url ?? "/"),
      status: res.statusCode,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    };
    if (!res.writableFinished) log.warn({ ...line, aborted: true }, "request closed before its answer ended");
    else if (res.statusCode >= 500) log.error(line, "request");
    else log.info(line, "request");
  });
  return id;
}
