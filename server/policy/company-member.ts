import "server-only";
import { messages } from "@/lib/i18n/messages";
import { businessCaller } from "./business-caller";
import type { Actor, BusinessMembership } from "./actor";
import { assertCan } from "./permissions";

/**
 * The caller's company membership for a write of the business platform that needs the right `action`:
 * anyone without one (an accounting operator, a user whose company membership is blocked) is refused
 * with 403 'Esta ação é da plataforma da empresa.'. Also the upload routes' guard, so an accountant's
 * upload is refused unread.
 */
export function companyMember(actor: Actor, action: "block.send" | "pendency.solve"): BusinessMembership {
  assertCan(actor, action, null, messages.business.api.clientOnly);
  return businessCaller(actor);
}
