"use client";

import { lazy, Suspense } from "react";
import { useSession } from "@/components/auth/use-session";
import { ClientsScreen } from "@/components/clients/clients-screen";

// The company's home (its frame, navigation and dialogs) is fetched only on the business platform: the
// office's /home does not download it (scripts/measure-first-load.mjs).
const BusinessHome = lazy(() =>
  import("@/components/business/business-home").then((module) => ({ default: module.BusinessHome })),
);

/** /home: the client list on the accounting platform, the company's home on the business platform. */
export function HomeScreen() {
  const session = useSession();
  if (!session) return null; // the route guard is redirecting
  if (session.platform === "accounting") return <ClientsScreen />;
  return (
    <Suspense fallback={null}>
      <BusinessHome />
    </Suspense>
  );
}
