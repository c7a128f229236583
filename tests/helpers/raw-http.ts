import { request, type IncomingMessage } from "node:http";
import { connect } from "node:net";

// One request to a node:http server on loopback, the answer's bytes kept as they came (not decoded):
// for the tests of what the app server (server/serve/) writes itself (static files, compressed API answers).

export type RawAnswer = { status: number; headers: IncomingMessage["headers"]; body: Buffer };

export function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // The path as written (a URL would resolve its dot segments before sending).
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Bytes written as they are on one connection to 127.0.0.1:`port` (each part once the previous is
 * sent), for requests no HTTP client would send; resolves with every byte the server sent until it
 * closed, or until `idleMs` after its last byte (a keep-alive answer).
 */
export function rawExchange(port: number, parts: string[], idleMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let idle: NodeJS.Timeout | undefined;
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (idleMs > 0) {
        clearTimeout(idle);
        idle = setTimeout(() => socket.destroy(), idleMs);
      }
    });
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(idle);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    socket.on("connect", async () => {
      for (const part of parts) await new Promise<void>((done) => socket.write(part, () => done()));
    });
  });
}

export type ParsedAnswer = { status: number; headers: Record<string, string>; body: string };

/** A raw HTTP/1.1 answer split into status, headers (lower-case names) and body (as sent). */
export function parseRawAnswer(raw: string): ParsedAnswer {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const [statusLine, ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}
