// Spec §6, the rank rules among the operators of ONE office or ONE client company, in one isomorphic
// module: the server's permission table (server/policy/permissions.ts) and the drawer 'Buscar operador'
// both ask these functions, so what the UI offers and what the API allows cannot drift apart again.
// Whether two operators belong to the same office or company is the caller's business (the server
// settles it with its scope builders; the UI only lists its own colleagues).

/** Lower type is more privileged. */
export const OPERATOR_TYPE = { owner: 0, admin: 1, regular: 2 } as const;

/** The acting operator: its membership id on that platform and its type. */
export type Rank = { operatorId: number; type: number };
/** The operator acted upon, of the same office or company. */
export type RankTarget = { id: number; type: number };

/** Owner or admin: may invite (the add-operator button shows for a viewer of level 1 or lower). */
export const isManager = (own: Rank) => own.type <= OPERATOR_TYPE.admin;

/** Type 0 edits the office or company data (the office/address entry of the profile drawer). */
export const isOwner = (own: Rank) => own.type === OPERATOR_TYPE.owner;

/**
 * Block/unblock, remove, grant or remove admin: a manager acting on an operator of equal or lower
 * privilege (type ≥ its own), never on itself.
 */
export const canManageOperator = (own: Rank, target: RankTarget) =>
  isManager(own) && own.type <= target.type && own.operatorId !== target.id;

/**
 * The shared-gallery switch of a client operator: the operator itself, or whoever may manage it (so a
 * client admin cannot flip the owner's).
 */
export const canToggleSharedGallery = (own: Rank, target: RankTarget) =>
  own.operatorId === target.id || canManageOperator(own, target);

/** The admin star shows for a target of type below 2. */
export const showsAdminStar = (target: RankTarget) => target.type < OPERATOR_TYPE.regular;

export type StarState = "demote" | "admin" | "promote" | null;

/**
 * The admin star as the viewer sees it: 'Remover administração', 'Administrador' (read-only) or 'Tornar
 * administrador'.
 */
export function adminStar(own: Rank, target: RankTarget): StarState {
  const manage = canManageOperator(own, target);
  if (showsAdminStar(target)) return manage && target.type === OPERATOR_TYPE.admin ? "demote" : "admin";
  return manage ? "promote" : null;
}
