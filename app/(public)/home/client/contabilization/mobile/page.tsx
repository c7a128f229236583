import { MobileHome } from "@/components/contabilization-mobile/mobile-entry";

// After the link's exchange (the address no longer carries it), or back from the list or history:
// the session in memory, or 'scan again' (a reload).
export default function MobileContabilizationPage() {
  return <MobileHome />;
}
