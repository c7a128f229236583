"use client";

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
  const target = otherPlatform(platform);

  async function change() {
    setBusy(true);
    try {
      // The device flips to the other platform once the server agreed (a refusal leaves everything as is);
      // the answer's platform is the user's last one on the server, which another device may have moved.
      // lib/api/operators is fetched on the click: every logged-in page shows this switch, none needs it sooner.
      const { requestPlatformSwitch } = await import("@/lib/api/operators");
      await requestPlatformSwitch();
      browserSession.setPlatform(target);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
      router.push(HOME_PATH);
    } catch {
      // nothing changed; the button is usable again
    } finally {
      setBusy(false);
    }
  }

  return (
    // The name holds the words shown from md up ('Ir para Empresa'): a label that differs from the visible
    // text fails speech input ("click Ir para Empresa") and axe's label-content-name-mismatch.
    <Button
      variant="secondary"
      onClick={change}
      loading={busy}
      aria-label={`${shellMessages.switchPlatform}: ${shellMessages.switchTo(target)}`}
      title={shellMessages.switchPlatform}
    >
      <svg viewBox="0 0 24 24" className="size-2.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M7 7h12l-3-3M17 17H5l3 3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="hidden md:inline">{shellMessages.switchTo(target)}</span>
    </Button>
  );
}
