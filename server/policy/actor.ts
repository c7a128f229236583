import "server-only";
import { OPERATOR_TYPE } from "@/lib/permissions/operators";

// The authenticated caller, loaded from the database on every call (never from token claims alone):
// a blocked membership or a removed client is null here from the very next request.
export type AccountingMembership = { operatorId: number; officeId: number; type: number; hasPaymentAccess: boolean };
export type BusinessMembership = { operatorId: number; clientId: number; officeId: number; type: number };

/** Display data every screen needs (header name and avatar, office or client name): loaded with the
 * actor in the same query, so answering "who am I" costs no second round trip. */
export type ActorProfile = {
  code: string | null;
  phone: string | null;
  pictureKey: string | null;
  officeName: string | null;
  clientName: string | null;
  clientType: "juridicPerson" | "individual" | null;
};

export type Actor = {
  userId: number;
  email: string;
  name: string;
  profile: ActorProfile;
  accounting: AccountingMembership | null;
  business: BusinessMembership | null;
};

// The operator types live with the rank rules in lib/permissions/operators (shared with the UI);
// re-exported here for the server modules that read them beside the actor.
export { OPERATOR_TYPE };
