"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type RefObject } from "react";
import { commonMessages } from "@/lib/i18n/sections/common";
import { landingMessages } from "@/lib/i18n/sections/landing";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { REGISTER_EMAIL_PARAM } from "@/components/register/register-param";

type CreateAccountModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLElement | null>;
};

/**
 * 'Criar conta': an e-mail and 'Continuar', disabled while the field is empty (spec §2; no format check).
 * The e-mail travels to /register in the query string and becomes 'E-mail para contato'. Loaded on the
 * first click of a trigger (create-account-dialog.tsx); focus goes back to that trigger on close.
 */
export function CreateAccountModal({ open, onOpenChange, opener }: CreateAccountModalProps) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const empty = email.trim() === "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (empty) return;
    router.push(`/register?${new URLSearchParams({ [REGISTER_EMAIL_PARAM]: email.trim() })}`);
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus({ preventScroll: true });
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-32px)] max-w-[440px] -translate-1/2 rounded-theme border border-border bg-surface p-3 shadow-2xl sm:p-4"
        >
          <Dialog.Title className="text-xl font-semibold tracking-tight">{landingMessages.dialog.title}</Dialog.Title>
          <Dialog.Description className="mt-0.5 text-sm text-muted">{landingMessages.dialog.text}</Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2">
            <TextField
              label={landingMessages.dialog.email}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <div className="mt-1 flex justify-end gap-1">
              <Dialog.Close asChild>
                <Button variant="ghost">{commonMessages.cancel}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={empty}>
                {commonMessages.continue}
              </Button>
            </div>
          </form>
          <Dialog.Close
            aria-label={landingMessages.dialog.close}
            className="absolute top-1.5 right-1.5 grid size-4 cursor-pointer place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="size-2 fill-none stroke-current"
              strokeWidth="2.2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
