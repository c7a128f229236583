import "server-only";
import type { Platform } from "@/lib/contract/operators";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import type { AccountingMembership, Actor, BusinessMembership } from "@/server/policy/actor";
import { assertCan } from "@/server/policy/permissions";

export type Membership =
  | { platform: "accounting"; membership: AccountingMembership }
  | { platform: "bussiness"; membership: BusinessMembership };

/** The platform a call acts on: the one asked for, else accounting when the caller has it (contract). */
export function resolvePlatform(actor: Actor, requested?: Platform): Platform {
  return requested ?? (actor.accounting ? "accounting" : "bussiness");
}

/** The caller's active membership on `platform`; 403 when the caller has none there. */
export function membershipOn(actor: Actor, platform: Platform): Membership {
  assertCan(actor, platform === "accounting" ? "platform.accounting" : "platform.business", null);
  if (platform === "accounting" && actor.accounting) return { platform, membership: actor.accounting };
  if (platform === "bussiness" && actor.business) return { platform, membership: actor.business };
  throw new AppError("forbidden", messages.operators.noPlatform);
}
