"use client";

import { useSession } from "@/components/auth/use-session";
import { HomePlaceholder } from "@/components/shell/home-placeholder";
import { ClientsScreen } from "./clients-screen";

/** /home: the client list on the accounting platform; the business home is still the placeholder. */
export function HomeScreen() {
  const session = useSession();
  if (!session) return null; // the route guard is redirecting
  return session.platform === "accounting" ? <ClientsScreen /> : <HomePlaceholder />;
}
