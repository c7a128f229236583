import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  BUSINESS_PAGES,
  cacheRule,
  isBusinessPage,
  keepable,
  OWN_CACHES,
  type RequestFacts,
} from "@/lib/pwa/cache-rules";
import { BRAND, CANVAS } from "@/lib/pwa/palette";
import { ROUTES } from "@/lib/routes";

// The app worker's rules (lib/pwa/cache-rules.ts): what it may answer from its caches and what it may keep.

const ORIGIN = "https://bloco.example";
const get = (path: string, facts: Partial<RequestFacts> = {}): RequestFacts => ({
  method: "GET",
  url: `${ORIGIN}${path}`,
  origin: ORIGIN,
  mode: "cors",
  destination: "",
  ...facts,
});
const navigate = (path: string, facts: Partial<RequestFacts> = {}) =>
  get(path, { mode: "navigate", destination: "document", ...facts });

describe("app worker: which cache may answer a request", () => {
  it("answers the business pages' navigations network first (with the kept shell as the fallback)", () => {
    for (const path of ["/home", "/createblock", "/importxml", "/pendencyblock", "/sentblock", "/devolveds"])
      expect(cacheRule(navigate(path))).toBe("business-page");
    expect(cacheRule(navigate("/home/"))).toBe("business-page");
    expect(cacheRule(navigate("/sentblock?month=3"))).toBe("business-page");
  });

  it("never answers an accounting page, a public page or a link with a token", () => {
    for (const path of [
      "/home/client",
      "/home/client/categorization",
      "/home/client/contabilization",
      "/home/client/contabilization/mobile/abc",
      "/",
      "/login",
      "/register",
      "/convite/abc",
      "/meus-dados/abc",
      "/colorlab",
      "/dev/outbox",
      "/homes",
    ])
      expect([path, cacheRule(navigate(path))]).toEqual([path, "network"]);
  });

  it("never answers /api, whatever the method or form", () => {
    for (const path of ["/api", "/api/", "/api/health", "/api/token/", "/api/block/list?x=1"]) {
      expect(cacheRule(get(path))).toBe("network");
      expect(cacheRule(navigate(path))).toBe("network");
    }
    expect(cacheRule(get("/api/block/create", { method: "POST" }))).toBe("network");
  });

  it("keeps the build's files and the icons, but nothing that is not a GET, of another origin or an RSC payload", () => {
    expect(cacheRule(get("/_next/static/chunks/abc.js", { destination: "script" }))).toBe("static");
    expect(cacheRule(get("/_next/static/chunks/abc.css", { destination: "style" }))).toBe("static");
    expect(cacheRule(get("/_next/static/media/font.woff2", { destination: "font" }))).toBe("static");
    expect(cacheRule(get("/icons/icon-192.png", { destination: "image" }))).toBe("asset");
    expect(cacheRule(get("/manifest.webmanifest", { destination: "manifest" }))).toBe("asset");
    expect(cacheRule(get("/apple-icon.png"))).toBe("asset");
    expect(cacheRule(get("/_next/static/chunks/abc.js", { method: "HEAD" }))).toBe("network");
    expect(cacheRule(get("/_next/static/chunks/abc.js", { origin: "https://other.example" }))).toBe("network");
    expect(cacheRule(get("/sentblock?_rsc=1x2y", { rsc: true }))).toBe("network");
    expect(cacheRule(get("/_next/image?url=%2Fx.png"))).toBe("network");
    expect(cacheRule(get("/serwist/sw.js"))).toBe("network");
    expect(cacheRule(get("/pagina-em-preparo.svg"))).toBe("network");
    expect(cacheRule({ ...get("/"), url: "not a url" })).toBe("network");
  });

  it("knows every business route of the route table, and /home", () => {
    const business = ROUTES.filter((route) => route.access === "business").map((route) => route.path);
    expect([...BUSINESS_PAGES].sort()).toEqual(["/home", ...business].sort());
    expect(isBusinessPage("/home/client")).toBe(false);
  });
});

describe("app worker: what may be kept", () => {
  const ok = { status: 200, type: "basic", redirected: false, cacheControl: "private, no-cache" };
  it("keeps whole same-origin answers that did not ask not to be stored", () => {
    expect(keepable(ok)).toBe(true);
    expect(keepable({ ...ok, cacheControl: null })).toBe(true);
    expect(keepable({ ...ok, cacheControl: "public, max-age=31536000, immutable" })).toBe(true);
  });
  it("keeps no error, partial, opaque or redirected answer, and nothing marked no-store", () => {
    expect(keepable({ ...ok, status: 404 })).toBe(false);
    expect(keepable({ ...ok, status: 206 })).toBe(false);
    expect(keepable({ ...ok, type: "opaque" })).toBe(false);
    expect(keepable({ ...ok, redirected: true })).toBe(false);
    expect(keepable({ ...ok, cacheControl: "private, no-store" })).toBe(false);
    expect(keepable({ ...ok, cacheControl: "no-store" })).toBe(false);
  });
  it("owns its caches under the bloco- prefix", () => {
    for (const name of OWN_CACHES) expect(name).toMatch(/^bloco-/);
  });
});

describe("installable app: colours", () => {
  const css = readFileSync(resolve(__dirname, "../../app/globals.css"), "utf8");
  const token = (block: RegExp, name: string) => {
    const body = block.exec(css)?.[1] ?? "";
    return new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, "i").exec(body)?.[1];
  };
  it("are the palette's tokens: the canvas of each theme and the brand green", () => {
    const light = /:root,\s*\.light\s*\{([^}]*)\}/;
    const dark = /\.dark\s*\{([^}]*)\}/;
    expect(token(light, "canvas")).toBe(CANVAS.light);
    expect(token(dark, "canvas")).toBe(CANVAS.dark);
    expect(token(light, "brand")).toBe(BRAND);
  });
});
