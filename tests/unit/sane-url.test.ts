import { saneUrl } from "@/scripts/lib/sane-url.mjs";

// scripts/lib/sane-url.mjs: what scripts/serve.mjs hands Next for a path whose escapes do not decode.
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

  test.each(["/", "/login?x=%E0%A4%A", "/api/me/", "/convite/a%2Db", "/api/%00", "/home%20x"])("%s is left as it is", (url) => {
    expect(saneUrl(url)).toBe(url);
  });
});
