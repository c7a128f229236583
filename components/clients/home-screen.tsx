"use client";

import { useSession } from "@/components/auth/use-session";
import { BusinessHome } from "@/components/business/business-home";
import { ClientsScreen } from "./clients-screen";

/** /home: the client list on the accounting platform, the company's home on the business platform. */
export function HomeScreen() {
  const session = useSession();
  if (!session) return null; // the route guard is redirecting
  return session.platform === "accounting" ? <ClientsScreen /> : <BusinessHome />;
}
