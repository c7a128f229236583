import { linkRenewDelay, leaseHolder, LINK_RENEW_MARGIN_MS } from "@/lib/api/contabilization";
import { ApiError, errorFromResponse } from "@/lib/api/client";
import { mobileUrl } from "@/components/contabilization/qr-panel";
import { monthOptionsFor, periodLabel, withYear, yearOptions } from "@/components/contabilization/period";

// The desktop contabilization page's pure parts: its month and year selects, when the QR's link is
// replaced, what the QR carries, and how a 409 of the lease is read.

// 15 Nov 2026, 12:00 in São Paulo
const NOW = new Date("2026-11-15T15:00:00Z");

describe("contabilization desk: month and year selects", () => {
  it("offers 2020 to the current year, newest first", () => {
    const years = yearOptions(NOW).map((option) => option.value);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2020);
    expect(years).toHaveLength(7);
  });

  it("offers the current year's months up to the current one, by name, without 'Todos'", () => {
    const months = monthOptionsFor(2026, NOW);
    expect(months.map((option) => option.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(months[2]).toEqual({ value: 3, label: "Março" });
    expect(monthOptionsFor(2025, NOW)).toHaveLength(12);
  });

  it("keeps the month when the year changes, unless it is after the current month", () => {
    expect(withYear({ year: 2025, month: 12 }, 2026, NOW)).toEqual({ year: 2026, month: 11 });
    expect(withYear({ year: 2026, month: 5 }, 2024, NOW)).toEqual({ year: 2024, month: 5 });
    expect(periodLabel({ year: 2026, month: 3 })).toBe("Março de 2026");
  });
});

describe("contabilization desk: the QR link", () => {
  it("is replaced 30 s before it expires, never sooner than a second from now", () => {
    const now = Date.parse("2026-11-15T15:00:00Z");
    expect(linkRenewDelay("2026-11-15T15:05:00Z", now)).toBe(5 * 60_000 - LINK_RENEW_MARGIN_MS);
    expect(linkRenewDelay("2026-11-15T15:00:10Z", now)).toBe(1_000);
    expect(linkRenewDelay(undefined, now)).toBe(false);
  });

  it("carries this origin, the mobile route and the token", () => {
    expect(mobileUrl("https://bloco.example", "abc_DEF-123")).toBe(
      "https://bloco.example/home/client/contabilization/mobile/abc_DEF-123",
    );
  });
});

describe("contabilization desk: a 409 of the lease", () => {
  const message = "Otto está contabilizando este cliente no momento. Aguarde até que termine para contabilizar.";

  it("names the holder from the envelope's details", () => {
    const error = errorFromResponse(409, {
      error: { code: "conflict", message, details: { holder: { name: "Otto", pictureUrl: null } } },
    });
    expect(leaseHolder(error)).toEqual({ message, holder: { name: "Otto", pictureUrl: null } });
  });

  it("is not another 409 or another error", () => {
    expect(
      leaseHolder(
        errorFromResponse(409, { error: { code: "conflict", message: "Este bloco ainda não foi categorizado" } }),
      ),
    ).toBeNull();
    expect(leaseHolder(new ApiError(404, "not_found", "x"))).toBeNull();
    expect(leaseHolder(new Error("x"))).toBeNull();
  });
});
