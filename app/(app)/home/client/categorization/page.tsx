import { CategorizationPage } from "@/components/categorization/categorization-screen";

// Spec §2 /home/client/categorization (accounting only): full screen; the client comes from this tab's state.
export default function ClientCategorizationPage() {
  return <CategorizationPage />;
}
