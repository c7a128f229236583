import { MobileListPage } from "@/components/contabilization-mobile/mobile-list";

// Static segment: wins over [token] (a token is never 'list').
export default function MobileContabilizationListPage() {
  return <MobileListPage />;
}
