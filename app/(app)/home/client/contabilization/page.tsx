import { ContabilizationPage } from "@/components/contabilization/contabilization-screen";

// Spec §2 /home/client/contabilization (accounting only): desktop contabilization of the tab's client.
export default function ContabilizationRoute() {
  return <ContabilizationPage />;
}
