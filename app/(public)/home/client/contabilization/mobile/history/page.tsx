import { MobileHistoryPage } from "@/components/contabilization-mobile/mobile-history";

// Static segment: wins over [token] (a token is never 'history').
export default function MobileContabilizationHistoryPage() {
  return <MobileHistoryPage />;
}
