import "server-only";

// The authenticated caller, loaded from the database on every call (never from token claims alone):
// a blocked membership or a removed client is null here from the very next request.
export type AccountingMembership = { operatorId: number; officeId: number; type: number; hasPaymentAccess: boolean };
export type BusinessMembership = { operatorId: number; clientId: number; officeId: number; type: number };

export type Actor = {
  userId: number;
  email: string;
  name: string;
  accounting: AccountingMembership | null;
  business: BusinessMembership | null;
};

export const OPERATOR_TYPE = { owner: 0, admin: 1, regular: 2 } as const;
