"use client";

import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { api } from "@/lib/api/api";
import { ApiError } from "@/lib/api/client";
import { saveFile } from "@/lib/api/exports";
import { privacyMessages as t } from "@/lib/i18n/sections/privacy";
import { validationMessages } from "@/lib/i18n/sections/validation";
import { Button } from "@/components/ui/button";
import { LinkFrame, LinkMessage } from "@/components/links/link-frame";

/**
 * /meus-dados/<token>: the one-time link of 'Baixar meus dados'. A click downloads the ZIP (POST
 * /api/user/data/download spends the link), so a mail scanner that opens the page spends nothing.
 */
export function PersonalDataLinkScreen({ token }: { token: string }) {
  const run = useMutation({
    mutationFn: () => api.download("/api/user/data/download", { token }, { auth: false }),
    onSuccess: (file) => saveFile(file),
  });
  const refused = run.error instanceof ApiError && (run.error.status === 400 || run.error.status === 404);
  if (refused)
    return (
      <LinkFrame>
        <LinkMessage tone="error" title={t.linkInvalid} />
      </LinkFrame>
    );
  if (run.isSuccess)
    return (
      <LinkFrame>
        <LinkMessage tone="success" title={t.linkDone} />
      </LinkFrame>
    );
  return (
    <LinkFrame>
      <h1 className="text-2xl font-semibold tracking-tight">{t.linkTitle}</h1>
      <p className="mt-1 text-sm text-muted">{t.linkText}</p>
      {run.isError ? (
        <p role="alert" className="mt-2 rounded-theme bg-danger-soft px-1.5 py-1 text-sm font-medium text-danger">
          {run.error instanceof Error ? run.error.message : validationMessages.connection}
        </p>
      ) : null}
      <Button size="lg" className="mt-3 w-full" loading={run.isPending} onClick={() => run.mutate()}>
        <Download aria-hidden="true" className="size-2" />
        {t.linkDownload}
      </Button>
    </LinkFrame>
  );
}
