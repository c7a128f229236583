import { DevolvedsScreen } from "@/components/business/devolveds-screen";

// Spec §2 /devolveds (business only): 'Devolvidos', the documents the office returned.
export default function DevolvedsPage() {
  return <DevolvedsScreen />;
}
