import { tokenKind } from "@/lib/contract/notifications";
import { whatsappLink, whatsappNumber } from "@/lib/whatsapp";
import { digestWindow } from "@/server/notifications/daily-digest";
import { readUnsubscribeToken, unsubscribeToken } from "@/server/notifications/unsubscribe-token";

// The pure rules of the notifications: the unsubscribe token, the wa.me link, the digest's day.

const SECRET = "s".repeat(40);

describe("unsubscribe token", () => {
  test("reads back as its own user and kind", () => {
    const token = unsubscribeToken(42, "returned", SECRET);
    expect(token).toMatch(/^42\.returned\.[A-Za-z0-9_-]{43}$/);
    expect(readUnsubscribeToken(token, SECRET)).toEqual({ userId: 42, kind: "returned" });
    expect(tokenKind(token)).toBe("returned");
  });

  test("another kind, another user, another secret or any changed character is refused", () => {
    const token = unsubscribeToken(42, "pendency", SECRET);
    const [, , mac] = token.split(".") as [string, string, string];
    expect(readUnsubscribeToken(`42.digest.${mac}`, SECRET)).toBeNull();
    expect(readUnsubscribeToken(`43.pendency.${mac}`, SECRET)).toBeNull();
    expect(readUnsubscribeToken(token, "t".repeat(40))).toBeNull();
    for (let i = 0; i < mac.length; i += 1) {
      const changed = mac.slice(0, i) + (mac[i] === "A" ? "B" : "A") + mac.slice(i + 1);
      expect(readUnsubscribeToken(`42.pendency.${changed}`, SECRET)).toBeNull();
    }
    for (const bad of ["", "42", "42.pendency", `042.pendency.${mac}`, `4294967296.pendency.${mac}`, `${token}x`])
      expect(readUnsubscribeToken(bad, SECRET)).toBeNull();
    expect(tokenKind("1.newsletter.x")).toBeNull();
  });
});

describe("wa.me link", () => {
  test.each([
    ["11987654321", "5511987654321"],
    ["(11) 9 8765-4321", "5511987654321"],
    ["1133334444", "551133334444"],
    ["5511987654321", "5511987654321"],
    ["987654321", null],
    ["", null],
    [null, null],
  ])("%s → %s", (phone, number) => expect(whatsappNumber(phone)).toBe(number));

  test("the message is percent-encoded whole, line breaks and accents included", () => {
    const link = whatsappLink("11987654321", "Olá, Padaria & Cia!\nPendência: https://x/pendencyblock?bloco=7");
    expect(link).toBe(
      "https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Padaria%20%26%20Cia!%0APend%C3%AAncia%3A%20https%3A%2F%2Fx%2Fpendencyblock%3Fbloco%3D7",
    );
    expect(decodeURIComponent(new URL(link!).searchParams.get("text")!)).toContain("bloco=7");
    expect(whatsappLink(null, "x")).toBeNull();
  });
});

describe("digest window", () => {
  test("the São Paulo calendar day before the run, 00:00 to 24:00", () => {
    expect(digestWindow(new Date("2026-12-02T10:00:00.000Z"))).toEqual({
      day: new Date("2026-12-01T00:00:00.000Z"),
      from: new Date("2026-12-01T03:00:00.000Z"),
      to: new Date("2026-12-02T03:00:00.000Z"),
    });
    // 01:30 UTC on the 2nd is still the 1st in São Paulo: the day reported is the 30th of November
    expect(digestWindow(new Date("2026-12-02T01:30:00.000Z")).from).toEqual(new Date("2026-11-30T03:00:00.000Z"));
  });
});
