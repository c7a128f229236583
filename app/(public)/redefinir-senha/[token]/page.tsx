import { ResetPassword } from "@/components/links/reset-password";
import { QueryProvider } from "@/app/query-provider";
import { decodeSegment } from "@/lib/path-segment";

// The password-reset link of the e-mail: open to anyone, the token is the key.
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <QueryProvider>
      <ResetPassword token={decodeSegment(token)} />
    </QueryProvider>
  );
}
