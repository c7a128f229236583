import { SentBlocksScreen } from "@/components/business/sent-blocks-screen";

// Spec §2 /sentblock (business only): 'Blocos enviados'.
export default function SentBlockPage() {
  return <SentBlocksScreen />;
}
