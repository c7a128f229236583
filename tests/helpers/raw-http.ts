import { request, type IncomingMessage } from "node:http";

// One request to a node:http server on loopback, the answer's bytes kept as they came (not decoded):
// for the tests of what scripts/serve.mjs writes itself (static files, compressed API answers).

export type RawAnswer = { status: number; headers: IncomingMessage["headers"]; body: Buffer };

export function rawRequest(port: number, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
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
