import type { Operator } from "@/lib/api/operators";

// Spec §6 as the drawer shows it (the server enforces the same rules): lower type = more privilege.
export type Viewer = { operatorId: number; type: number };

/** The plus button of 'Operadores' shows for a viewer of level 1 or lower. */
export const canInvite = (viewer: Viewer) => viewer.type <= 1;

/** Bloquear/Desbloquear and Excluir: an admin acting on an operator of equal or lower privilege, never itself. */
export const canManage = (viewer: Viewer, item: Operator) =>
  viewer.type <= 1 && viewer.type <= item.type && viewer.operatorId !== item.id;

export type StarState = "demote" | "admin" | "promote" | null;

/** The admin star: 'Remover administração', 'Administrador' (read-only) or 'Tornar administrador'. */
export function starOf(viewer: Viewer, item: Operator): StarState {
  const manage = canManage(viewer, item);
  if (item.type < 2) return manage && item.type === 1 ? "demote" : "admin";
  return manage ? "promote" : null;
}

/** The shared-gallery switch (client side): the operator itself or a client admin may flip it. */
export const canShare = (viewer: Viewer, item: Operator) => viewer.operatorId === item.id || canManage(viewer, item);

/** Sorted by type, then name (spec §2). */
export function sortOperators(list: Operator[]): Operator[] {
  return [...list].sort((a, b) => a.type - b.type || a.name.localeCompare(b.name, "pt-BR"));
}
