"use client";

import { useSession } from "@/components/auth/use-session";
import { platformTitle } from "@/lib/platform";

/** The document title follows the platform (spec §1): 'Bloco', 'Bloco | Contabilidade', 'Bloco | Empresa'. */
export function PlatformTitle() {
  const session = useSession();
  return <title>{platformTitle(session?.loggedIn ? session.platform : null)}</title>;
}
