// What the app server (main.ts) answers to a request Node's HTTP parser refuses before any handler runs:
// headers over the size limit, a malformed request line or header, a broken chunked body, a request
// that took too long to arrive. Node's own answers are a bare status with no body. The API's contract
// is a JSON envelope with a pt-BR message for every error, so such a request gets one, unless its first
// line shows a page's path: that gets the same message as plain text. The statuses are Node's. The
// messages are the catalogue's (`apiMessages.refused`, and `apiMessages.internal` for the 500 of a
// request Next itself failed to answer).
import type { Socket } from "node:net";
import { apiMessages } from "@/lib/i18n/sections/api";
import { isApiPath } from "./api-path";
import { API_CONTENT_SECURITY_POLICY } from "./security-headers";

export type Refusal = { status: number; reason: string; code: string; message: string };

/** Every answer the app server gives before Next sees the request. */
export const REFUSALS = {
  headers: {
    status: 431,
    reason: "Request Header Fields Too Large",
    code: "headers_too_large",
    message: apiMessages.refused.headers,
  },
  chunkExtensions: {
    status: 413,
    reason: "Payload Too Large",
    code: "too_large",
    message: apiMessages.refused.chunkExtensions,
  },
  timeout: { status: 408, reason: "Request Timeout", code: "timeout", message: apiMessages.refused.timeout },
  malformed: { status: 400, reason: "Bad Request", code: "invalid_input", message: apiMessages.refused.malformed },
  // A method outside Next's (TRACE, PROPFIND, …): Next answered a plain-text 500, or a bare 400 on /api.
  // 501, not 405: no path of the app serves it, and a 405 must list the path's own methods.
  method: { status: 501, reason: "Not Implemented", code: "not_implemented", message: apiMessages.refused.method },
} satisfies Record<string, Refusal>;

export type RefusalKind = keyof typeof REFUSALS;

/** The methods Next's route handlers and pages take; any other is answered 501 by the app server. */
export const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const INTERNAL = { code: "internal", message: apiMessages.internal };

/**
 * The 500 of a request whose handler failed outside the route wrapper (an invariant of Next's):
 * the envelope on /api, the same message as text elsewhere.
 */
export function internalErrorAnswer(url: string): { headers: Record<string, string>; body: Buffer } {
  const api = isApiPath(url);
  const body = Buffer.from(api ? JSON.stringify({ error: INTERNAL }) : INTERNAL.message, "utf8");
  return { headers: answerHeaders(api, body.length), body };
}

function answerHeaders(api: boolean, length: number): Record<string, string> {
  return {
    ...(api ? { "Content-Security-Policy": API_CONTENT_SECURITY_POLICY } : {}),
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Content-Length": String(length),
    "Cache-Control": "no-store",
  };
}

/** Which answer Node's error code calls for (the cases of Node's own socketOnError). */
export function clientErrorKind(code: string | undefined): RefusalKind {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return "headers";
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return "chunkExtensions";
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return "timeout";
    default:
      return "malformed";
  }
}

// A request line naming a path outside /api. Node hands over the bytes it was parsing when it failed,
// which for headers that arrived in several reads may no longer hold the request line: an unknown path
// gets the API's envelope, which is pt-BR too.
const PAGE_LINE = /^[A-Z]{1,16} \/(?!api(?:[/?# ]|$))/;

/**
 * An error answer of `kind` as status, headers and body: the envelope when `api`, else the message as
 * text. `headers` are the static security headers every answer carries.
 */
export function errorAnswer(kind: RefusalKind, api: boolean, headers: Record<string, string>) {
  const { status, reason, code, message } = REFUSALS[kind];
  const body = Buffer.from(api ? JSON.stringify({ error: { code, message } }) : message, "utf8");
  return { status, reason, headers: { ...headers, ...answerHeaders(api, body.length), Connection: "close" }, body };
}

/** What Node's parser reports with a 'clientError'. */
export type ClientError = Error & { code?: string; rawPacket?: Buffer };

/**
 * The whole HTTP answer to what Node's parser refused, as bytes to write on the socket. `headers`: the
 * static security headers every answer carries.
 */
export function clientErrorAnswer(error: ClientError, headers: Record<string, string>): Buffer {
  const firstLine = error.rawPacket ? error.rawPacket.toString("latin1", 0, 64) : "";
  const answer = errorAnswer(clientErrorKind(error.code), !PAGE_LINE.test(firstLine), headers);
  const lines = [
    `HTTP/1.1 ${answer.status} ${answer.reason}`,
    ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), answer.body]);
}

/**
 * The server's 'clientError' listener: as Node's default, an answer only on a socket that has written
 * nothing yet (a keep-alive connection mid-answer is just closed), then the socket is destroyed.
 * `answered` hears of each answer written (the access log).
 */
export function onClientError(
  headers: Record<string, string>,
  answered: (error: ClientError, status: number) => void = () => {},
) {
  return (error: ClientError, socket: Socket): void => {
    if (error.code !== "ECONNRESET" && socket.writable && socket.bytesWritten === 0) {
      socket.write(clientErrorAnswer(error, headers));
      answered(error, REFUSALS[clientErrorKind(error.code)].status);
    }
    socket.destroy(error);
  };
}
