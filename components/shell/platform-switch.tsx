"use client";

import { ArrowRightLeft } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { shellMessages } from "@/lib/i18n/sections/shell";
import { HOME_PATH } from "@/lib/routes";
import { browserSession } from "@/lib/session";
import { otherPlatform, type ChosenPlatform } from "@/lib/platform";
import { Button } from "@/components/ui/button";

/** Shown only when the allow-change flag is set (spec §6): PATCH the user, flip the stored platform, go home. */
export function PlatformSwitch({ platform }: { platform: ChosenPlatform }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const target = otherPlatform(platform);

  async function change() {
    setBusy(true);
    setFailure(null);
    try {
      // The device flips to the other platform once the server agreed (a refusal leaves everything as is);
      // the answer's platform is the user's last one on the server, which another device may have moved.
      // lib/api/operators is fetched on the click: every logged-in page shows this switch, none needs it sooner.
      const { requestPlatformSwitch } = await import("@/lib/api/operators");
      await requestPlatformSwitch();
      browserSession.setPlatform(target);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
      router.push(HOME_PATH);
    } catch (error) {
      // nothing changed; the button is usable again, and the server's (or the connection's) message says why
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="relative">
      {/* The name holds the words shown from md up ('Ir para Empresa'): a label that differs from the visible
          text fails speech input ("click Ir para Empresa") and axe's label-content-name-mismatch. */}
      <Button
        variant="secondary"
        onClick={change}
        loading={busy}
        aria-label={`${shellMessages.switchPlatform}: ${shellMessages.switchTo(target)}`}
        title={shellMessages.switchPlatform}
      >
        <ArrowRightLeft aria-hidden="true" className="size-2.5" />
        <span className="hidden md:inline">{shellMessages.switchTo(target)}</span>
      </Button>
      {/* A refused or failed switch says why under the header, until the next try. */}
      {failure ? (
        <span
          role="alert"
          className={
            "absolute top-full right-0 mt-1 w-max max-w-[16rem] rounded-theme border border-border" +
            " bg-surface px-1 py-0.5 text-xs text-danger shadow-lg"
          }
        >
          {failure}
        </span>
      ) : null}
    </span>
  );
}
