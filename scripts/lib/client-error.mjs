// What scripts/serve.mjs answers to a request Node's HTTP parser refuses before any handler runs:
// headers over the size limit, a malformed request line or header, a broken chunked body, a request
// that took too long to arrive. Node's own answers are a bare status with no body. The API's contract
// is a JSON envelope with a pt-BR message for every error, so such a request gets one, unless its first
// line shows a page's path: that gets the same message as plain text. The statuses are Node's.
//
// The messages are the catalogue's (lib/i18n/sections/api.ts: `apiMessages.refused`, and
// `apiMessages.internal` for the 500 of a request Next itself failed to answer): this file
// runs under plain Node, which cannot import the catalogue, and tests/unit/client-error.test.ts checks
// that both say the same.

import { isApiPath } from "./api-path.mjs";
import { API_CONTENT_SECURITY_POLICY } from "./security-headers.mjs";

/**
 * Every answer serve.mjs gives before Next sees the request.
 * @type {Record<string, { status: number; reason: string; code: string; message: string }>}
 */
export const REFUSALS = {
  headers: {
    status: 431,
    reason: "Request Header Fields Too Large",
    code: "headers_too_large",
    message: "Os cabeçalhos da requisição são grandes demais.",
  },
  chunkExtensions: {
    status: 413,
    reason: "Payload Too Large",
    code: "too_large",
    message: "O envio excede o tamanho máximo permitido.",
  },
  timeout: {
    status: 408,
    reason: "Request Timeout",
    code: "timeout",
    message: "A requisição demorou demais para chegar.",
  },
  malformed: { status: 400, reason: "Bad Request", code: "invalid_input", message: "Requisição malformada." },
  // A method outside Next's (TRACE, PROPFIND, …): Next answered a plain-text 500, or a bare 400 on /api.
  // 501, not 405: no path of the app serves it, and a 405 must list the path's own methods.
  method: {
    status: 501,
    reason: "Not Implemented",
    code: "not_implemented",
    message: "Este método não é suportado pelo servidor.",
  },
};

/** The methods Next's route handlers and pages take; any other is answered 501 by serve.mjs. */
export const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const INTERNAL = { code: "internal", message: "Erro interno. Tente novamente mais tarde." };

/**
 * The 500 of a request whose handler failed outside the route wrapper (an invariant of Next's):
 * the envelope on /api, the same message as text elsewhere.
 * @param {string} url
 * @returns {{ headers: Record<string, string>; body: Buffer }}
 */
export function internalErrorAnswer(url) {
  const api = isApiPath(url);
  const body = Buffer.from(api ? JSON.stringify({ error: INTERNAL }) : INTERNAL.message, "utf8");
  return { headers: answerHeaders(api, body.length), body };
}

function answerHeaders(api, length) {
  return {
    ...(api ? { "Content-Security-Policy": API_CONTENT_SECURITY_POLICY } : {}),
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Content-Length": String(length),
    "Cache-Control": "no-store",
  };
}

/** Which answer Node's error code calls for (the cases of Node's own socketOnError). */
export function clientErrorKind(code) {
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
 * @param {keyof typeof REFUSALS} kind
 * @param {boolean} api
 * @param {Record<string, string>} headers
 */
export function errorAnswer(kind, api, headers) {
  const { status, reason, code, message } = REFUSALS[kind];
  const body = Buffer.from(api ? JSON.stringify({ error: { code, message } }) : message, "utf8");
  return { status, reason, headers: { ...headers, ...answerHeaders(api, body.length), Connection: "close" }, body };
}

/**
 * The whole HTTP answer to what Node's parser refused, as bytes to write on the socket.
 * @param {{ code?: string; rawPacket?: Buffer }} error  what Node's parser reported
 * @param {Record<string, string>} headers  the static security headers every answer carries
 * @returns {Buffer}
 */
export function clientErrorAnswer(error, headers) {
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
 * @param {Record<string, string>} headers
 */
export function onClientError(headers) {
  return (error, socket) => {
    if (error.code !== "ECONNRESET" && socket.writable && socket.bytesWritten === 0)
      socket.write(clientErrorAnswer(error, headers));
    socket.destroy(error);
  };
}
