"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TokenAnswer } from "@/lib/contract/auth";
import { fetchInviteInfo } from "@/lib/api/links";
import { linksMessages } from "@/lib/i18n/sections/links";
import { platformsOf, type ChosenPlatform } from "@/lib/platform";
import { HOME_PATH } from "@/lib/routes";
import { browserSession } from "@/lib/session";
import { PlatformChooser } from "@/components/auth/platform-chooser";
import { Spinner } from "@/components/ui/spinner";
import { ClientRegisterForm } from "./client-register-form";
import { InviteForm } from "./invite-form";
import { LinkFrame, LinkMessage } from "./link-frame";

/**
 * /convite/<token>: who invites the visitor to what, then the account (or the existing one's password).
 * Accepting logs in exactly like /login: one platform is entered at once, two ask the same chooser.
 */
export function InviteAccept({ token }: { token: string }) {
  const router = useRouter();
  const [pending, setPending] = useState<TokenAnswer | null>(null);
  const [consumed, setConsumed] = useState(false);
  const info = useQuery({
    queryKey: ["links", "invite", token],
    queryFn: ({ signal }) => fetchInviteInfo(token, signal),
    retry: false,
    staleTime: Infinity,
  });

  function enter(answer: TokenAnswer, platform: ChosenPlatform) {
    const allowChangePlatform = platformsOf(answer).length > 1;
    browserSession.start({ tokens: { access: answer.access, refresh: answer.refresh }, platform, allowChangePlatform });
    router.replace(HOME_PATH);
  }

  function onAccepted(answer: TokenAnswer) {
    const platforms = platformsOf(answer);
    if (platforms.length === 1) enter(answer, platforms[0]);
    else setPending(answer);
  }

  if (pending) {
    return (
      <LinkFrame>
        <PlatformChooser onChoose={(platform) => enter(pending, platform)} />
      </LinkFrame>
    );
  }
  if (info.isPending) {
    return (
      <LinkFrame>
        <p role="status" className="flex items-center justify-center gap-1 py-3 text-sm text-muted">
          <Spinner className="text-primary" />
          {linksMessages.loading}
        </p>
      </LinkFrame>
    );
  }
  if (info.isError || consumed) {
    return (
      <LinkFrame>
        <LinkMessage tone="error" title={linksMessages.inviteInvalid} />
      </LinkFrame>
    );
  }
  const l = linksMessages;
  const forClient = info.data.kind === "client";
  const signup = info.data.signup === true;
  const title = forClient ? l.clientTitle : signup ? l.signupTitle : l.inviteTitle;
  const text = forClient ? l.clientText : signup ? l.signupText : l.inviteText;
  return (
    <LinkFrame wide={forClient}>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-0.5 text-sm text-muted">{text(info.data.organizationName)}</p>
      <dl className="mt-2 rounded-theme border border-border bg-surface-2 px-1.5 py-1 text-sm">
        <dt className="text-muted">{l.inviteEmail}</dt>
        <dd className="font-semibold break-all">{info.data.email}</dd>
      </dl>
      {forClient ? (
        <ClientRegisterForm
          token={token}
          info={info.data}
          onAccepted={onAccepted}
          onInvalid={() => setConsumed(true)}
        />
      ) : (
        <InviteForm token={token} info={info.data} onAccepted={onAccepted} onInvalid={() => setConsumed(true)} />
      )}
    </LinkFrame>
  );
}
