import "server-only";
import { messages } from "@/lib/i18n/messages";
import { AppError } from "@/server/errors";
import type { Actor, BusinessMembership } from "./actor";
import { can } from "./permissions";

/**
 * The caller's company membership, for the calls of the business platform only (right
 * `platform.business`): an accounting operator, or a user whose company membership is blocked, is
 * refused with 403 'Esta ação é da plataforma da empresa.'. The membership was loaded with the actor
 * (blocked ones and removed companies are null), so no query is needed here.
 */
export function businessCaller(actor: Actor): BusinessMembership {
  if (!actor.business || !can(actor, "platform.business", null))
    throw new AppError("forbidden", messages.business.api.clientOnly);
  return actor.business;
}
