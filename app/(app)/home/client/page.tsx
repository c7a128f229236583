import { ClientDetailPage } from "@/components/client-detail/client-detail-screen";

// Spec §2 /home/client (accounting only): the client comes from this tab's state, never from the path.
export default function ClientPage() {
  return <ClientDetailPage />;
}
