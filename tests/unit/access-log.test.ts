import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { logRequest, loggedPath, REQUEST_ID_HEADER } from "@/server/serve/access-log";
import { scopedLogger } from "@/server/log";
import { captureLog } from "@/tests/helpers/log";

// server/serve/access-log.ts: the app server's line per request, and the path as it shows it: the
// tokens of the link pages and every query stay out of the log.

describe("loggedPath", () => {
  it.each([
    ["/convite/abcDEF_123-xyz", "/convite/:token"],
    ["/redefinir-senha/abcDEF_123-xyz?email=a@b.c", "/redefinir-senha/:token"],
    ["/home/client/contabilization/mobile/abcDEF_123-xyz", "/home/client/contabilization/mobile/:token"],
    ["/home/client/contabilization/mobile/abcDEF_123-xyz?_rsc=1", "/home/client/contabilization/mobile/:token"],
    ["//convite//abcDEF_123-xyz", "/convite/:token"],
    ["/descadastrar/12.pendency.abcDEF_123-xyz", "/descadastrar/:token"],
    ["/meus-dados/abcDEF_123-xyz", "/meus-dados/:token"],
    ["/\\redefinir-senha/abcDEF_123-xyz", "/redefinir-senha/:token"],
    ["/Convite/abcDEF_123-xyz/", "/Convite/:token/"],
    ["/api/files/clients/1/a.webp?exp=1&sig=secret", "/api/files/clients/1/a.webp"],
  ])("%s is logged as %s", (target, logged) => {
    expect(loggedPath(target)).toBe(logged);
  });

  it("leaves the phone's own pages and every other path as they are", () => {
    expect(loggedPath("/home/client/contabilization/mobile/history")).toBe(
      "/home/client/contabilization/mobile/history",
    );
    expect(loggedPath("/home/client/contabilization/mobile/list?x=1")).toBe("/home/client/contabilization/mobile/list");
    expect(loggedPath("/convite")).toBe("/convite");
    expect(loggedPath("/api/block/list")).toBe("/api/block/list");
  });
});

describe("logRequest on a node:http server", () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      logRequest(req, res, scopedLogger("http"));
      seen.push(String(req.headers[REQUEST_ID_HEADER]));
      res.writeHead(req.url?.startsWith("/falha") ? 500 : 200, { "Content-Type": "text/plain" });
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("writes one line per request: id, method, path without its token, status and duration", async () => {
    const log = captureLog();
    try {
      await fetch(`${base}/convite/segredo-do-convite?token=outro-segredo`, {
        headers: { [REQUEST_ID_HEADER]: "forjado", authorization: "Bearer eyJsegredo" },
      }).then((r) => r.text());
      await fetch(`${base}/falha`, { method: "POST", body: '{"password":"segredo"}' }).then((r) => r.text());
      // the line is written when the answer ends, after the client has it
      while (log.lines.length < 2) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      log.restore();
    }
    const [page, failed] = log.lines;
    expect(page).toEqual(
      expect.objectContaining({ level: 30, scope: "http", method: "GET", path: "/convite/:token", status: 200 }),
    );
    expect(failed).toEqual(expect.objectContaining({ level: 50, method: "POST", path: "/falha", status: 500 }));
    expect(typeof page.ms).toBe("number");
    expect(page.reqId).toBe(seen[0]);
    expect(page.reqId).not.toBe("forjado");
    expect(page.reqId).not.toBe(failed.reqId);
    expect(JSON.stringify(log.lines)).not.toMatch(/segredo|eyJ/);
  });
});
