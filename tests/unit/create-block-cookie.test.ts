import { notShowAgainCookie, readNotShowAgain } from "@/components/create-block/not-show-again";

describe("'Nao mostrar novamente' (cookie notShowAgainNextDialog)", () => {
  test("read among other cookies", () => {
    expect(readNotShowAgain("")).toBe(false);
    expect(readNotShowAgain("a=1; notShowAgainNextDialog=true; b=2")).toBe(true);
    expect(readNotShowAgain("notShowAgainNextDialog=true")).toBe(true);
    expect(readNotShowAgain("notShowAgainNextDialog=false")).toBe(false);
    expect(readNotShowAgain("xnotShowAgainNextDialog=true")).toBe(false);
  });

  test("written for the whole site, a year, same-site", () => {
    const cookie = notShowAgainCookie();
    expect(cookie.startsWith("notShowAgainNextDialog=true;")).toBe(true);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(readNotShowAgain(cookie.split(";")[0])).toBe(true);
  });
});
