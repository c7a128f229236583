import type { Platform } from "@/lib/platform";
import { findRoute, normalizePath, resolveRoute, ROUTES, type AuthState, type RouteDecision } from "@/lib/routes";

const anonymous: AuthState = { loggedIn: false, platform: null };
const accounting: AuthState = { loggedIn: true, platform: "accounting" };
const business: AuthState = { loggedIn: true, platform: "bussiness" };
const allow: RouteDecision = { allow: true };
const toLogin: RouteDecision = { redirect: "/login" };
const toHome: RouteDecision = { redirect: "/home" };

// Every route of spec §2 × every kind of visitor: [path, anonymous, accounting, business].
const table: [string, RouteDecision, RouteDecision, RouteDecision][] = [
  ["/", allow, toHome, toHome],
  ["/register", allow, toHome, toHome],
  ["/login", allow, toHome, toHome],
  ["/home", toLogin, allow, allow],
  ["/home/client", toLogin, allow, toHome],
  ["/home/client/categorization", toLogin, allow, toHome],
  ["/home/client/contabilization", toLogin, allow, toHome],
  ["/home/client/contabilization/mobile", allow, allow, allow],
  ["/home/client/contabilization/mobile/3f9a0c1d2e", allow, allow, allow],
  ["/home/client/contabilization/mobile/list", allow, allow, allow],
  ["/home/client/contabilization/mobile/history", allow, allow, allow],
  ["/createblock", toLogin, toHome, allow],
  ["/importxml", toLogin, toHome, allow],
  ["/pendencyblock", toLogin, toHome, allow],
  ["/sentblock", toLogin, toHome, allow],
  ["/devolveds", toLogin, toHome, allow],
  ["/colorlab", allow, allow, allow],
  ["/dev/outbox", allow, allow, allow],
  ["/convite", allow, allow, allow],
  ["/convite/Abc_123-xyz", allow, allow, allow],
  ["/redefinir-senha", allow, allow, allow],
  ["/redefinir-senha/Abc_123-xyz", allow, allow, allow],
  ["/descadastrar", allow, allow, allow],
  ["/descadastrar/12.digest.Abc_123-xyz", allow, allow, allow],
  ["/privacidade", allow, allow, allow],
  ["/meus-dados", allow, allow, allow],
  ["/meus-dados/Abc_123-xyz", allow, allow, allow],
  ["/convitex", toLogin, toLogin, toLogin],
  ["/redefinir-senhas/x", toLogin, toLogin, toLogin],
  ["/nope", toLogin, toLogin, toLogin],
  ["/home/unknown", toLogin, toLogin, toLogin],
  ["/home/client/other", toLogin, toLogin, toLogin],
  ["/createblock/extra", toLogin, toLogin, toLogin],
  ["/api/me", toLogin, toLogin, toLogin],
  ["/HOME", toLogin, toLogin, toLogin],
  ["/home/client/contabilization/mobilex", toLogin, toLogin, toLogin],
];

describe("resolveRoute", () => {
  describe.each(table)("%s", (path, forAnonymous, forAccounting, forBusiness) => {
    test("anonymous", () => expect(resolveRoute(path, anonymous)).toEqual(forAnonymous));
    test("accounting", () => expect(resolveRoute(path, accounting)).toEqual(forAccounting));
    test("bussiness", () => expect(resolveRoute(path, business)).toEqual(forBusiness));
  });

  test("every route of the table is covered above", () => {
    const covered = new Set(table.map(([path]) => path));
    for (const route of ROUTES) expect(covered.has(route.path)).toBe(true);
  });

  test.each<[string, AuthState]>([
    ["not-choosed with tokens", { loggedIn: true, platform: "not-choosed" }],
    ["no platform with tokens", { loggedIn: true, platform: null }],
    ["platform but no login", { loggedIn: false, platform: "accounting" }],
  ])("%s is logged out", (_, state) => {
    expect(resolveRoute("/home", state)).toEqual(toLogin);
    expect(resolveRoute("/login", state)).toEqual(allow);
    expect(resolveRoute("/createblock", state)).toEqual(toLogin);
    expect(resolveRoute("/home/client", state)).toEqual(toLogin);
  });

  test.each<[string, Platform]>([
    ["/home/", "accounting"],
    ["/home?tab=1", "accounting"],
    ["/home#top", "bussiness"],
    ["/home//", "bussiness"],
  ])("normalises %s", (path, platform) => {
    expect(resolveRoute(path, { loggedIn: true, platform })).toEqual(allow);
    expect(resolveRoute(path, anonymous)).toEqual(toLogin);
  });

  test("every redirect chain ends on an allowed page within two hops (no loops)", () => {
    for (const state of [anonymous, accounting, business]) {
      for (const [start] of table) {
        let path = start;
        for (let hop = 0; hop < 2; hop += 1) {
          const decision = resolveRoute(path, state);
          if ("redirect" in decision) path = decision.redirect;
        }
        expect(resolveRoute(path, state)).toEqual(allow);
      }
    }
  });
});

describe("normalizePath and findRoute", () => {
  test.each([
    ["", "/"],
    ["/", "/"],
    ["/login/", "/login"],
    ["login", "/login"],
    ["/a//b/", "/a/b"],
    ["/x?y=/z", "/x"],
  ])("normalizePath(%j) = %j", (input, output) => expect(normalizePath(input)).toBe(output));

  test("the mobile prefix keeps its link token path", () => {
    expect(findRoute("/home/client/contabilization/mobile/abc")?.access).toBe("open");
    expect(findRoute("/home/client/contabilization")?.access).toBe("accounting");
    expect(findRoute("/missing")).toBeNull();
  });
});
