import { InviteAccept } from "@/components/links/invite-accept";

// The invite link of the e-mail (issue 3): open to anyone, the token is the key.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <InviteAccept token={decodeURIComponent(token)} />;
}
