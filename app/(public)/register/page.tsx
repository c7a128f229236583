import Link from "next/link";
import { messages } from "@/lib/i18n/messages";
import { Logo } from "@/components/ui/logo";

// Placeholder of the sign-up wizard (issue 3 builds the steps); a public route already.
export default function RegisterPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-2 text-center">
      <Logo />
      <h1 className="text-3xl font-bold tracking-tight">{messages.register.title}</h1>
      <p className="text-muted">{messages.register.text}</p>
      <Link href="/login" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
        {messages.common.backToLogin}
      </Link>
    </main>
  );
}
