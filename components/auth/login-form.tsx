"use client";

import { CircleAlert } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import type { TokenAnswer } from "@/lib/contract/auth";
import { requestLogin } from "@/lib/api/auth";
import { CLIENT_REMOVED_REASON, loginErrorMessage } from "@/lib/api/login-error";
import { takeLogoutReason } from "@/lib/logout-reason";
import { PASSWORD_MIN } from "@/lib/constants";
import { loginMessages } from "@/lib/i18n/sections/login";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { isValidEmail } from "@/lib/validation";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { RecoveryPanel } from "./recovery-panel";

// "email": the e-mail's own shape error, shown on that field; the others in the alert under both fields.
type Failure = { message: string; fields: "email" | "password" | "both" };

/** E-mail and Senha, 'Recuperar senha' and 'Entrar' (spec §2 Login, §5, §8). */
export function LoginForm({ onAuthenticated }: { onAuthenticated: (answer: TokenAnswer) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const errorId = useId();

  // A session ended because the office removed the user's company: the screen says so (read after mount:
  // the tab's storage is not there when the page is rendered on the server).
  useEffect(() => {
    if (takeLogoutReason() !== CLIENT_REMOVED_REASON) return;
    queueMicrotask(() => setFailure({ message: validationMessages.clientRemoved, fields: "both" }));
  }, []);
  const recoveryId = useId();

  const empty = email.trim() === "" || password === "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (empty || submitting) return;
    if (!isValidEmail(email.trim())) {
      setFailure({ message: validationMessages.email, fields: "email" });
      return; // spec §5: a standard address shape, checked before any call
    }
    if (password.length < PASSWORD_MIN) {
      setFailure({ message: validationMessages.password, fields: "password" });
      return; // spec §5: no login call
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await requestLogin({ username: email.trim(), password });
      onAuthenticated(answer);
    } catch (error) {
      setFailure({ message: loginErrorMessage(error), fields: "both" });
      setSubmitting(false);
    }
  }

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setFailure(null); // errors clear on typing
  };

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{loginMessages.heading}</h1>
      <p className="mt-0.5 text-sm text-muted">{loginMessages.subheading}</p>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2">
        <TextField
          label={loginMessages.email}
          name="username"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          readOnly={submitting}
          onChange={(event) => edit(setEmail)(event.target.value)}
          invalid={failure?.fields === "both"}
          error={failure?.fields === "email" ? failure.message : undefined}
          errorId={errorId}
        />
        <TextField
          label={loginMessages.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          readOnly={submitting}
          onChange={(event) => edit(setPassword)(event.target.value)}
          invalid={failure !== null && failure.fields !== "email"}
          errorId={errorId}
        />
        {failure && failure.fields !== "email" ? (
          <p
            id={errorId}
            role="alert"
            className="flex items-start gap-1 rounded-theme bg-danger-soft px-1.5 py-1 text-sm text-danger"
          >
            <CircleAlert aria-hidden="true" className="mt-px size-2 shrink-0" strokeWidth={2.4} />
            {failure.message}
          </p>
        ) : null}
        <div className="mt-1 flex items-center justify-between gap-2">
          <Button
            variant="link"
            aria-expanded={recoveryOpen}
            aria-controls={recoveryId}
            onClick={() => setRecoveryOpen((open) => !open)}
          >
            {loginMessages.recover}
          </Button>
          <Button type="submit" size="lg" className="min-w-16" disabled={empty} loading={submitting}>
            {loginMessages.submit}
          </Button>
        </div>
      </form>
      <RecoveryPanel id={recoveryId} open={recoveryOpen} initialEmail={email} />
    </div>
  );
}
