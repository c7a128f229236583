"use client";

import { useMutation } from "@tanstack/react-query";
import { ApiError } from "@/lib/api/client";
import { unsubscribe } from "@/lib/api/notifications";
import { tokenKind } from "@/lib/contract/notifications";
import { notificationsMessages } from "@/lib/i18n/sections/notifications";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { Button } from "@/components/ui/button";
import { LinkFrame, LinkMessage } from "@/components/links/link-frame";

const t = notificationsMessages;

/**
 * /descadastrar/<token>: the unsubscribe link of a notification e-mail. It says which e-mails stop and
 * asks for one click (a link scanner that opens the page changes nothing); the click calls POST
 * /api/notifications/unsubscribe, which checks the token. No login.
 */
export function UnsubscribeScreen({ token }: { token: string }) {
  const kind = tokenKind(token);
  const run = useMutation({ mutationFn: () => unsubscribe(token) });
  const refused = run.error instanceof ApiError && (run.error.status === 400 || run.error.status === 404);

  if (!kind || refused)
    return (
      <LinkFrame>
        <LinkMessage tone="error" title={t.unsubscribeUnknown} />
      </LinkFrame>
    );
  const label = t.kinds[kind];
  if (run.isSuccess)
    return (
      <LinkFrame>
        <LinkMessage tone="success" title={t.unsubscribeDone(label)} text={t.unsubscribeAgain} />
      </LinkFrame>
    );
  return (
    <LinkFrame>
      <h1 className="text-2xl font-semibold tracking-tight">{t.unsubscribeTitle}</h1>
      <p className="mt-1 text-sm text-muted">{t.unsubscribeQuestion(label)}</p>
      {run.isError ? (
        <p role="alert" className="mt-2 rounded-theme bg-danger-soft px-1.5 py-1 text-sm font-medium text-danger">
          {run.error instanceof Error ? run.error.message : validationMessages.connection}
        </p>
      ) : null}
      <Button size="lg" className="mt-3 w-full" loading={run.isPending} onClick={() => run.mutate()}>
        {t.unsubscribeConfirm}
      </Button>
    </LinkFrame>
  );
}
