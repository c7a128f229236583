import { ResetPassword } from "@/components/links/reset-password";
import { decodeSegment } from "@/lib/path-segment";

// The password-reset link of the e-mail (issue 3): open to anyone, the token is the key.
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <ResetPassword token={decodeSegment(token)} />;
}
