"use client";

import { Download, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { logout } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/client";
import { useEraseOwnAccount, useRequestPersonalData } from "@/lib/api/privacy";
import { privacyMessages as t } from "@/lib/i18n/sections/privacy";
import { AppLink } from "@/components/ui/app-link";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/text-field";
import { KEEP_PANEL_ATTRIBUTE } from "@/components/profile/expandable-panel";

/**
 * 'Meus dados' (the profile drawer): 'Baixar meus dados' asks for the ZIP (a job mails a one-time link),
 * 'Excluir minha conta' erases the caller's personal data after the password and a confirmation; the
 * device then logs out (every session already ended on the server).
 */
export function PersonalDataPanel() {
  const request = useRequestPersonalData();
  const erase = useEraseOwnAccount();
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState("");
  const [confirming, setConfirming] = useState(false);
  const passwordError =
    erase.error instanceof ApiError ? erase.error.fields.find((f) => f.path === "password")?.message : undefined;
  const eraseError = erase.error && !passwordError ? erase.error.message : null;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (password) setConfirming(true);
  };
  const confirm = () =>
    erase.mutate(password, {
      onSuccess: () => void logout(),
      onSettled: () => setConfirming(false),
    });

  return (
    <div className="flex flex-col gap-1.5" data-testid="personal-data">
      <p className="text-sm text-muted">
        {t.personalText}{" "}
        <AppLink href="/privacidade" className="text-primary underline underline-offset-4">
          {t.pageMore}
        </AppLink>
      </p>
      <div aria-live="polite" className="text-sm empty:hidden">
        {request.isError ? (
          <span role="alert" className="text-danger">
            {request.error.message}
          </span>
        ) : request.isSuccess ? (
          <span role="status">{t.downloadRequested(request.data.email)}</span>
        ) : null}
      </div>
      <Button
        variant="secondary"
        className="self-start"
        loading={request.isPending}
        disabled={request.isSuccess}
        onClick={() => request.mutate()}
      >
        <Download aria-hidden="true" className="size-2" />
        {t.downloadData}
      </Button>
      {deleting ? (
        <form noValidate onSubmit={ask} className="flex flex-col gap-1 rounded-theme border border-danger/40 p-1.5">
          <h4 className="text-sm font-semibold text-danger">{t.deleteAccount}</h4>
          <p className="text-sm">{t.deleteAccountText}</p>
          <TextField
            compact
            type="password"
            label={t.deleteAccountPassword}
            value={password}
            onValueChange={(value) => (setPassword(value), erase.reset())}
            error={passwordError}
            autoComplete="current-password"
          />
          {eraseError ? (
            <p role="alert" className="text-sm text-danger">
              {eraseError}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-1">
            <Button variant="secondary" onClick={() => (setDeleting(false), setPassword(""), erase.reset())}>
              {t.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={!password} loading={erase.isPending}>
              {t.deleteAccountButton}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="ghost" className="self-start text-danger" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" className="size-2" />
          {t.deleteAccount}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        text={t.deleteAccountConfirm}
        tone="danger"
        loading={erase.isPending}
        onConfirm={confirm}
        marks={{ [KEEP_PANEL_ATTRIBUTE]: "" }}
      />
    </div>
  );
}
