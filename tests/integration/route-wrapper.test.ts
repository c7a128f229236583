// server/http/route.ts: the plumbing every API route stands on, with real PostgreSQL errors.
import { z } from "zod";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { publicRoute, route } from "@/server/http/route";
import { createUser } from "../helpers/factories";
import { call } from "../helpers/http";
import { captureLog } from "../helpers/log";

describe("route wrapper", () => {
  test("an authenticated route answers 401 with the envelope when there is no token", async () => {
    const handler = route({}, async () => ({ secret: true }));
    const res = await call(handler);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: { code: "unauthenticated", message: "Sessão expirada ou inválida. Entre novamente." },
    });
  });

  test("a unique violation (Prisma P2002) becomes 409 conflict", async () => {
    const user = await createUser();
    const handler = publicRoute({}, () => createUser({ email: user.email }));
    const res = await call(handler);
    expect(res.status).toBe(409);
    expect(res.json.error?.code).toBe("conflict");
  });

  test("a missing row (Prisma P2025) becomes 404 not_found", async () => {
    const handler = publicRoute({}, () => getDb().user.update({ where: { id: 2_000_000_000 }, data: { name: "x" } }));
    const res = await call(handler);
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ code: "not_found", message: "Não encontrado." });
  });

  test("a caller that closes the connection mid-body gets 499 and leaves no error log", async () => {
    const log = captureLog();
    const handler = publicRoute({ body: z.object({ a: z.number() }) }, async ({ body }) => body);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        controller.error(new Error("aborted"));
      },
    });
    const req = new Request("http://localhost/api/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await handler(req);
    expect(res.status).toBe(499);
    log.restore();
    expect(log.lines).toEqual([]);
  });

  test("an unexpected error is a 500 with a generic pt-BR message and a server log line", async () => {
    const log = captureLog();
    const handler = publicRoute({}, async () => {
      throw new Error("segredo interno");
    });
    const res = await call(handler, { path: "/api/boom" });
    expect(res.status).toBe(500);
    expect(res.json.error).toEqual({ code: "internal", message: "Erro interno. Tente novamente mais tarde." });
    expect(JSON.stringify(res.json)).not.toContain("segredo");
    log.restore();
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 50,
        where: "GET /api/boom",
        err: expect.objectContaining({ message: "segredo interno" }),
      }),
    ]);
  });

  test("AppError headers reach the response (Retry-After)", async () => {
    const handler = publicRoute({}, async () => {
      throw new AppError("rate_limited", "Aguarde.", { headers: { "Retry-After": "7" } });
    });
    const res = await call(handler);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
  });

  test("a streamed body over the cap without Content-Length is refused with 413", async () => {
    const handler = publicRoute({ body: z.object({ a: z.string() }), maxBytes: 1000 }, async () => ({}));
    const chunk = new TextEncoder().encode("x".repeat(600));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(chunk);
      },
    });
    const req = new Request("http://localhost/api/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    const res = await handler(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
  });

  test("money in BigInt cents serialises as text, and an empty result is {}", async () => {
    expect((await call(publicRoute({}, async () => ({ valueCents: 123456789012n })))).json).toEqual({
      data: { valueCents: "123456789012" },
    });
    expect((await call(publicRoute({}, async () => undefined))).json).toEqual({ data: {} });
  });

  test("zod field errors are pt-BR and name the field", async () => {
    const handler = publicRoute({ body: z.object({ clientId: z.number().int() }) }, async () => ({}));
    const res = await call(handler, { body: { clientId: "abc" } });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields).toEqual([
      { path: "clientId", message: expect.stringMatching(/esperava um número/) },
    ]);
  });
});
