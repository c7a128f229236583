import { MobileEntry } from "@/components/contabilization-mobile/mobile-entry";
import { decodeSegment } from "@/lib/path-segment";

// The QR code's address: /home/client/contabilization/mobile/<one-time link token>.
export default async function MobileContabilizationLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <MobileEntry token={decodeSegment(token)} />;
}
