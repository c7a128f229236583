"use client";

import { useId, useState } from "react";
import { messages } from "@/lib/i18n/messages";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

type Props = { id: string; open: boolean; initialEmail: string; onToggle: () => void };

/** 'Esqueceu a senha?': asks for the registered e-mail; its button only toggles the panel (spec §2: no call). */
export function RecoveryPanel({ id, open, initialEmail, onToggle }: Props) {
  const titleId = useId();
  return (
    <div id={id}>
      {open ? (
        <section aria-labelledby={titleId} className="mt-3 animate-fade-in border-t border-border pt-3">
          <h2 id={titleId} className="text-base font-semibold">
            {messages.login.forgot}
          </h2>
          <RecoveryForm initialEmail={initialEmail} onToggle={onToggle} />
        </section>
      ) : null}
    </div>
  );
}

function RecoveryForm({ initialEmail, onToggle }: { initialEmail: string; onToggle: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  return (
    <div className="mt-0.5 flex flex-col gap-2">
      <p className="text-sm text-muted">{messages.login.recoverHint}</p>
      <TextField
        label={messages.login.email}
        name="recovery-email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button variant="secondary" className="self-end" onClick={onToggle}>
        {messages.login.recover}
      </Button>
    </div>
  );
}
