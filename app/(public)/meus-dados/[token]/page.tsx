import { QueryProvider } from "@/app/query-provider";
import { PersonalDataLinkScreen } from "@/components/privacy/personal-data-link";
import { decodeSegment } from "@/lib/path-segment";

// The e-mailed link of 'Baixar meus dados': open to anyone, the token is the key (and works once).
export default async function PersonalDataLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <QueryProvider>
      <PersonalDataLinkScreen token={decodeSegment(token)} />
    </QueryProvider>
  );
}
