"use client";

import { useId, useState, type FormEvent } from "react";
import { requestPasswordReset } from "@/lib/api/links";
import { linksMessages } from "@/lib/i18n/sections/links";
import { loginMessages } from "@/lib/i18n/sections/login";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { isValidEmail } from "@/lib/validation";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

type Props = { id: string; open: boolean; initialEmail: string };

/**
 * 'Esqueceu a senha?': asks for the registered e-mail. The spec shows no call; a real
 * reset link is sent, so 'Recuperar senha' posts /api/password/forgot and shows one neutral confirmation
 * whatever the answer (no account enumeration).
 */
export function RecoveryPanel({ id, open, initialEmail }: Props) {
  const titleId = useId();
  return (
    <div id={id}>
      {open ? (
        <section aria-labelledby={titleId} className="mt-3 animate-fade-in border-t border-border pt-3">
          <h2 id={titleId} className="text-base font-semibold">
            {loginMessages.forgot}
          </h2>
          <RecoveryForm initialEmail={initialEmail} />
        </section>
      ) : null}
    </div>
  );
}

function RecoveryForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    // Nothing to send, or nothing that could be an address: say what to do instead of closing silently.
    if (email.trim() === "") return setError(loginMessages.recoverEmpty);
    if (!isValidEmail(email.trim())) return setError(validationMessages.email);
    setSending(true);
    // Failures are not shown either: the same neutral sentence never tells whether the e-mail exists.
    await requestPasswordReset(email.trim()).catch(() => undefined);
    setSending(false);
    setSent(true);
  }

  if (sent) {
    return (
      <p role="status" className="mt-1 rounded-theme bg-primary-soft px-1.5 py-1 text-sm text-fg">
        {linksMessages.forgotSent}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="mt-0.5 flex flex-col gap-2">
      <p className="text-sm text-muted">{loginMessages.recoverHint}</p>
      <TextField
        label={loginMessages.email}
        name="recovery-email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(event) => (setEmail(event.target.value), setError(undefined))}
      />
      <Button type="submit" variant="secondary" className="self-end" loading={sending}>
        {loginMessages.recover}
      </Button>
    </form>
  );
}
