"use client";

import { useClientContact } from "@/lib/api/clients";
import { useContact, type ContactPerson } from "@/lib/api/offices";
import { maskPhone } from "@/lib/format/masks";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { Avatar } from "@/components/ui/avatar";
import { Spinner } from "@/components/ui/spinner";

const t = profileMessages;

function ContactCard({ role, person }: { role: string; person: ContactPerson }) {
  return (
    <li className="flex items-center gap-1.5 rounded-theme bg-surface-2 p-1.5">
      <Avatar name={person.name} pictureUrl={person.photoUrl} className="size-6" />
      <div className="min-w-0 text-sm">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">{role}</p>
        <p className="truncate font-semibold">{person.name}</p>
        {person.email ? <p className="truncate text-muted">{person.email}</p> : null}
        {person.phone ? <p className="text-muted">{maskPhone(person.phone)}</p> : null}
      </div>
    </li>
  );
}

/**
 * 'Contato' (spec §2): the client's responsible operator and its office. Without `clientId`, the caller's
 * own company (business platform); with it, that client of the caller's office (accounting, a client open).
 */
export function ContactList({ enabled, clientId }: { enabled: boolean; clientId?: number }) {
  const own = useContact(enabled && clientId === undefined);
  const ofClient = useClientContact(clientId ?? null, enabled);
  const contact = clientId === undefined ? own : ofClient;
  if (contact.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {contact.error.message}
      </p>
    );
  if (!contact.data) return <Spinner className="mx-auto my-2 text-primary" />;
  return (
    <ul className="flex max-w-[304px] flex-col gap-1">
      <ContactCard role={t.contactOperator} person={contact.data.operator} />
      <ContactCard role={t.contactOffice} person={contact.data.accounting} />
    </ul>
  );
}
