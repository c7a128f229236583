"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useClientDetail } from "@/lib/api/clients";
import type { ClientAnswer } from "@/lib/contract/offices";
import { maskCep, maskClientCode, maskPhone } from "@/lib/format/masks";
import { clientsMessages } from "@/lib/i18n/sections/clients";
import { commonMessages } from "@/lib/i18n/sections/common";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { shellMessages } from "@/lib/i18n/sections/shell";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useDelayed } from "@/components/ui/use-delayed";
import { Dialog, DialogClose, DialogTitle } from "@/components/ui/dialog";

const t = clientsMessages;
const p = profileMessages;

export type ClientInfoDialogProps = { clientId: number; open: boolean; onOpenChange: (open: boolean) => void };

/** The read-only client dialog (spec §2): name, CNPJ or CPF, e-mail, phone, address and logo. */
export function ClientInfoDialog({ clientId, open, onOpenChange }: ClientInfoDialogProps) {
  const detail = useClientDetail(clientId, open);
  return <ClientInfoDialogView detail={detail} open={open} onOpenChange={onOpenChange} />;
}

export type ClientInfoDialogViewProps = {
  detail: UseQueryResult<ClientAnswer, Error>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The dialog around a client's data, whichever call reads it (an office's client, or the own company). */
export function ClientInfoDialogView({ detail, open, onOpenChange }: ClientInfoDialogViewProps) {
  const showSpinner = useDelayed(open && detail.isPending);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="xl" overlayClassName="data-[state=open]:animate-fade-in">
      <DialogTitle className="text-[24px] leading-tight font-bold">{t.infoTitle}</DialogTitle>
      {detail.data ? (
        <ClientInfo client={detail.data} />
      ) : detail.isError ? (
        <div role="alert" className="flex flex-col items-start gap-1 text-danger">
          <p>{detail.error.message}</p>
          <Button variant="secondary" onClick={() => void detail.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : showSpinner ? (
        <p role="status" className="flex items-center justify-center gap-1 py-3 text-muted">
          <Spinner className="size-3 text-primary" />
          {commonMessages.loading}
        </p>
      ) : (
        <div className="min-h-20" />
      )}
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{shellMessages.close}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

function Field({ label, value, wide = false }: { label: string; value: string | null; wide?: boolean }) {
  return (
    <div className={wide ? "flex min-w-0 flex-col gap-0.5 sm:col-span-2" : "flex min-w-0 flex-col gap-0.5"}>
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="min-h-5 rounded-theme bg-surface-2 px-1.5 py-1 text-[15px] break-words">
        {value ? value : <span className="text-muted">{t.notInformed}</span>}
      </dd>
    </div>
  );
}

function ClientInfo({ client }: { client: ClientAnswer }) {
  const { person, type } = client;
  const juridic = type === "juridicPerson";
  const address = person.address;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-1.5">
        <Avatar name={person.name} pictureUrl={person.pictureUrl} className="size-10 text-lg" />
        <p className="min-w-0 text-lg font-bold break-words">{person.name}</p>
      </div>
      <dl className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
        <Field label={juridic ? t.juridicName : t.individualName} value={person.name} wide />
        <Field label={juridic ? t.cnpj : t.cpf} value={person.code ? maskClientCode(type, person.code) : null} />
        <Field label={p.email} value={person.email} />
        <Field label={t.phone} value={person.phone ? maskPhone(person.phone) : null} />
      </dl>
      <section aria-labelledby={`client-address-${client.id}`} className="flex flex-col gap-1">
        <h3 id={`client-address-${client.id}`} className="text-base font-bold">
          {t.address}
        </h3>
        <dl className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
          <Field label={p.cep} value={address.cep ? maskCep(address.cep) : null} />
          <Field label={p.number} value={address.number || null} />
          <Field label={p.street} value={address.street || null} wide />
          <Field label={p.neighborhood} value={address.neighboor || null} />
          <Field label={p.city} value={address.city || null} />
          <Field label={p.state} value={address.state || null} />
        </dl>
      </section>
    </div>
  );
}
