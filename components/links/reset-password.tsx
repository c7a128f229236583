"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/client";
import { checkResetLink, resetPassword } from "@/lib/api/links";
import { linksMessages } from "@/lib/i18n/sections/links";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { LinkFrame, LinkMessage } from "./link-frame";
import { PasswordFields, passwordPairError, type PasswordPair } from "./password-fields";

type Outcome = "form" | "done" | "invalid";

/**
 * /redefinir-senha/<token>: a new password typed twice. The link is checked when the page opens
 * (POST /api/password/reset/check, read-only): a used, expired or malformed one says so at once; the
 * reset checks it again when it consumes it.
 */
export function ResetPassword({ token }: { token: string }) {
  const [pair, setPair] = useState<PasswordPair>({ password: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>("form");
  const check = useQuery({
    queryKey: ["links", "reset", token],
    queryFn: ({ signal }) => checkResetLink(token, signal),
    retry: false,
    staleTime: Infinity,
  });
  // Only a refusal of the link itself (404 used or expired, 400 malformed) ends the page here: a failed
  // connection leaves the form, and the reset says what it finds.
  const refused = check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 400);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problem = passwordPairError(pair);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await resetPassword(token, pair.password);
      setOutcome("done");
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setOutcome("invalid");
      else setError(failure instanceof Error ? failure.message : validationMessages.connection);
      setSaving(false);
    }
  }

  if (outcome === "done")
    return (
      <LinkFrame>
        <LinkMessage tone="success" title={linksMessages.resetDone} />
      </LinkFrame>
    );
  if (check.isPending && outcome === "form") {
    return (
      <LinkFrame>
        <p role="status" className="flex items-center justify-center gap-1 py-3 text-sm text-muted">
          <Spinner className="text-primary" />
          {linksMessages.loading}
        </p>
      </LinkFrame>
    );
  }
  if (outcome === "invalid" || refused)
    return (
      <LinkFrame>
        <LinkMessage tone="error" title={linksMessages.resetInvalid} />
      </LinkFrame>
    );
  return (
    <LinkFrame>
      <h1 className="text-2xl font-semibold tracking-tight">{linksMessages.resetTitle}</h1>
      <p className="mt-0.5 text-sm text-muted">{linksMessages.resetText}</p>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2">
        <PasswordFields
          label={linksMessages.newPassword}
          value={pair}
          error={error}
          readOnly={saving}
          onChange={(value) => {
            setPair(value);
            setError(null);
          }}
        />
        <Button
          type="submit"
          size="lg"
          className="mt-1"
          loading={saving}
          disabled={pair.password === "" || pair.confirm === ""}
        >
          {linksMessages.resetSubmit}
        </Button>
      </form>
    </LinkFrame>
  );
}
