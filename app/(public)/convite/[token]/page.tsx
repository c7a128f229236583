import { InviteAccept } from "@/components/links/invite-accept";
import { QueryProvider } from "@/app/query-provider";
import { decodeSegment } from "@/lib/path-segment";

// The invite link of the e-mail: open to anyone, the token is the key.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <QueryProvider>
      <InviteAccept token={decodeSegment(token)} />
    </QueryProvider>
  );
}
