import type { Operator } from "@/lib/api/operators";
import type { Rank } from "@/lib/permissions/operators";

// Who may do what in 'Buscar operador' is lib/permissions/operators, the functions the server's
// permission table asks too; this file keeps only what the drawer alone needs.

/** The viewer of the list: its operator id and type on the drawer's platform. */
export type Viewer = Rank;

/** Sorted by type, then name (spec §2). */
export function sortOperators(list: Operator[]): Operator[] {
  return [...list].sort((a, b) => a.type - b.type || a.name.localeCompare(b.name, "pt-BR"));
}
