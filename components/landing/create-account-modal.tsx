"use client";

import { X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type RefObject } from "react";
import { commonMessages } from "@/lib/i18n/sections/common";
import { landingMessages } from "@/lib/i18n/sections/landing";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "@/components/ui/dialog";
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      described
      overlayClassName="animate-fade-in backdrop-blur-[2px]"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        opener.current?.focus({ preventScroll: true });
      }}
      className="sm:p-4"
    >
      <DialogTitle className="text-xl font-semibold tracking-tight">{landingMessages.dialog.title}</DialogTitle>
      <DialogDescription className="mt-0.5 text-sm text-muted">{landingMessages.dialog.text}</DialogDescription>
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
          <DialogClose asChild>
            <Button variant="ghost">{commonMessages.cancel}</Button>
          </DialogClose>
          <Button type="submit" disabled={empty}>
            {commonMessages.continue}
          </Button>
        </div>
      </form>
      <DialogClose
        aria-label={landingMessages.dialog.close}
        className={
          "absolute top-1.5 right-1.5 grid size-4 cursor-pointer place-items-center rounded-full" +
          " text-muted hover:bg-surface-2 hover:text-fg"
        }
      >
        <X aria-hidden="true" className="size-2" strokeWidth={2.2} />
      </DialogClose>
    </Dialog>
  );
}
