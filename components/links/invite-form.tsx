"use client";

import { useState, type FormEvent } from "react";
import type { TokenAnswer } from "@/lib/contract/auth";
import { ApiError } from "@/lib/api/client";
import { acceptInvite, type InviteInfo } from "@/lib/api/links";
import { PASSWORD_MIN } from "@/lib/constants";
import { linksMessages } from "@/lib/i18n/sections/links";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { PasswordFields, passwordPairError, type PasswordPair } from "./password-fields";

type Props = {
  token: string;
  info: InviteInfo;
  onAccepted: (answer: TokenAnswer) => void;
  /** The token stopped working between the info call and the submit (used elsewhere, expired). */
  onInvalid: () => void;
};

/** New user: Nome, Senha and its confirmation. Existing user: only the current Senha, which proves the e-mail. */
export function InviteForm({ token, info, onAccepted, onInvalid }: Props) {
  const [name, setName] = useState("");
  const [pair, setPair] = useState<PasswordPair>({ password: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // An office's owner following its sign-up link: only the new password, twice (the name is known).
  const signup = info.signup === true;

  function check(): boolean {
    if (signup) {
      const problem = passwordPairError(pair);
      setError(problem);
      return problem === null;
    }
    if (info.userExists) {
      const problem = pair.password.length < PASSWORD_MIN ? validationMessages.password : null;
      setError(problem);
      return problem === null;
    }
    const missingName = name.trim() === "" ? validationMessages.empty : null;
    const problem = passwordPairError(pair);
    setNameError(missingName);
    setError(problem);
    return missingName === null && problem === null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !check()) return;
    setSaving(true);
    try {
      onAccepted(
        await acceptInvite({
          token,
          name: info.userExists || signup ? undefined : name.trim(),
          password: pair.password,
        }),
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) onInvalid();
      else setError(failure instanceof Error ? failure.message : validationMessages.connection);
      setSaving(false);
    }
  }

  const edit = (apply: () => void) => {
    apply();
    setError(null);
    setNameError(null);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2">
      {signup ? (
        <PasswordFields
          label={linksMessages.password}
          value={pair}
          error={error}
          readOnly={saving}
          onChange={(value) => edit(() => setPair(value))}
        />
      ) : info.userExists ? (
        <>
          <p className="rounded-theme bg-surface-2 px-1.5 py-1 text-sm text-muted">{linksMessages.inviteExisting}</p>
          <TextField
            label={linksMessages.password}
            name="password"
            type="password"
            autoComplete="current-password"
            value={pair.password}
            readOnly={saving}
            error={error ?? undefined}
            onChange={(event) => edit(() => setPair({ password: event.target.value, confirm: event.target.value }))}
          />
        </>
      ) : (
        <>
          <TextField
            label={linksMessages.name}
            name="name"
            autoComplete="name"
            value={name}
            readOnly={saving}
            error={nameError ?? undefined}
            onChange={(event) => edit(() => setName(event.target.value))}
          />
          <PasswordFields
            label={linksMessages.password}
            value={pair}
            error={error}
            readOnly={saving}
            onChange={(value) => edit(() => setPair(value))}
          />
        </>
      )}
      <Button type="submit" size="lg" className="mt-1" loading={saving} disabled={pair.password === ""}>
        {signup ? linksMessages.signupSubmit : linksMessages.accept}
      </Button>
    </form>
  );
}
