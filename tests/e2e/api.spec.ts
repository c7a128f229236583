import { parseRawAnswer, rawExchange } from "@/tests/helpers/raw-http";
import { expect, test } from "./support/data";

// The contract at the HTTP level, through Next's real router: trailing slash or not, never a
// redirect; the envelope on every answer; unknown API paths answer the JSON 404.
const login = { username: "dono@escritorio.demo", password: "demo1234" };

test.describe("[api] token contract over HTTP", () => {
  for (const path of ["/api/token/", "/api/token"]) {
    test(`POST ${path} logs in without a redirect`, async ({ request }) => {
      const res = await request.post(path, { data: login, maxRedirects: 0 });
      expect(res.status()).toBe(200);
      const body = await res.json();
      expect(body.data).toEqual({
        access: expect.any(String),
        refresh: expect.any(String),
        isAccouting: true,
        isBussiness: false,
      });
    });
  }

  test("refresh and me answer with and without the slash", async ({ request }) => {
    const { data } = await (await request.post("/api/token/", { data: login })).json();
    const first = await request.post("/api/token/refresh", { data: { refresh: data.refresh }, maxRedirects: 0 });
    expect(first.status()).toBe(200);
    const rotated = (await first.json()).data;
    const second = await request.post("/api/token/refresh/", { data: { refresh: rotated.refresh }, maxRedirects: 0 });
    expect(second.status()).toBe(200);
    for (const path of ["/api/me/", "/api/me"]) {
      const me = await request.get(path, { headers: { authorization: `Bearer ${rotated.access}` }, maxRedirects: 0 });
      expect(me.status()).toBe(200);
      expect((await me.json()).data.email).toBe("dono@escritorio.demo");
    }
  });

  test("wrong password is 401 and a blocked user 400, with pt-BR messages", async ({ request, people }) => {
    // failures count towards the account's login limit: people of the test's own
    const team = await people.accountingTeam();
    const wrong = await request.post("/api/token/", { data: { username: team.operator.email, password: "errada1" } });
    expect(wrong.status()).toBe(401);
    expect((await wrong.json()).error).toEqual({ code: "invalid_credentials", message: "Usuário ou senha incorretos" });
    const blocked = await request.post("/api/token/", { data: { username: team.blocked.email, password: "demo1234" } });
    expect(blocked.status()).toBe(400);
    expect((await blocked.json()).error.message).toBe("Seu acesso foi bloqueado");
  });

  test("malformed JSON is 400 with the envelope", async ({ request }) => {
    const res = await request.post("/api/token/", { data: "{nope", headers: { "content-type": "application/json" } });
    expect(res.status()).toBe(400);
    expect((await res.json()).error.code).toBe("invalid_input");
  });

  test("unknown API paths answer the JSON 404", async ({ request }) => {
    const res = await request.get("/api/nao-existe", { maxRedirects: 0 });
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Não encontrado." } });
  });

  // Next answered these with a plain-text 500 before server/serve/sane-url.ts.
  test("paths whose escapes do not decode answer the JSON 404 too, never a 500", async ({ request }) => {
    for (const path of ["/api/%E0%A4%A", "/api/block/%zz", "/api/token/abc%"]) {
      for (const res of [await request.get(path), await request.post(path, { data: {} })]) {
        expect(res.status(), path).toBe(404);
        expect(await res.json(), path).toEqual({ error: { code: "not_found", message: "Não encontrado." } });
      }
    }
  });

  // Node's HTTP parser refuses these before any handler runs; its own answer was a bare 431 with no body.
  test("headers over the limit answer 431 with the pt-BR envelope", async ({ request }) => {
    const res = await request.get("/api/clients", { headers: { "x-padding": "a".repeat(20_000) } });
    expect(res.status()).toBe(431);
    expect(res.headers()["content-type"]).toBe("application/json");
    expect(await res.json()).toEqual({
      error: { code: "headers_too_large", message: "Os cabeçalhos da requisição são grandes demais." },
    });
  });

  // Requests no browser sends to an origin server, written on the socket as they are.
  test("an absolute-form target is routed on its path, never redirected to its host", async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    const api = parseRawAnswer(
      await rawExchange(port, [
        "GET http://evil.example/api/nao-existe HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
      ]),
    );
    expect(api.status).toBe(404);
    expect(api.headers["location"]).toBeUndefined();
    expect(api.headers["content-type"]).toContain("application/json");
    const page = parseRawAnswer(
      await rawExchange(port, [
        "GET http://evil.example/login HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
      ]),
    );
    expect(page.status).toBe(200);
    expect(page.headers["location"]).toBeUndefined();
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  // Next answered these with a 308 whose body echoed the path, with no Content-Type and no security headers.
  test("a path with repeated slashes or a backslash is redirected to its canonical form with the security headers", async ({
    baseURL,
  }) => {
    const port = Number(new URL(baseURL!).port);
    for (const [target, location] of [
      ["//evil.example/login?x=1", "/evil.example/login?x=1"],
      ["/\\evil.example/", "/evil.example/"],
      ["/api//me/", "/api/me/"],
    ]) {
      const answer = parseRawAnswer(
        await rawExchange(port, [`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]),
      );
      expect(answer.status, target).toBe(308);
      expect(answer.headers["location"], target).toBe(location);
      expect(answer.headers["content-type"], target).toBe("text/plain; charset=utf-8");
      expect(answer.headers["x-content-type-options"], target).toBe("nosniff");
      expect(answer.headers["content-security-policy"], target).toContain("frame-ancestors 'none'");
    }
  });

  test("OPTIONS * answers 204 with Allow; an HTTP/1.1 request without Host answers 400 with the envelope", async ({
    baseURL,
  }) => {
    const port = Number(new URL(baseURL!).port);
    const options = parseRawAnswer(
      await rawExchange(port, ["OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]),
    );
    expect(options.status).toBe(204);
    expect(options.headers["allow"]).toContain("GET");
    const noHost = parseRawAnswer(await rawExchange(port, ["GET /api/health HTTP/1.1\r\n\r\n"]));
    expect(noHost.status).toBe(400);
    expect(JSON.parse(noHost.body)).toEqual({ error: { code: "invalid_input", message: "Requisição malformada." } });
    expect(noHost.headers["x-content-type-options"]).toBe("nosniff");
  });

  // Next answered TRACE with a plain-text 500, and PROPFIND on /api with a bare 400.
  test("a method no route serves answers 501 with the envelope on /api and as text on a page", async ({ request }) => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const api = await request.fetch("/api/me/", { method });
      expect(api.status(), method).toBe(501);
      expect(await api.json(), method).toEqual({
        error: { code: "not_implemented", message: "Este método não é suportado pelo servidor." },
      });
      const page = await request.fetch("/login", { method });
      expect(page.status(), method).toBe(501);
      expect(await page.text(), method).toBe("Este método não é suportado pelo servidor.");
    }
  });

  test("health and security headers", async ({ request }) => {
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ data: { status: "ok", database: "ok" } });
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["x-powered-by"]).toBeUndefined();
  });
});
