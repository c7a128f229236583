"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchOutbox, outboxKey } from "@/lib/api/dev";
import { formatDate, formatTime } from "@/lib/format/dates";
import { commonMessages } from "@/lib/i18n/sections/common";
import { devOutboxMessages } from "@/lib/i18n/sections/devOutbox";
import { Spinner } from "@/components/ui/spinner";

const t = devOutboxMessages;
const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

// Links in a message body become clickable, so an invite or reset link can be opened from here.
function Body({ text }: { text: string }) {
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm text-muted">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="font-semibold text-primary underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

// The development outbox: what the app would have e-mailed (spec-silent).
export function OutboxList() {
  const outbox = useQuery({ queryKey: outboxKey, queryFn: ({ signal }) => fetchOutbox(signal), refetchInterval: 5000 });
  return (
    <main className="mx-auto flex max-w-[800px] flex-col gap-2 p-3">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="text-sm text-muted">{t.hint}</p>
      {outbox.isPending ? <Spinner /> : null}
      {outbox.isError ? <p role="alert">{t.unavailable}</p> : null}
      {outbox.data?.length === 0 ? <p>{commonMessages.emptyList}</p> : null}
      <ul className="flex flex-col gap-2">
        {outbox.data?.map((mail) => (
          <li key={mail.id} className="rounded-theme border border-border bg-surface p-2">
            <h2 className="font-semibold">{mail.subject}</h2>
            <p className="mb-1 text-xs text-muted">
              {t.to}: {mail.to} · {formatDate(new Date(mail.createdAt))} {formatTime(new Date(mail.createdAt))} ·{" "}
              {mail.sentAt ? t.sent : t.pending}
            </p>
            <Body text={mail.text} />
          </li>
        ))}
      </ul>
    </main>
  );
}
