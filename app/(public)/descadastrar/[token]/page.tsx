import { QueryProvider } from "@/app/query-provider";
import { UnsubscribeScreen } from "@/components/notifications/unsubscribe-screen";
import { decodeSegment } from "@/lib/path-segment";

// A notification e-mail's unsubscribe link: open to anyone, the token is the key.
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <QueryProvider>
      <UnsubscribeScreen token={decodeSegment(token)} />
    </QueryProvider>
  );
}
