import { collapsedPath, originForm, saneUrl } from "@/server/serve/sane-url";

// server/serve/sane-url.ts: what the app server hands Next for a path whose escapes do not decode.
describe("saneUrl", () => {
  test.each([
    ["/convite/abc%", "/convite/abc%25"],
    ["/api/%E0%A4%A", "/api/%25E0%25A4%25A"],
    ["/home/client/contabilization/mobile/%zz?x=%E0", "/home/client/contabilization/mobile/%25zz?x=%E0"],
    ["/api/%FF", "/api/%25FF"],
  ])("%s → %s (decodes to what was sent)", (url, sane) => {
    expect(saneUrl(url)).toBe(sane);
    const path = sane.split("?")[0];
    expect(decodeURIComponent(path)).toBe(url.split("?")[0]);
  });

  test.each(["/", "/login?x=%E0%A4%A", "/api/me/", "/convite/a%2Db", "/api/%00", "/home%20x"])(
    "%s is left as it is",
    (url) => {
      expect(saneUrl(url)).toBe(url);
    },
  );
});

// What the app server routes on: the path of an absolute-form target (Next redirected to its host).
describe("originForm", () => {
  test.each([
    ["/api/me/", "/api/me/"],
    ["/convite/abc%", "/convite/abc%25"],
    ["http://evil.example/login", "/login"],
    ["HTTPS://evil.example:8443/api/clients?x=1", "/api/clients?x=1"],
    ["http://evil.example", "/"],
    ["http://evil.example?x=1", "/?x=1"],
    ["http://evil.example/api/%E0%A4%A", "/api/%25E0%25A4%25A"],
  ])("%s → %s", (url, path) => {
    expect(originForm(url)).toBe(path);
  });

  test.each(["*", "evil.example:443", "ftp://evil.example/x", "javascript:alert(1)", "", "api/me"])(
    "%j is no target of this server",
    (url) => {
      expect(originForm(url)).toBeNull();
    },
  );
});

describe("collapsedPath", () => {
  test.each([
    ["//evil.example/login", "/evil.example/login"],
    ["/\\evil.example/", "/evil.example/"],
    ["/api//me/", "/api/me/"],
    ["///home////client?clientId=1", "/home/client?clientId=1"],
    ["/x//y?next=//evil.example", "/x/y?next=//evil.example"],
    // Node hands the target over as latin1: the bytes of "é" in UTF-8 come back as its escapes.
    ["/caf\u00c3\u00a9//x", "/caf%C3%A9/x"],
  ])("%j redirects to %j", (target, location) => {
    expect(collapsedPath(target)).toBe(location);
  });

  test.each(["/", "/login", "/api/me/", "/a?b//c", "/a%2F%2Fb", "/a%5Cb"])("%j is canonical", (target) => {
    expect(collapsedPath(target)).toBeNull();
  });
});
