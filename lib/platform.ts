import { titlesMessages } from "@/lib/i18n/sections/titles";

// The platform value of spec §1/§4, spelt so: 'not-choosed' (or no login at all) means logged out.
export const PLATFORMS = ["not-choosed", "accounting", "bussiness"] as const;
export type Platform = (typeof PLATFORMS)[number];
export type ChosenPlatform = Exclude<Platform, "not-choosed">;

export const NOT_CHOOSED: Platform = "not-choosed";

export function isPlatform(value: unknown): value is Platform {
  return typeof value === "string" && (PLATFORMS as readonly string[]).includes(value);
}

export function isChosenPlatform(value: unknown): value is ChosenPlatform {
  return value === "accounting" || value === "bussiness";
}

/** The platforms a login answer opens, Business first (the order the chooser offers them). */
export function platformsOf(flags: { isAccouting: boolean; isBussiness: boolean }): ChosenPlatform[] {
  const platforms: ChosenPlatform[] = [];
  if (flags.isBussiness) platforms.push("bussiness");
  if (flags.isAccouting) platforms.push("accounting");
  return platforms;
}

/** changePlataform (spec §4): toggles accounting and bussiness. */
export function otherPlatform(platform: ChosenPlatform): ChosenPlatform {
  return platform === "accounting" ? "bussiness" : "accounting";
}

/** The document title for a platform (spec §1: the page title changes with the platform). */
export function platformTitle(platform: Platform | null): string {
  if (platform === "accounting") return titlesMessages.accounting;
  if (platform === "bussiness") return titlesMessages.bussiness;
  return titlesMessages.base;
}
